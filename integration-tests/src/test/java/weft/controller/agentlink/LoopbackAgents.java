package weft.controller.agentlink;

import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.BooleanSupplier;
import weft.agent.WeftAgent;
import weft.agent.datapath.DataPathConfig;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.VoqReport;

/**
 * Host agents on loopback addresses (127.0.0.x) registered with one agent registry, for the agent-link tests:
 * start one, wait for a condition, read a VOQ's rate, close everything the test made.
 */
final class LoopbackAgents {
    private LoopbackAgents() {
    }

    /**
     * Starts the agent of {@code host} at {@code ip}, its data path on {@code dataPort} (the port every agent of the
     * test shares) and {@code localPort}, registering with the registry on 127.0.0.1:{@code controllerPort}.
     *
     * @param sslOrNull the client TLS context, or null for plain TCP
     */
    static WeftAgent start(String host, String ip, int dataPort, int localPort, int controllerPort,
                           SslContext sslOrNull, String token) throws Exception {
        DataPathConfig config = DataPathConfig.defaults(InetAddress.getByName(ip)).withPorts(dataPort, localPort);
        return new WeftAgent(config, new InetSocketAddress("127.0.0.1", controllerPort), sslOrNull,
                new ControlMessage.Register(host, ip, null, dataPort, null, token), null).start();
    }

    /** The rate of {@code a}'s VOQ to {@code dst} in bit/s, -1 when it has none. */
    static long rate(WeftAgent a, String dst) {
        List<VoqReport> r = a.dataPath().report().join();
        return r.stream().filter(v -> v.dst().equals(dst)).mapToLong(VoqReport::bitsPerSecond).findFirst().orElse(-1);
    }

    /** Polls {@code condition} every 50 ms; fails naming {@code what} after 20 s. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("timed out after 20 s waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    /** Closes each of {@code closeables} that is not null, in order. */
    static void closeAll(AutoCloseable... closeables) {
        for (AutoCloseable c : closeables) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}

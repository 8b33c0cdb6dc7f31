package weft.controller.agentlink;

import io.netty.handler.ssl.SslContext;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.BooleanSupplier;
import weft.agent.WeftAgent;
import weft.agent.datapath.DataPathConfig;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.VoqReport;

/**
 * Host agents on loopback addresses (127.0.0.x) registered with one agent registry, for the agent-link tests: every
 * port is chosen by the system (the agents share one data port, as the registry's rates carry it; each local API
 * binds port 0); start agents, wait for a condition, read a VOQ's rate, close everything the test made.
 */
final class LoopbackAgents {
    private final String token;
    private final int dataPort;

    /** Agents that register with {@code token} and share a data port free on every loopback address. */
    LoopbackAgents(String token) throws IOException {
        this.token = token;
        try (DatagramSocket s = new DatagramSocket(0)) {
            this.dataPort = s.getLocalPort();
        }
    }

    /** Starts the agent of {@code host} at {@code ip}, registering with the registry on 127.0.0.1:{@code port}. */
    WeftAgent start(String host, String ip, int port) throws Exception {
        return start(host, ip, port, null);
    }

    /** As {@link #start(String, String, int)} over TLS with the client context {@code ssl}. */
    WeftAgent start(String host, String ip, int port, SslContext ssl) throws Exception {
        DataPathConfig config = DataPathConfig.defaults(InetAddress.getByName(ip)).withPorts(dataPort, 0);
        return new WeftAgent(config, new InetSocketAddress("127.0.0.1", port), ssl,
                new ControlMessage.Register(host, ip, null, dataPort, null, token), null).start();
    }

    /** Waits until every one of {@code hosts} is registered with {@code server}. */
    static void awaitRegistered(AgentLinkServer server, String... hosts) throws InterruptedException {
        await(String.join(" and ", hosts) + " to register", () -> server.connectedHosts().containsAll(List.of(hosts)));
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

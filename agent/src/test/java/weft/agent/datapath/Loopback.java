package weft.agent.datapath;

import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.DatagramSocket;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/** Ports and waits for data-path tests on loopback: the system picks every port, nothing sleeps blindly. */
final class Loopback {
    private Loopback() {
    }

    /**
     * A UDP port free on every loopback address. Agents address each other's data sockets at one shared port (the
     * controller's rates carry it), so two agents on 127.0.0.1 and 127.0.0.2 need the same number; the system picks
     * it by binding the wildcard address to port 0.
     */
    static int freeUdpPort() throws IOException {
        try (DatagramSocket s = new DatagramSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Closes the data paths that were started (null for one that was not) and then their event loops. */
    static void close(EventLoopGroup group, DataPath... paths) {
        for (DataPath p : paths) {
            if (p != null) {
                p.close();
            }
        }
        group.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Waits until {@code condition} holds, checking every 10 ms, or fails naming {@code what}. */
    static void await(String what, Duration timeout, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + timeout + " for " + what);
            }
            Thread.sleep(10);
        }
    }
}

package weft.controller.tls;

import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The front of a listener's pipeline (the OpenFlow listener, the REST API): every accepted connection counts
 * against a bound on the connections open at once, handshaking or not, until it closes; one past the bound is closed
 * at once (logged once per 1,000 refusals, so a flood of connections cannot flood the log). An admitted connection's
 * pipeline starts with the TLS handler when the listener has a TLS context.
 */
public final class ConnectionGate {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionGate.class);

    private final String listener;
    private final int maxConnections;
    private final SslContext sslOrNull;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong refused = new AtomicLong();

    /**
     * @param listener       the listener's name in log lines, e.g. {@code "OpenFlow"}
     * @param maxConnections connections open at once
     * @param sslOrNull      the listener's TLS context, or null for plain TCP
     */
    public ConnectionGate(String listener, int maxConnections, SslContext sslOrNull) {
        this.listener = listener;
        this.maxConnections = maxConnections;
        this.sslOrNull = sslOrNull;
    }

    /**
     * Admits {@code ch} (counted until it closes, its pipeline starting with TLS when configured), or closes it
     * when the bound is reached.
     *
     * @return whether {@code ch} was admitted; the caller adds the rest of the pipeline only then
     */
    public boolean admit(SocketChannel ch) {
        if (open.incrementAndGet() > maxConnections) {
            open.decrementAndGet();
            if (refused.getAndIncrement() % 1000 == 0) {
                LOG.warn("{}: {} connections open, the limit; closing {} (and later ones, logged every 1000)",
                        listener, maxConnections, ch.remoteAddress());
            }
            ch.close();
            return false;
        }
        ch.closeFuture().addListener(f -> open.decrementAndGet());
        if (sslOrNull != null) {
            ch.pipeline().addLast("tls", sslOrNull.newHandler(ch.alloc()));
        }
        return true;
    }

    /** Connections open now. */
    public int open() {
        return open.get();
    }
}

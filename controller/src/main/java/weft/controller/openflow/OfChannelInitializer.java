package weft.controller.openflow;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pipeline of every switch connection, in this order: TLS (when configured), framing and parsing
 * ({@link OfFrameDecoder}), encoding ({@link OfMessageEncoder}), the {@link SwitchSession}.
 */
public final class OfChannelInitializer extends ChannelInitializer<SocketChannel> {
    private static final OfMessageEncoder ENCODER = new OfMessageEncoder();

    private static final Logger LOG = LoggerFactory.getLogger(OfChannelInitializer.class);

    private final SslContext ssl;
    private final SessionConfig config;
    private final SwitchListener listener;
    private final int maxConnections;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong refused = new AtomicLong();

    /**
     * @param ssl            server TLS context, or null for plain TCP
     * @param config         session timers
     * @param listener       receives every session's events
     * @param maxConnections connections open at once, handshaking or not; more are closed on accept
     */
    public OfChannelInitializer(SslContext ssl, SessionConfig config, SwitchListener listener, int maxConnections) {
        this.ssl = ssl;
        this.config = config;
        this.listener = listener;
        this.maxConnections = maxConnections;
    }

    /** Connections open now. */
    int open() {
        return open.get();
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        if (open.incrementAndGet() > maxConnections) {
            open.decrementAndGet();
            if (refused.getAndIncrement() % 1000 == 0) {
                LOG.warn("OpenFlow: {} connections open, the limit; closing {} (and later ones, logged every 1000)",
                        maxConnections, ch.remoteAddress());
            }
            ch.close();
            return;
        }
        ch.closeFuture().addListener(f -> open.decrementAndGet());
        ChannelPipeline p = ch.pipeline();
        if (ssl != null) {
            p.addLast("tls", ssl.newHandler(ch.alloc()));
        }
        p.addLast("frames", new OfFrameDecoder());
        p.addLast("encoder", ENCODER);
        p.addLast("session", new SwitchSession(config, listener));
    }
}

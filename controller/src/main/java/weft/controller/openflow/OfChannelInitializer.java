package weft.controller.openflow;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;

/**
 * The pipeline of every switch connection, in this order: TLS (when configured), framing and parsing
 * ({@link OfFrameDecoder}), encoding ({@link OfMessageEncoder}), the {@link SwitchSession}.
 */
public final class OfChannelInitializer extends ChannelInitializer<SocketChannel> {
    private static final OfMessageEncoder ENCODER = new OfMessageEncoder();

    private final SslContext ssl;
    private final SessionConfig config;
    private final SwitchListener listener;

    /**
     * @param ssl      server TLS context, or null for plain TCP
     * @param config   session timers
     * @param listener receives every session's events
     */
    public OfChannelInitializer(SslContext ssl, SessionConfig config, SwitchListener listener) {
        this.ssl = ssl;
        this.config = config;
        this.listener = listener;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        ChannelPipeline p = ch.pipeline();
        if (ssl != null) {
            p.addLast("tls", ssl.newHandler(ch.alloc()));
        }
        p.addLast("frames", new OfFrameDecoder());
        p.addLast("encoder", ENCODER);
        p.addLast("session", new SwitchSession(config, listener));
    }
}

package weft.controller.openflow;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import weft.controller.tls.ConnectionGate;

/**
 * The pipeline of every switch connection admitted by the listener's {@link ConnectionGate}, in this order: TLS
 * (when configured), framing and parsing
 * ({@link OfFrameDecoder}), encoding ({@link OfMessageEncoder}), the {@link SwitchSession}.
 */
public final class OfChannelInitializer extends ChannelInitializer<SocketChannel> {
    private static final OfMessageEncoder ENCODER = new OfMessageEncoder();

    private final ConnectionGate gate;
    private final SessionConfig config;
    private final SwitchListener listener;

    /**
     * @param ssl            server TLS context, or null for plain TCP
     * @param config         session timers
     * @param listener       receives every session's events
     * @param maxConnections connections open at once, handshaking or not; more are closed on accept
     */
    public OfChannelInitializer(SslContext ssl, SessionConfig config, SwitchListener listener, int maxConnections) {
        this.gate = new ConnectionGate("OpenFlow", maxConnections, ssl);
        this.config = config;
        this.listener = listener;
    }

    /** Connections open now. */
    int open() {
        return gate.open();
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        if (!gate.admit(ch)) {
            return;
        }
        ChannelPipeline p = ch.pipeline();
        p.addLast("frames", new OfFrameDecoder());
        p.addLast("encoder", ENCODER);
        p.addLast("session", new SwitchSession(config, listener));
    }
}

package weft.controller.openflow;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.net.InetSocketAddress;
import javax.net.ssl.SSLException;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The OpenFlow listener: accepts switch connections on one address, plain TCP or TLS, and gives each a
 * {@link SwitchSession} reporting to one {@link SwitchListener}.
 */
public final class OfServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OfServer.class);

    private final EventLoopGroup boss = new NioEventLoopGroup(1);
    private final EventLoopGroup workers = new NioEventLoopGroup(2);
    private final Channel serverChannel;

    private OfServer(InetSocketAddress listen, SslContext ssl, SessionConfig config, SwitchListener listener) {
        warmUp();
        try {
            serverChannel = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new OfChannelInitializer(ssl, config, listener))
                    .bind(listen).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            boss.shutdownGracefully();
            workers.shutdownGracefully();
            throw new OpenFlowException("cannot listen for OpenFlow on " + listen + ": " + e.getMessage());
        }
        LOG.info("OpenFlow 1.3 listening on {}{}", serverChannel.localAddress(), ssl == null ? "" : " (TLS)");
    }

    /** Listens on plain TCP. Port 0 picks a free port; see {@link #port()}. */
    public static OfServer plain(InetSocketAddress listen, SessionConfig config, SwitchListener listener) {
        return new OfServer(listen, null, config, listener);
    }

    /**
     * Listens with TLS, presenting the given PEM certificate chain and PKCS#8 PEM private key (as OVS's
     * {@code ovs-vsctl set-ssl} expects of a controller).
     */
    public static OfServer tls(InetSocketAddress listen, File certChain, File privateKey, SessionConfig config,
                               SwitchListener listener) {
        SslContext ssl;
        try {
            ssl = SslContextBuilder.forServer(certChain, privateKey).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new OpenFlowException("TLS: cannot load certificate " + certChain + " / key " + privateKey
                    + ": " + e.getMessage());
        }
        return new OfServer(listen, ssl, config, listener);
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /**
     * Loads openflowj's classes once: the first HELLO-to-FEATURES_REPLY on a cold JVM took about 460 ms, later ones
     * about 1 ms (docs/sources.md §5).
     */
    private static void warmUp() {
        OFFactories.getFactory(OFVersion.OF_13).buildFlowAdd().build();
        OFFactories.getGenericReader();
    }

    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
        boss.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }
}

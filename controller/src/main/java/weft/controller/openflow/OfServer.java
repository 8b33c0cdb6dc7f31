package weft.controller.openflow;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import java.io.File;
import java.net.InetSocketAddress;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.tls.TlsContexts;
import weft.controller.tls.TlsException;
import weft.controller.tls.TlsFiles;

/**
 * The OpenFlow listener: accepts switch connections on one address, plain TCP or TLS, and gives each a
 * {@link SwitchSession} reporting to one {@link SwitchListener}.
 */
public final class OfServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OfServer.class);

    /**
     * Unread bytes per switch at which its session stops reading from it (high, 1 MiB) and resumes (low,
     * 256 KiB). A larger transaction is still written whole; the switch drains it while nothing more is read.
     */
    public static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(256 << 10, 1 << 20);

    /**
     * Switch connections open at once, handshaking or not (a connection that never finishes its handshake holds
     * its place for the handshake timeout): far above any fabric one controller programs.
     */
    public static final int MAX_CONNECTIONS = 4096;

    private final EventLoopGroup boss = new NioEventLoopGroup(1);
    private final EventLoopGroup workers = new NioEventLoopGroup(2);
    private final Channel serverChannel;
    private final OfChannelInitializer connections;

    private OfServer(InetSocketAddress listen, SslContext ssl, boolean switchCertificates, SessionConfig config,
                     SwitchListener listener, int maxConnections) {
        connections = new OfChannelInitializer(ssl, config, listener, maxConnections);
        warmUp();
        try {
            serverChannel = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
                    .childHandler(connections)
                    .bind(listen).syncUninterruptibly().channel();
        } catch (Exception e) {
            // Netty rethrows the bind's checked exception (BindException: address in use) undeclared.
            boss.shutdownGracefully();
            workers.shutdownGracefully();
            throw new OpenFlowException("cannot listen for OpenFlow on " + listen.getHostString() + ":"
                    + listen.getPort() + ": " + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getMessage()));
        }
        LOG.info("OpenFlow 1.3 listening on {}{}", serverChannel.localAddress(), ssl == null ? ""
                : switchCertificates ? " (TLS, switch certificates required)" : " (TLS)");
    }

    /** Listens on plain TCP. Port 0 picks a free port; see {@link #port()}. */
    public static OfServer plain(InetSocketAddress listen, SessionConfig config, SwitchListener listener) {
        return plain(listen, config, listener, MAX_CONNECTIONS);
    }

    /** Listens on plain TCP with another connection limit. */
    static OfServer plain(InetSocketAddress listen, SessionConfig config, SwitchListener listener,
                          int maxConnections) {
        return new OfServer(listen, null, false, config, listener, maxConnections);
    }

    /** Connections open now. */
    public int openConnections() {
        return connections.open();
    }

    /**
     * Listens with TLS, presenting the given PEM certificate chain and PKCS#8 PEM private key (as OVS's
     * {@code ovs-vsctl set-ssl} expects of a controller); no switch certificate is asked for.
     */
    public static OfServer tls(InetSocketAddress listen, File certChain, File privateKey, SessionConfig config,
                               SwitchListener listener) {
        return tls(listen, TlsFiles.server("--tls", certChain.toPath(), privateKey.toPath(), null), config,
                listener);
    }

    /**
     * Listens with TLS ({@link TlsContexts#server}): with a CA every switch must present a certificate it signed
     * (OpenFlow 1.3.5 §6.3.3, mutual authentication; OVS presents the one of {@code ovs-vsctl set-ssl}).
     *
     * @throws OpenFlowException naming the files when they cannot be used (a key that does not match its
     *                           certificate among them), or the address when it cannot be bound
     */
    public static OfServer tls(InetSocketAddress listen, TlsFiles files, SessionConfig config,
                               SwitchListener listener) {
        SslContext ssl;
        try {
            ssl = TlsContexts.server(files, ClientAuth.REQUIRE);
        } catch (TlsException e) {
            throw new OpenFlowException("TLS: " + e.getMessage());
        }
        return new OfServer(listen, ssl, files.caOrNull() != null, config, listener, MAX_CONNECTIONS);
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

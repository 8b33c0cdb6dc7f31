package weft.controller.rest;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import weft.controller.tls.ConnectionGate;

/**
 * The HTTP server of the REST API, on Netty: non-blocking connections on two event-loop threads, endpoints on a
 * bounded worker pool, and every input bounded ({@link HttpLimits}): request line 4 KiB, headers 8 KiB, body
 * {@code maxBodyBytes} (413 above, never buffered), each request complete within {@code requestTimeout} of its
 * first byte (408), idle connections closed, at most {@code maxConnections} open. Optional TLS; authentication on
 * the request headers before the body is read ({@link AuthGate}).
 *
 * <p>Pipeline, in order: TLS, {@link ConnectionTimeouts}, {@link HttpServerCodec}, {@link AuthGate},
 * {@link BodyLimit}, {@link Dispatcher}.
 */
public final class RestServer implements AutoCloseable {
    private static final int MAX_INITIAL_LINE = 4096;
    private static final int MAX_HEADERS = 8192;
    /** Failed authentications an address may make at once, and how fast that allowance refills. */
    private static final int AUTH_BURST = 5;
    private static final long AUTH_REFILL_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Event streams open at once (each holds a connection and a subscription). */
    static final int MAX_STREAMS = 32;

    private final EventLoopGroup boss = new NioEventLoopGroup(1);
    private final EventLoopGroup loops = new NioEventLoopGroup(2);
    private final ThreadPoolExecutor workers;
    private final Channel serverChannel;
    private final ConnectionGate connections;
    private final AtomicInteger streams = new AtomicInteger();

    /**
     * Binds and serves.
     *
     * @param address    listen address (port 0 picks one)
     * @param sslOrNull  server TLS context, or null for plain HTTP
     * @param auth       who may call what
     * @param limits     the bounds
     * @param router     the endpoints
     * @throws IllegalArgumentException naming the address when it cannot be bound
     */
    public RestServer(InetSocketAddress address, SslContext sslOrNull, RestAuth auth, HttpLimits limits,
                      RestRouter router) {
        this(address, sslOrNull, auth, limits, router, new SimpleMeterRegistry());
    }

    /**
     * Binds and serves, counting requests by method and status ({@code weft_rest_requests_total}) and refused
     * authentications ({@code weft_rest_auth_failures_total}) in {@code meters}.
     */
    public RestServer(InetSocketAddress address, SslContext sslOrNull, RestAuth auth, HttpLimits limits,
                      RestRouter router, MeterRegistry meters) {
        AtomicInteger n = new AtomicInteger();
        workers = new ThreadPoolExecutor(limits.workers(), limits.workers(), 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(limits.queue()), r -> {
                    Thread t = new Thread(r, "weft-rest-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        AuthFailures failures = new AuthFailures(AUTH_BURST, AUTH_REFILL_NANOS, 4096);
        connections = new ConnectionGate("REST", limits.maxConnections(), sslOrNull);
        Gauge.builder("weft.rest.connections", connections, ConnectionGate::open).description("Open REST connections")
                .register(meters);
        Counter.builder("weft.rest.auth.failures").description("REST requests refused for missing or wrong "
                + "credentials").register(meters);
        try {
            serverChannel = new ServerBootstrap().group(boss, loops).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (!connections.admit(ch)) {
                                return;
                            }
                            ChannelPipeline p = ch.pipeline();
                            ConnectionTimeouts timeouts = new ConnectionTimeouts(limits);
                            AuthGate gate = new AuthGate(router, auth, failures, System::nanoTime, meters);
                            p.addLast("timeouts", timeouts);
                            p.addLast("http", new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADERS, 8192));
                            p.addLast("auth", gate);
                            p.addLast("body", new BodyLimit(limits.maxBodyBytes()));
                            p.addLast("dispatch", new Dispatcher(router, workers, timeouts, gate, meters, streams,
                                    MAX_STREAMS));
                        }
                    }).bind(address).syncUninterruptibly().channel();
        } catch (Exception e) {
            close();
            throw new IllegalArgumentException("cannot listen on " + address.getHostString() + ":"
                    + address.getPort() + ": " + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getMessage()), e);
        }
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Connections open now. */
    public int openConnections() {
        return connections.open();
    }

    @Override
    public void close() {
        if (serverChannel != null) {
            serverChannel.close().syncUninterruptibly();
        }
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownNow();
    }
}

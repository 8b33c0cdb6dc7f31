package weft.agent.control;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.agent.datapath.Transport;
import weft.model.protocol.ControlLineCodec;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.Printable;
import weft.model.protocol.VoqReport;

/**
 * Keeps one session to the controller (the master, when several are named: {@link ControllerAddresses}):
 * connects, registers, applies the rates it is sent, reports VOQ counters
 * every {@code reportMillis}, reports its flows ({@link ActiveFlows}) within {@value #FLOW_CHECK_MS} ms of a
 * destination appearing or ending and with every report, and reconnects with exponential back-off (100 ms doubling
 * to 5 s, reset after a successful registration) when the session ends. The data path keeps its last rates while
 * disconnected.
 */
public final class ControlClient implements AutoCloseable {
    /** Where the controller's rates go and where the reports come from (the agent). */
    public interface Rates {
        void apply(boolean replace, java.util.List<DestinationRate> rates);

        java.util.concurrent.CompletableFuture<java.util.List<VoqReport>> report();

        /** The controller reserves its critical resources (CRP): its rules, and the address the session reached. */
        default void reservations(ControlMessage.Crp rules, InetSocketAddress controller) {
        }

        /** An answer to a reserve ({@code grant}, {@code retry}, {@code refused}) or a {@code revoke}. */
        default void reservation(ControlMessage answer) {
        }

        /** The session ended (requests in flight will not be answered). */
        default void sessionLost() {
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(ControlClient.class);
    /** Encodes only (stateless); each session decodes with its own codec. */
    private static final ControlLineCodec ENCODER = new ControlLineCodec();
    private static final long MIN_BACKOFF_MS = 100;
    private static final long MAX_BACKOFF_MS = 5_000;
    /** How often the VOQs are read for new or ended flows. */
    static final long FLOW_CHECK_MS = 100;
    /** A destination whose VOQ neither holds nor sends data for this long has no flow any more. */
    static final long FLOW_IDLE_MS = 2_000;

    private final EventLoopGroup group;
    private final Transport transport;
    private final ControllerAddresses controllers;
    private volatile InetSocketAddress controller;
    private final SslContext sslOrNull;
    private final ControlMessage.Register register;
    private final Rates dataPath;
    private final long reportMillis;
    private volatile boolean closed;
    private volatile Channel channel;
    private volatile boolean registered;
    private final ActiveFlows flows = new ActiveFlows(FLOW_IDLE_MS * 1_000_000L);
    private long backoffMs = MIN_BACKOFF_MS;

    public ControlClient(EventLoopGroup group, Transport transport, InetSocketAddress controller, SslContext sslOrNull,
                         ControlMessage.Register register, Rates dataPath, long reportMillis) {
        this(group, transport, new ControllerAddresses(java.util.List.of(controller)), sslOrNull, register, dataPath,
                reportMillis);
    }

    /** As above, for a cluster of controllers: the session goes to whichever is master. */
    public ControlClient(EventLoopGroup group, Transport transport, ControllerAddresses controllers,
                         SslContext sslOrNull, ControlMessage.Register register, Rates dataPath, long reportMillis) {
        this.group = group;
        this.transport = transport;
        this.controllers = controllers;
        this.controller = controllers.current();
        this.sslOrNull = sslOrNull;
        this.register = register;
        this.dataPath = dataPath;
        this.reportMillis = reportMillis;
    }

    public ControlClient start() {
        connect();
        group.scheduleAtFixedRate(this::report, reportMillis, reportMillis, TimeUnit.MILLISECONDS);
        group.scheduleAtFixedRate(this::checkFlows, FLOW_CHECK_MS, FLOW_CHECK_MS, TimeUnit.MILLISECONDS);
        return this;
    }

    /** Whether a registered session is up. */
    public boolean registered() {
        return registered;
    }

    private void connect() {
        if (closed) {
            return;
        }
        InetSocketAddress target = controllers.current();
        InetSocketAddress to = target.isUnresolved() ? new InetSocketAddress(target.getHostString(), target.getPort())
                : target;
        controller = target;
        new Bootstrap().group(group).channel(transport.socket())
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 2_000).option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (sslOrNull != null) {
                            ch.pipeline().addLast(sslOrNull.newHandler(ch.alloc(), controller.getHostString(),
                                    controller.getPort()));
                        }
                        ch.pipeline().addLast(new Session());
                    }
                })
                .connect(to).addListener((ChannelFuture f) -> {
                    if (!f.isSuccess()) {
                        controllers.next();
                        retry("connect to " + ControllerAddresses.show(target) + " failed: " + f.cause().getMessage());
                    } else {
                        f.channel().closeFuture().addListener(c -> {
                            registered = false;
                            dataPath.sessionLost();
                            if (controllers.current().equals(target)) {
                                controllers.next();
                            }
                            retry("session to " + ControllerAddresses.show(target) + " closed");
                        });
                    }
                });
    }

    private void retry(String why) {
        if (closed) {
            return;
        }
        long delay = backoffMs;
        backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs * 2);
        LOG.info("{}; keeping the last rates, reconnecting in {} ms", why, delay);
        group.schedule(this::connect, delay, TimeUnit.MILLISECONDS);
    }

    private void report() {
        Channel ch = channel;
        if (ch != null && registered) {
            dataPath.report().thenAccept(voqs -> group.execute(() -> {
                flows.update(voqs, System.nanoTime());
                write(ch, new ControlMessage.Report(register.host(), voqs));
                write(ch, flows.message(register.host()));
            }));
        }
    }

    /** Sends {@code flows} as soon as a destination appears or ends (on the control loop, like {@link #report}). */
    private void checkFlows() {
        Channel ch = channel;
        if (ch != null && registered) {
            dataPath.report().thenAccept(voqs -> group.execute(() -> {
                if (flows.update(voqs, System.nanoTime())) {
                    write(ch, flows.message(register.host()));
                }
            }));
        }
    }

    /**
     * Sends {@code m} on the registered session (from any thread); dropped while there is none, as its answer could
     * not come back.
     */
    public void send(ControlMessage m) {
        Channel ch = channel;
        if (ch != null && registered) {
            group.execute(() -> write(ch, m));
        }
    }

    /** Writes {@code m} as one control line. */
    static ChannelFuture write(Channel ch, ControlMessage m) {
        return ch.writeAndFlush(ch.alloc().buffer().writeBytes(ENCODER.encode(m)));
    }

    /**
     * The session: bytes through the model's {@link ControlLineCodec} (a malformed line from the controller is
     * answered with an error and skipped), each message handled on the control loop.
     */
    private final class Session extends SimpleChannelInboundHandler<ByteBuf> {
        private final ControlLineCodec codec = new ControlLineCodec();

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            channel = ctx.channel();
            write(ctx.channel(), register);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf in) {
            codec.decode(in.nioBuffer(), m -> onMessage(ctx, m),
                    problem -> write(ctx.channel(), new ControlMessage.Error(problem)));
        }

        private void onMessage(ChannelHandlerContext ctx, ControlMessage msg) {
            if (msg instanceof ControlMessage.Registered r) {
                registered = true;
                backoffMs = MIN_BACKOFF_MS;
                LOG.info("registered as {} with {} (session {})", Printable.of(r.host()),
                        ControllerAddresses.show(controller), r.session());
                report();
            } else if (msg instanceof ControlMessage.Rates r) {
                dataPath.apply(r.replace(), r.rates());
            } else if (msg instanceof ControlMessage.Crp c) {
                LOG.info("controller {} reserves its critical resources (CRP): {}",
                        ControllerAddresses.show(controller), c);
                dataPath.reservations(c, controller);
            } else if (msg instanceof ControlMessage.Grant || msg instanceof ControlMessage.Retry
                    || msg instanceof ControlMessage.Refused || msg instanceof ControlMessage.Revoke) {
                dataPath.reservation(msg);
            } else if (msg instanceof ControlMessage.NotMaster n) {
                InetSocketAddress go = controllers.redirect(n.address(), controller);
                LOG.info("controller {} is a standby ({}); going to the master {} at {}",
                        ControllerAddresses.show(controller), Printable.of(n.detail()),
                        n.master() == null ? "(election running)" : Printable.of(n.master()),
                        ControllerAddresses.show(go));
                if (n.address() != null) {
                    backoffMs = MIN_BACKOFF_MS; // straight to the master; during an election keep backing off
                }
                ctx.close();
            } else if (msg instanceof ControlMessage.Error e) {
                LOG.warn("controller {}: {}", controller, Printable.of(e.message()));
            } else {
                write(ctx.channel(), new ControlMessage.Error("agent " + register.host()
                        + ": unexpected message type '" + msg.type() + "' from the controller"));
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.warn("control session to {}: {}", controller, cause.getClass().getSimpleName() + ": "
                    + Printable.of(cause.getMessage()));
            ctx.close();
        }
    }

    @Override
    public void close() {
        closed = true;
        Channel ch = channel;
        if (ch != null) {
            ch.close().syncUninterruptibly();
        }
    }
}

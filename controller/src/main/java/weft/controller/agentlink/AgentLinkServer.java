package weft.controller.agentlink;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.crp.ReservationService;
import weft.controller.crp.ReservationsView;
import weft.controller.ha.HandSetRate;
import weft.model.protocol.ControlLineCodec;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.PathSpec;
import weft.model.protocol.VoqReport;

/**
 * The agent registry's network shell: listens for agent sessions (optionally TLS), hands every decoded line, every
 * connection, every disconnection and a tick each second to the {@link AgentRegistry} with the time, and carries
 * out the {@link RegistryActions} it returns (writes, closes, log lines). One event-loop thread owns the
 * registry and every session; the public methods hop onto it and return immutable copies.
 *
 * <p>Per session ({@link AgentSessionHandler}): the byte stream is framed and parsed by the model's
 * {@link ControlLineCodec} (lines of at most 64 KiB, a bad line answered and skipped), and a peer that leaves more
 * than {@link AgentLinkLimits#maxPendingBytes} of replies unread is closed.
 */
public final class AgentLinkServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AgentLinkServer.class);

    private final InetSocketAddress listen;
    private final SslContext sslOrNull;
    private final AgentRegistry registry;
    /** The reservation tables, owned by the loop thread ({@link RegistryReservations#OFF} until set). */
    private RegistryReservations reservations = RegistryReservations.OFF;
    private final AgentLinkLimits limits;
    private final LongSupplier clock;
    /** Open sessions by id (event loop only). */
    private final Map<Long, Channel> channels = new HashMap<>();
    private final ControlLineCodec encoder = new ControlLineCodec();
    private long sessionIds;
    private EventLoopGroup group;
    private Channel server;

    /** A registry on every address, hand-set rates only, default limits, no registration hook. */
    public AgentLinkServer(int port, String token, SslContext sslOrNull, PathProvider paths) {
        this(new InetSocketAddress(port), token, sslOrNull, paths, null, r -> { });
    }

    /**
     * A registry with default limits that accepts every well-formed registration.
     *
     * @param listen          address to listen on (port 0 picks one)
     * @param token           the shared token ({@link AgentToken#of} checks it)
     * @param allocatorOrNull rates for reported flows, or null for hand-set rates only
     * @param onRegister      called (on the registry's loop) when an agent registers
     */
    public AgentLinkServer(InetSocketAddress listen, String token, SslContext sslOrNull, PathProvider paths,
                           AgentRegistry.Allocator allocatorOrNull, Consumer<ControlMessage.Register> onRegister) {
        this(listen, sslOrNull, new AgentRegistry(AgentToken.of(token, "agent link"), paths, allocatorOrNull,
                RegistrationCheck.syntax(List.of(), RegistrationCheck.SYNTAX), onRegister,
                AgentLinkLimits.defaults()), AgentLinkLimits.defaults(), System::nanoTime);
    }

    /**
     * @param registry the state machine this shell drives; nothing else may call it
     * @param limits   the limits {@code registry} was made with (this shell applies the pending-bytes bound)
     * @param clock    monotonic nanoseconds
     */
    public AgentLinkServer(InetSocketAddress listen, SslContext sslOrNull, AgentRegistry registry,
                           AgentLinkLimits limits, LongSupplier clock) {
        this.listen = Objects.requireNonNull(listen, "listen");
        this.sslOrNull = sslOrNull;
        this.registry = Objects.requireNonNull(registry, "registry");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public AgentLinkServer start() throws InterruptedException {
        group = new NioEventLoopGroup(1);
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK,
                        new WriteBufferWaterMark(limits.maxPendingBytes() / 2, limits.maxPendingBytes()))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (sslOrNull != null) {
                            ch.pipeline().addLast(sslOrNull.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(newSessionHandler());
                    }
                })
                .bind(listen).sync().channel();
        group.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
        return this;
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Hosts with a live session. */
    public List<String> connectedHosts() {
        return onLoop(registry::connectedHosts);
    }

    /** The last report of {@code host}, empty if none. */
    public List<VoqReport> lastReport(String host) {
        return onLoop(() -> registry.lastReport(host));
    }

    /** The rate pushed for {@code src -> dst} (by hand or allocated), or -1. */
    public long rate(String src, String dst) {
        return onLoop(() -> registry.rate(src, dst));
    }

    /** The paths last pushed with the rate of {@code src -> dst} (empty if none or one default path). */
    public List<PathSpec> pushedPaths(String src, String dst) {
        return onLoop(() -> registry.pushedPaths(src, dst));
    }

    /** How many allocations have run (each one answers a change of flows or routes). */
    public long allocations() {
        return onLoop(registry::allocations);
    }

    /** Every registered agent with its rates, flows and last report. */
    public List<AgentView> view() {
        return onLoop(() -> registry.view(clock.getAsLong(), System.currentTimeMillis()));
    }

    /**
     * Sets the rate of {@code src -> dst} by hand and pushes it if {@code src} is connected.
     *
     * @throws IllegalArgumentException when {@code src} or {@code dst} has never registered
     */
    public void setRate(String src, String dst, long bitsPerSecond, String policy) {
        onLoop(() -> apply(registry.setRate(src, dst, bitsPerSecond, policy)));
    }

    /**
     * Forgets the hand-set rate of {@code src -> dst}.
     *
     * @return whether there was a hand-set (or adopted) rate to forget
     */
    public boolean clearRate(String src, String dst) {
        return onLoop(() -> {
            boolean had = registry.hasManualRate(src, dst);
            apply(registry.clearRate(src, dst));
            return had;
        });
    }

    /** Joins an HA cluster: from now on {@link AgentCluster#standby()} decides whether agents are taken. */
    public void cluster(AgentCluster c) {
        onLoop(() -> {
            registry.cluster(c);
            return null;
        });
    }

    /** This controller became the cluster's master: see {@link AgentRegistry#takeOver}. */
    public void takeOver(List<HandSetRate> kept) {
        onLoop(() -> apply(registry.takeOver(kept, clock.getAsLong())));
    }

    /** This controller became a standby: every session is answered with the master's address and closed. */
    public void standBy(ControlMessage.NotMaster answer) {
        onLoop(() -> apply(registry.standBy(answer)));
    }

    /**
     * Tells the registry that the routes changed: paths are recomputed and, with an allocator, rates too; the
     * reservation tables follow the fabric.
     */
    public void routesChanged() {
        if (group != null) {
            group.execute(() -> {
                apply(registry.routesChanged());
                apply(reservations.routesChanged(clock.getAsLong()));
            });
        }
    }

    /** A switch port went down: reservations through it are revoked ({@link RegistryReservations#portDown}). */
    public void portDown(String switchId, int port) {
        if (group != null) {
            group.execute(() -> apply(reservations.portDown(switchId, port, clock.getAsLong())));
        }
    }

    /** Keeps reservation tables ({@code --reserve crp}); call before the first routes. */
    public void reservations(RegistryReservations r) {
        onLoop(() -> {
            registry.reservations(r);
            reservations = r;
            return null;
        });
    }

    /** The reservation tables, or null without {@code --reserve crp}. */
    public ReservationsView reservations() {
        return onLoop(() -> reservations.view(clock.getAsLong()));
    }

    /** The live reservations with their owners, empty without {@code --reserve crp}. */
    public List<ReservationService.LiveBooking> bookings() {
        return onLoop(() -> reservations.bookings(clock.getAsLong()));
    }

    /** A handler for one agent connection, for the server's pipelines and for tests on an embedded channel. */
    ChannelHandler newSessionHandler() {
        return new AgentSessionHandler(this);
    }

    /** Runs the registry's timers (each second on the loop; tests call it after stepping the clock). */
    void tick() {
        apply(registry.tick(clock.getAsLong()));
    }

    // ---- called by the session handlers, on the loop --------------------------------------------------------

    long now() {
        return clock.getAsLong();
    }

    AgentRegistry registry() {
        return registry;
    }

    long opened(Channel ch) {
        long id = ++sessionIds;
        channels.put(id, ch);
        return id;
    }

    void closed(long id) {
        channels.remove(id);
    }

    /** Writes, closes and logs what the registry asked for. */
    RegistryActions apply(RegistryActions a) {
        Map<Long, ChannelFuture> last = new HashMap<>();
        for (RegistryActions.Send s : a.sends()) {
            Channel ch = channels.get(s.session());
            if (ch != null) {
                last.put(s.session(), ch.writeAndFlush(ch.alloc().buffer().writeBytes(encoder.encode(s.message()))));
            }
        }
        for (long id : a.closes()) {
            Channel ch = channels.get(id);
            ChannelFuture written = last.get(id);
            if (written != null) {
                written.addListener(ChannelFutureListener.CLOSE);
            } else if (ch != null) {
                ch.close();
            }
        }
        for (RegistryActions.Note n : a.notes()) {
            if (n.warning()) {
                LOG.warn("{}", n.text());
            } else {
                LOG.info("{}", n.text());
            }
        }
        return a;
    }

    private <T> T onLoop(Callable<T> task) {
        if (group == null || group.next().inEventLoop()) {
            try {
                return task.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        try {
            return group.submit(task).get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the agent registry", e);
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.close().syncUninterruptibly();
        }
        if (group != null) {
            group.submit(() -> List.copyOf(channels.values()).forEach(Channel::close)).syncUninterruptibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}

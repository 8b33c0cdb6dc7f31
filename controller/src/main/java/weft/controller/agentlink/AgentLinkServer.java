package weft.controller.agentlink;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import weft.model.rate.RateAllocator;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.VoqReport;

/**
 * The agent registry: accepts agent sessions (shared-token authentication, optional TLS), remembers each host's
 * address, the rates set for it by hand and the flows it reports, and pushes per destination the rate and the paths
 * ({@link PathProvider}) the fabric's routes allow. With an allocator ({@code weft controller run --allocate}) it
 * computes the rates of the reported flows ({@link OnlineAllocation}) and recomputes when flows come or go and
 * when the routes change; agents get their new paths on every route change either way.
 *
 * <p>Precedence: a rate set by hand ({@code weft rates set}) wins for its pair, whatever the allocator says;
 * the allocator shares what that rate leaves. Rates are pushed as changes ({@code replace = false}); a pair that
 * loses its rate (its flow ended) is pushed at 0 bit/s, so VOQs the controller never named are left alone.
 *
 * <p>Decision (restart safety): the controller keeps rates in memory only; after a controller restart an agent's
 * first report carries the rates it is still enforcing, each with its policy and whether it was set by hand, and
 * the registry adopts as hand-set the rates it has none for: all of them without an allocator, the hand-set ones
 * with one (the flows' next report recomputes the allocated ones). So a restarted controller ends in the same
 * rates without a database. Rates set while an agent is away are pushed when it registers.
 *
 * <p>Threading: every state change runs on the server's single event loop; public methods hop onto it.
 */
public final class AgentLinkServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AgentLinkServer.class);

    /**
     * Where allocated rates come from.
     *
     * @param allocator the model allocator
     * @param topology  the topology the current routes were computed on
     * @param routes    the current routes
     */
    public record Allocator(RateAllocator allocator, java.util.function.Supplier<Topology> topology,
                            java.util.function.Supplier<RoutingResult> routes) {
    }

    /** One agent as the REST API shows it. */
    public record AgentView(String host, String ip, String mac, String attachment, boolean connected,
                            List<RateView> rates, List<String> flows, List<VoqReport> lastReport,
                            long lastReportMillis) {
    }

    /**
     * One pushed rate.
     *
     * @param source {@code manual} (weft rates set), {@code adopted} (from an agent's report after a controller
     *               restart) or the allocator's name
     */
    public record RateView(String dst, long bitsPerSecond, String source, String policy, List<PathSpecView> paths) {
    }

    /** One pushed path. */
    public record PathSpecView(int id, int tag, Integer dscp, List<Integer> links) {
    }

    private record Manual(long bitsPerSecond, String policy, String source) {
    }

    /**
     * The registry's part in an HA cluster ({@code weft controller run --ha}): a standby takes no agents and no
     * rates (it names the master), and the master keeps every hand-set rate in the cluster's state before it
     * answers, so the next master has it.
     */
    public interface Cluster {
        /** Null while this controller is master; otherwise the answer for agents and admin requests. */
        ControlMessage.NotMaster standby();

        /** Keeps a hand-set rate in the cluster (or forgets it, {@code bitsPerSecond < 0}); throws when refused. */
        void keep(String src, String dst, long bitsPerSecond, String policy);
    }

    private final InetSocketAddress listen;
    private final String token;
    private final SslContext sslOrNull;
    private final PathProvider paths;
    private final Allocator allocatorOrNull;
    private final Consumer<ControlMessage.Register> onRegister;
    private final Map<String, ControlMessage.Register> agents = new ConcurrentHashMap<>();
    private final Map<String, Channel> sessions = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Manual>> manual = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Long>> allocated = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Long>> flows = new ConcurrentHashMap<>();
    private final Map<String, Map<String, DestinationRate>> pushed = new ConcurrentHashMap<>();
    private final Map<String, List<VoqReport>> reports = new ConcurrentHashMap<>();
    private final Map<String, Long> reportTimes = new ConcurrentHashMap<>();
    private final java.util.Set<String> fullPush = ConcurrentHashMap.newKeySet();
    private final AtomicLong sessionIds = new AtomicLong();
    private final AtomicLong allocations = new AtomicLong();
    private EventLoopGroup group;
    private Channel server;
    private volatile Cluster cluster;

    /** A registry on every address, manual rates only, no registration callback. */
    public AgentLinkServer(int port, String token, SslContext sslOrNull, PathProvider paths) {
        this(new InetSocketAddress(port), token, sslOrNull, paths, null, r -> { });
    }

    /**
     * @param listen          address to listen on (port 0 picks one)
     * @param allocatorOrNull rates for reported flows, or null for hand-set rates only
     * @param onRegister      called (on the registry's loop) when an agent registers, e.g. to tell the fabric
     *                        service where the host is attached
     */
    public AgentLinkServer(InetSocketAddress listen, String token, SslContext sslOrNull, PathProvider paths,
                           Allocator allocatorOrNull, Consumer<ControlMessage.Register> onRegister) {
        if (token == null || token.isEmpty()) {
            throw new IllegalArgumentException("agent link: a shared token is required (--agent-token)");
        }
        this.listen = listen;
        this.token = token;
        this.sslOrNull = sslOrNull;
        this.paths = paths;
        this.allocatorOrNull = allocatorOrNull;
        this.onRegister = Objects.requireNonNull(onRegister, "onRegister");
    }

    public AgentLinkServer start() throws InterruptedException {
        group = new NioEventLoopGroup(1);
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (sslOrNull != null) {
                            ch.pipeline().addLast(sslOrNull.newHandler(ch.alloc()));
                        }
                        ControlLineCodec.install(ch.pipeline());
                        ch.pipeline().addLast(new Session());
                    }
                })
                .bind(listen).sync().channel();
        return this;
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Hosts with a live session. */
    public List<String> connectedHosts() {
        return new ArrayList<>(sessions.keySet());
    }

    /** The last report of {@code host}, empty if none. */
    public List<VoqReport> lastReport(String host) {
        return reports.getOrDefault(host, List.of());
    }

    /** The rate pushed for {@code src -> dst} (by hand or allocated), or -1. */
    public long rate(String src, String dst) {
        DestinationRate r = pushed.getOrDefault(src, Map.of()).get(dst);
        return r == null || r.bitsPerSecond() == 0 && !manual.getOrDefault(src, Map.of()).containsKey(dst) ? -1
                : r.bitsPerSecond();
    }

    /** The paths last pushed with the rate of {@code src -> dst} (empty if none or one default path). */
    public List<weft.model.protocol.PathSpec> pushedPaths(String src, String dst) {
        DestinationRate r = pushed.getOrDefault(src, Map.of()).get(dst);
        return r == null ? List.of() : r.paths();
    }

    /** How many allocations have run (each one answers a change of flows or routes). */
    public long allocations() {
        return allocations.get();
    }

    /**
     * Sets the rate of {@code src -> dst} by hand and pushes it if {@code src} is connected. A hand-set rate wins
     * over the allocator for its pair.
     *
     * @throws IllegalArgumentException when {@code dst} has never registered (its address is unknown)
     */
    public void setRate(String src, String dst, long bitsPerSecond, String policy) {
        onLoop(() -> {
            if (!agents.containsKey(dst)) {
                throw new IllegalArgumentException("set-rate " + src + " -> " + dst + ": unknown destination host '"
                        + dst + "', registered hosts: " + new java.util.TreeSet<>(agents.keySet()));
            }
            Cluster c = cluster;
            if (c != null) {
                c.keep(src, dst, bitsPerSecond, policy == null ? "sd" : policy); // kept before it is accepted
            }
            manual.computeIfAbsent(src, k -> new ConcurrentHashMap<>()).put(dst,
                    new Manual(bitsPerSecond, policy == null ? "sd" : policy, "manual"));
            reallocate("rate set by hand for " + src + " -> " + dst);
            return null;
        });
    }

    /**
     * Forgets the hand-set rate of {@code src -> dst}: the pair goes back to its allocated rate (with an allocator
     * and a reported flow) or to none, pushed as 0.
     *
     * @return whether there was a hand-set (or adopted) rate to forget
     */
    public boolean clearRate(String src, String dst) {
        return onLoop(() -> {
            Map<String, Manual> mine = manual.get(src);
            Cluster c = cluster;
            if (c != null && mine != null && mine.containsKey(dst)) {
                c.keep(src, dst, -1, null);
            }
            boolean had = mine != null && mine.remove(dst) != null;
            if (had) {
                reallocate("hand-set rate cleared for " + src + " -> " + dst);
            }
            return had;
        });
    }

    /** Joins a cluster: from now on {@link Cluster#standby()} decides whether this registry takes agents. */
    public void cluster(Cluster c) {
        this.cluster = c;
    }

    /**
     * This controller became the cluster's master: the hand-set rates the cluster kept become this registry's
     * (the rates adopted from agents' reports give way to them), and every connected agent gets them.
     */
    public void takeOver(List<weft.controller.ha.HandSetRate> kept) {
        onLoop(() -> {
            for (weft.controller.ha.HandSetRate r : kept) {
                manual.computeIfAbsent(r.src(), k -> new ConcurrentHashMap<>()).put(r.dst(),
                        new Manual(r.bitsPerSecond(), r.policy() == null ? "sd" : r.policy(), "manual"));
            }
            LOG.info("master: {} hand-set rates from the cluster's state", kept.size());
            reallocate("takeover with " + kept.size() + " hand-set rates");
            return null;
        });
    }

    /** This controller became a standby: every agent session is closed with the master's address. */
    public void standBy(ControlMessage.NotMaster answer) {
        onLoop(() -> {
            for (Channel ch : List.copyOf(sessions.values())) {
                ch.writeAndFlush(answer).addListener(f -> ch.close());
            }
            return null;
        });
    }

    /** Tells the registry that the routes changed: paths are recomputed and, with an allocator, rates too. */
    public void routesChanged() {
        if (group != null) {
            group.execute(() -> reallocate("routes changed"));
        }
    }

    /** Every registered agent with its rates, flows and last report. */
    public List<AgentView> view() {
        return onLoop(() -> {
            List<AgentView> out = new ArrayList<>();
            for (ControlMessage.Register r : new TreeMap<>(agents).values()) {
                List<RateView> rs = new ArrayList<>();
                for (DestinationRate d : new TreeMap<>(pushed.getOrDefault(r.host(), Map.of())).values()) {
                    Manual m = manual.getOrDefault(r.host(), Map.of()).get(d.dst());
                    rs.add(new RateView(d.dst(), d.bitsPerSecond(), m != null ? m.source()
                            : allocatorOrNull == null ? "none" : allocatorOrNull.allocator().name(), d.policy(),
                            d.paths().stream().map(p -> new PathSpecView(p.id(), p.tag(), p.dscp(), p.links()))
                                    .toList()));
                }
                out.add(new AgentView(r.host(), r.ip(), r.mac(), r.attachment(), sessions.containsKey(r.host()), rs,
                        new ArrayList<>(new TreeMap<>(flows.getOrDefault(r.host(), Map.of())).keySet()),
                        reports.getOrDefault(r.host(), List.of()), reportTimes.getOrDefault(r.host(), 0L)));
            }
            return out;
        });
    }

    private <T> T onLoop(java.util.concurrent.Callable<T> task) {
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

    /**
     * Recomputes the allocated rates (with an allocator) and every pair's paths, and pushes what changed to the
     * connected agents. An allocation that fails (a host outside the topology, a pair without a route) keeps the
     * previous allocated rates and is logged.
     */
    private void reallocate(String reason) {
        if (allocatorOrNull != null) {
            try {
                Map<OnlineAllocation.Pair, Long> fixed = new java.util.HashMap<>();
                manual.forEach((src, m) -> m.forEach((dst, r) -> fixed.put(new OnlineAllocation.Pair(src, dst),
                        r.bitsPerSecond())));
                List<OnlineAllocation.ReportedFlow> reported = new ArrayList<>();
                flows.forEach((src, f) -> f.forEach((dst, backlog) -> reported.add(
                        new OnlineAllocation.ReportedFlow(src, dst, backlog))));
                Topology t = allocatorOrNull.topology().get();
                RoutingResult r = allocatorOrNull.routes().get();
                if (t != null && r != null) {
                    Map<OnlineAllocation.Pair, Long> rates = OnlineAllocation.compute(t, r,
                            allocatorOrNull.allocator(), reported, fixed);
                    allocated.clear();
                    rates.forEach((pair, bps) -> allocated.computeIfAbsent(pair.src(),
                            k -> new ConcurrentHashMap<>()).put(pair.dst(), bps));
                    allocations.incrementAndGet();
                    LOG.info("{}: {} allocated {} flows: {}", reason, allocatorOrNull.allocator().name(),
                            rates.size(), rates);
                }
            } catch (RuntimeException e) {
                LOG.warn("{}: allocation failed, keeping the previous rates: {}", reason, e.getMessage());
            }
        }
        java.util.Set<String> sources = new java.util.TreeSet<>(manual.keySet());
        sources.addAll(allocated.keySet());
        sources.addAll(pushed.keySet());
        for (String src : sources) {
            push(src);
        }
    }

    /** The rates {@code src} should have now, by destination. */
    private Map<String, DestinationRate> wanted(String src) {
        Map<String, DestinationRate> out = new java.util.HashMap<>();
        Map<String, Long> alloc = allocated.getOrDefault(src, Map.of());
        Map<String, Manual> hand = manual.getOrDefault(src, Map.of());
        java.util.Set<String> dsts = new java.util.TreeSet<>(alloc.keySet());
        dsts.addAll(hand.keySet());
        for (String dst : dsts) {
            ControlMessage.Register d = agents.get(dst);
            if (d == null) {
                continue;
            }
            Manual m = hand.get(dst);
            out.put(dst, new DestinationRate(dst, d.ip(), d.dataPort(), m != null ? m.bitsPerSecond() : alloc.get(dst),
                    m != null ? m.policy() : "sd", paths.paths(src, dst), 0, m != null));
        }
        return out;
    }

    /**
     * Pushes to {@code src} every rate that differs from what it was last sent (everything after it registered);
     * pairs that lost their rate go to 0.
     */
    private void push(String src) {
        Channel ch = sessions.get(src);
        if (ch == null) {
            return;
        }
        boolean full = fullPush.remove(src);
        Map<String, DestinationRate> want = wanted(src);
        Map<String, DestinationRate> had = pushed.computeIfAbsent(src, k -> new ConcurrentHashMap<>());
        List<DestinationRate> changes = new ArrayList<>();
        for (DestinationRate r : want.values()) {
            if (full || !r.equals(had.get(r.dst()))) {
                changes.add(r);
            }
        }
        for (DestinationRate r : had.values()) {
            if (!want.containsKey(r.dst()) && (full || r.bitsPerSecond() != 0)) {
                changes.add(new DestinationRate(r.dst(), r.dstIp(), r.dstPort(), 0, r.policy(), r.paths(),
                        r.tenant()));
            }
        }
        if (changes.isEmpty()) {
            return;
        }
        for (DestinationRate r : changes) {
            had.put(r.dst(), r);
        }
        ch.writeAndFlush(new ControlMessage.Rates(false, changes));
    }

    private boolean tokenOk(String offered) {
        return offered != null && MessageDigest.isEqual(offered.getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
    }

    private final class Session extends SimpleChannelInboundHandler<ControlMessage> {
        private String host;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ControlMessage msg) {
            if (msg instanceof ControlMessage.Register r) {
                onRegister(ctx, r);
            } else if (msg instanceof ControlMessage.SetRate s) {
                onSetRate(ctx, s);
            } else if (host == null) {
                ctx.writeAndFlush(new ControlMessage.Error("agent link: '" + msg.type()
                        + "' before 'register'; send register with the shared token first"));
            } else if (msg instanceof ControlMessage.Report r) {
                onReport(r);
            } else if (msg instanceof ControlMessage.Flows f) {
                onFlows(f);
            } else if (msg instanceof ControlMessage.Error e) {
                LOG.warn("agent {}: {}", host, e.message());
            } else {
                ctx.writeAndFlush(new ControlMessage.Error("agent link: unexpected type '" + msg.type()
                        + "' from an agent"));
            }
        }

        private void onRegister(ChannelHandlerContext ctx, ControlMessage.Register r) {
            ControlMessage.NotMaster elsewhere = cluster == null ? null : cluster.standby();
            if (elsewhere != null && tokenOk(r.token())) {
                ctx.writeAndFlush(elsewhere).addListener(f -> ctx.close());
                return;
            }
            if (!tokenOk(r.token())) {
                ctx.writeAndFlush(new ControlMessage.Error("register " + r.host() + ": bad token"))
                        .addListener(f -> ctx.close());
                return;
            }
            host = r.host();
            agents.put(host, r);
            Channel old = sessions.put(host, ctx.channel());
            if (old != null && old != ctx.channel()) {
                old.close();
            }
            try {
                onRegister.accept(r);
            } catch (RuntimeException e) {
                LOG.warn("agent {}: registration hook: {}", host, e.getMessage());
            }
            ctx.writeAndFlush(new ControlMessage.Registered(host, sessionIds.incrementAndGet()));
            LOG.info("agent {} registered from {} (data {}:{})", host, ctx.channel().remoteAddress(), r.ip(),
                    r.dataPort());
            fullPush.add(host); // the agent may have restarted: send it every rate it should hold, zeros too
            reallocate("agent " + host + " registered");
        }

        private void onSetRate(ChannelHandlerContext ctx, ControlMessage.SetRate s) {
            if (!tokenOk(s.token())) {
                ctx.writeAndFlush(new ControlMessage.Error("set-rate " + s.src() + " -> " + s.dst() + ": bad token"));
                return;
            }
            ControlMessage.NotMaster elsewhere = cluster == null ? null : cluster.standby();
            if (elsewhere != null) {
                ctx.writeAndFlush(new ControlMessage.Error("set-rate " + s.src() + " -> " + s.dst() + ": "
                        + elsewhere.detail()));
                return;
            }
            try {
                if (s.clear()) {
                    ctx.writeAndFlush(clearRate(s.src(), s.dst())
                            ? new ControlMessage.Ok("rate " + s.src() + " -> " + s.dst() + " cleared: "
                                    + (allocatorOrNull == null ? "no rate" : "allocated by "
                                    + allocatorOrNull.allocator().name() + " if it has a flow"))
                            : new ControlMessage.Error("clear " + s.src() + " -> " + s.dst()
                                    + ": no rate set by hand for this pair"));
                    return;
                }
                setRate(s.src(), s.dst(), s.bitsPerSecond(), s.policy());
                boolean live = sessions.containsKey(s.src());
                ctx.writeAndFlush(new ControlMessage.Ok("rate " + s.src() + " -> " + s.dst() + " = "
                        + s.bitsPerSecond() + " bit/s "
                        + (live ? "pushed" : "stored; " + s.src() + " is not connected")));
            } catch (IllegalArgumentException | weft.controller.ha.NotMasterException e) {
                ctx.writeAndFlush(new ControlMessage.Error(e.getMessage()));
            }
        }

        private void onReport(ControlMessage.Report r) {
            reports.put(host, r.voqs());
            reportTimes.put(host, System.currentTimeMillis());
            boolean adopted = false;
            for (VoqReport v : r.voqs()) {
                Map<String, Manual> mine = manual.computeIfAbsent(host, k -> new ConcurrentHashMap<>());
                if (!mine.containsKey(v.dst()) && agents.containsKey(v.dst()) && v.bitsPerSecond() > 0
                        && (allocatorOrNull == null || v.manual())) {
                    mine.put(v.dst(), new Manual(v.bitsPerSecond(), v.policy() == null ? "sd" : v.policy(),
                            "adopted"));
                    adopted = true;
                    LOG.info("adopted rate {} -> {} = {} bit/s from the agent's report", host, v.dst(),
                            v.bitsPerSecond());
                }
            }
            if (adopted) {
                push(host);
            }
        }

        /** Replaces the host's flow set; recomputes when the set changed or the allocator weighs backlogs. */
        private void onFlows(ControlMessage.Flows f) {
            Map<String, Long> now = new java.util.HashMap<>();
            for (String ip : f.destinations()) {
                String dst = hostOf(ip);
                if (dst == null) {
                    LOG.info("agent {}: flow towards {}, which no registered agent has; not allocated", host, ip);
                } else if (!dst.equals(host)) {
                    now.put(dst, f.backlogBytes().getOrDefault(ip, 0L));
                }
            }
            Map<String, Long> before = flows.put(host, now);
            boolean changed = before == null ? !now.isEmpty() : !before.keySet().equals(now.keySet());
            boolean weighsBacklog = allocatorOrNull != null && allocatorOrNull.allocator().weightBasis()
                    != weft.model.rate.WeightBasis.WEIGHT && allocatorOrNull.allocator().weightBasis()
                    != weft.model.rate.WeightBasis.BACKLOG_DEMAND_UNIT;
            if (changed) {
                LOG.info("agent {} has flows towards {}", host, new java.util.TreeSet<>(now.keySet()));
            }
            if (allocatorOrNull != null && (changed || weighsBacklog && !now.isEmpty())) {
                reallocate("flows of " + host + (changed ? " changed" : " reported backlogs"));
            }
        }

        private String hostOf(String ip) {
            for (ControlMessage.Register r : agents.values()) {
                if (r.ip().equals(ip)) {
                    return r.host();
                }
            }
            return null;
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (host != null) {
                sessions.remove(host, ctx.channel());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.warn("agent session {}: {}", host, cause.toString());
            ctx.close();
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.close().syncUninterruptibly();
        }
        for (Channel ch : sessions.values()) {
            ch.close();
        }
        if (group != null) {
            group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}

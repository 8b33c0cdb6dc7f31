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
 * address and the rates set for it, pushes rates and paths per destination, and takes reports.
 *
 * <p>Decision (restart safety): the controller keeps rates in memory only; after a controller restart an agent's
 * first report carries the rates it is still enforcing, and the registry adopts them for pairs it has no rate for,
 * so a restarted controller ends in the same rates without a database. Rates set while an agent is away are pushed
 * when it registers.
 */
public final class AgentLinkServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AgentLinkServer.class);

    private final int port;
    private final String token;
    private final SslContext sslOrNull;
    private final PathProvider paths;
    private final Map<String, ControlMessage.Register> agents = new ConcurrentHashMap<>();
    private final Map<String, Channel> sessions = new ConcurrentHashMap<>();
    private final Map<String, Map<String, DestinationRate>> rates = new ConcurrentHashMap<>();
    private final Map<String, List<VoqReport>> reports = new ConcurrentHashMap<>();
    private final AtomicLong sessionIds = new AtomicLong();
    private EventLoopGroup group;
    private Channel server;

    public AgentLinkServer(int port, String token, SslContext sslOrNull, PathProvider paths) {
        if (token == null || token.isEmpty()) {
            throw new IllegalArgumentException("agent link: a shared token is required (--token)");
        }
        this.port = port;
        this.token = token;
        this.sslOrNull = sslOrNull;
        this.paths = paths;
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
                .bind(port).sync().channel();
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

    /** The rate the registry holds for {@code src -> dst}, or -1. */
    public long rate(String src, String dst) {
        DestinationRate r = rates.getOrDefault(src, Map.of()).get(dst);
        return r == null ? -1 : r.bitsPerSecond();
    }

    /**
     * Sets the rate of {@code src -> dst} and pushes it if {@code src} is connected.
     *
     * @throws IllegalArgumentException when {@code dst} has never registered (its address is unknown)
     */
    public void setRate(String src, String dst, long bitsPerSecond, String policy) {
        ControlMessage.Register d = agents.get(dst);
        if (d == null) {
            throw new IllegalArgumentException("set-rate " + src + " -> " + dst + ": unknown destination host '" + dst
                    + "', registered hosts: " + new java.util.TreeSet<>(agents.keySet()));
        }
        DestinationRate r = new DestinationRate(dst, d.ip(), d.dataPort(), bitsPerSecond,
                policy == null ? "sd" : policy, paths.paths(src, dst), 0);
        rates.computeIfAbsent(src, k -> new ConcurrentHashMap<>()).put(dst, r);
        Channel ch = sessions.get(src);
        if (ch != null) {
            ch.writeAndFlush(new ControlMessage.Rates(false, List.of(r)));
        }
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
                LOG.info("{} has traffic without a rate towards {}", host, f.destinations());
            } else if (msg instanceof ControlMessage.Error e) {
                LOG.warn("agent {}: {}", host, e.message());
            } else {
                ctx.writeAndFlush(new ControlMessage.Error("agent link: unexpected type '" + msg.type()
                        + "' from an agent"));
            }
        }

        private void onRegister(ChannelHandlerContext ctx, ControlMessage.Register r) {
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
            ctx.writeAndFlush(new ControlMessage.Registered(host, sessionIds.incrementAndGet()));
            Map<String, DestinationRate> mine = rates.get(host);
            if (mine != null && !mine.isEmpty()) {
                ctx.writeAndFlush(new ControlMessage.Rates(false, new ArrayList<>(mine.values())));
            }
            LOG.info("agent {} registered from {} (data {}:{})", host, ctx.channel().remoteAddress(), r.ip(),
                    r.dataPort());
        }

        private void onSetRate(ChannelHandlerContext ctx, ControlMessage.SetRate s) {
            if (!tokenOk(s.token())) {
                ctx.writeAndFlush(new ControlMessage.Error("set-rate " + s.src() + " -> " + s.dst() + ": bad token"));
                return;
            }
            try {
                setRate(s.src(), s.dst(), s.bitsPerSecond(), s.policy());
                boolean live = sessions.containsKey(s.src());
                ctx.writeAndFlush(new ControlMessage.Ok("rate " + s.src() + " -> " + s.dst() + " = "
                        + s.bitsPerSecond() + " bit/s " + (live ? "pushed" : "stored; " + s.src() + " is not connected")));
            } catch (IllegalArgumentException e) {
                ctx.writeAndFlush(new ControlMessage.Error(e.getMessage()));
            }
        }

        private void onReport(ControlMessage.Report r) {
            reports.put(host, r.voqs());
            Map<String, DestinationRate> mine = rates.computeIfAbsent(host, k -> new ConcurrentHashMap<>());
            for (VoqReport v : r.voqs()) {
                ControlMessage.Register d = agents.get(v.dst());
                if (!mine.containsKey(v.dst()) && d != null && v.bitsPerSecond() > 0) {
                    mine.put(v.dst(), new DestinationRate(v.dst(), d.ip(), d.dataPort(), v.bitsPerSecond(), "sd",
                            paths.paths(host, v.dst()), 0));
                    LOG.info("adopted rate {} -> {} = {} bit/s from the agent's report", host, v.dst(),
                            v.bitsPerSecond());
                }
            }
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

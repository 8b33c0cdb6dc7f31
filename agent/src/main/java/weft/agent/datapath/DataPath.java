package weft.agent.datapath;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.commons.net.util.SubnetUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.agent.voq.Voq;
import weft.agent.voq.VoqTable;
import weft.model.host.shaping.InjectionScheduler;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.Printable;
import weft.model.protocol.VoqReport;

/**
 * One agent's data path on one event loop, the shell around the host algorithms: it binds the UDP data socket
 * ({@link DataReceiver} takes what arrives) and the loopback local API ({@link LocalApi}, one per application),
 * owns the VOQs and the {@link Injector} that shapes and sprays them, hands arrivals to the {@link Delivery}
 * (resequencer, subscribed applications), and answers statistics queries ({@link StatsExchange}). Public methods
 * may be called from any thread; they hop onto the data-path loop. Nothing here resolves a host name: destinations
 * are IPv4 literals.
 */
public final class DataPath implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DataPath.class);

    /** Socket buffer of a local API connection, both ends: 256 KiB (10 ms at 200 Mbit/s). */
    public static final int LOCAL_SOCKET_BUFFER = 256 << 10;
    /**
     * How a data socket is read: up to 2,048 datagrams of at most 2 KiB per batch, about what its 4 MiB receive
     * buffer holds, so that after this loop was not scheduled for a while the whole backlog is taken before the
     * resequencer looks at its timeouts (Netty's default stops after 16 and runs due timers in between).
     */
    private static final RecvByteBufAllocator READS = new FixedRecvByteBufAllocator(2048).maxMessagesPerRead(2048);
    /** Reliable streams one agent routes acknowledgements for. */
    static final int MAX_STREAMS = 4096;

    private final DataPathConfig config;
    private final Transport transport;
    private final EventLoop loop;
    private final AgentClock clock = new AgentClock();
    private final int localId;
    private final VoqTable voqs;
    private final ReceiveStats stats;
    private final Delivery delivery;
    /** Every open local API connection, closed with the data path (an application sees its agent go away). */
    private final List<Channel> locals = new ArrayList<>();
    /** Local API connections not read while their VOQ is full. */
    private final List<Channel> paused = new ArrayList<>();
    private final StreamOwners<Channel> streamOwners = new StreamOwners<>(MAX_STREAMS);
    private final long[] malformed = new long[ShimHeader.Problem.values().length];
    private final Map<Integer, Integer> tagTos = new HashMap<>();
    private final StatsExchange statsExchange;
    private final ReservedVoqs reserved;
    private Channel dataChannel;
    private Channel localServer;
    private DataSender sender;
    private Injector injector;

    public DataPath(DataPathConfig config, Transport transport, EventLoopGroup group) {
        this.config = config;
        this.transport = transport;
        this.loop = group.next();
        this.localId = ShimHeader.idOf(config.address());
        this.voqs = new VoqTable(config.maxDestinations(), config.voqPackets(),
                (long) config.voqPackets() * ShimHeader.MAX_PAYLOAD, config.bucketDepthBytes());
        this.stats = new ReceiveStats(config.maxDestinations());
        this.delivery = new Delivery(config, loop, clock, stats);
        this.statsExchange = new StatsExchange(this);
        this.reserved = new ReservedVoqs(voqs, clock, loop, () -> injector.kick());
    }

    /** Binds the data socket and the local API; returns once both listen. */
    public DataPath start() throws InterruptedException {
        dataChannel = new Bootstrap().group(loop).channel(transport.datagram())
                .option(ChannelOption.SO_RCVBUF, 4 << 20).option(ChannelOption.SO_SNDBUF, 4 << 20)
                .option(ChannelOption.RCVBUF_ALLOCATOR, READS)
                .handler(new DataReceiver(this))
                .bind(config.address(), config.dataPort()).sync().channel();
        sender = new DataSender(dataChannel, this::bindTag, localId);
        injector = new Injector(loop, voqs, InjectionScheduler.create(config.scheduler(), voqs.capacity()), sender,
                clock, localId, () -> LocalApi.resumePaused(this), reserved);
        localServer = new ServerBootstrap().group(loop).channel(transport.server())
                .option(ChannelOption.SO_REUSEADDR, true) // a restarted agent rebinds at once
                .childOption(ChannelOption.TCP_NODELAY, true)
                // a bounded receive buffer keeps the VOQ's back-pressure close to the application: with the
                // kernel's auto-tuned buffers megabytes of "sent" data sat in the socket at low rates
                .childOption(ChannelOption.SO_RCVBUF, LOCAL_SOCKET_BUFFER)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(LocalFrames.MAX_FRAME, 0, 4, 0, 4),
                                new LengthFieldPrepender(4), new LocalApi(DataPath.this));
                    }
                })
                .bind(InetAddress.getLoopbackAddress(), config.localPort()).sync().channel();
        return this;
    }

    /**
     * The UDP socket of path tag {@code tag}, with the TOS byte of the first path that named the tag (its DSCP is
     * the path tag the switches' entries match; the controller gives one tag one DSCP).
     */
    private ChannelFuture bindTag(int tag) {
        return new Bootstrap().group(loop).channel(transport.datagram()).handler(new DataReceiver(this))
                .option(ChannelOption.RCVBUF_ALLOCATOR, READS)
                .option(ChannelOption.SO_SNDBUF, 4 << 20).option(ChannelOption.IP_TOS, tagTos.getOrDefault(tag, 0))
                .bind(config.address(), tag);
    }

    public DataPathConfig config() {
        return config;
    }

    /** The local API's TCP port as bound (the configured one, or the one the system chose for port 0). */
    public int localPort() {
        return ((InetSocketAddress) localServer.localAddress()).getPort();
    }

    /** How many applications are subscribed to this host's deliveries, read on the data-path thread. */
    int subscriberCount() throws InterruptedException, java.util.concurrent.ExecutionException {
        return loop.submit(() -> delivery.subscribers().size()).get();
    }

    /**
     * Applies the controller's rates; with {@code replace}, VOQs not named drop to rate 0 (their data waits). A rate
     * whose {@code dstIp} is not a dotted IPv4 address is skipped with a warning (no name is resolved here).
     */
    public void applyRates(boolean replace, List<DestinationRate> rates) {
        loop.execute(() -> {
            long now = clock.nanoTime();
            List<Voq> named = new ArrayList<>();
            for (DestinationRate r : rates) {
                try {
                    InetSocketAddress dst = new InetSocketAddress(ipv4(r.dstIp()), r.dstPort());
                    Voq v = voqs.getOrCreate(ShimHeader.idOf(dst.getAddress()), dst, config.defaultRate(), now);
                    int[] tags = r.paths().stream().mapToInt(p -> p.tag()).toArray();
                    for (var p : r.paths()) {
                        tagTos.putIfAbsent(p.tag(), p.dscp() == null ? 0 : p.dscp() << 2);
                    }
                    sender.ensureTags(tags);
                    voqs.configure(v, r.dst(), dst, r.tenant(), tags, r.policy(), r.manual());
                    for (var p : r.paths()) {
                        int[] links = p.links().stream().mapToInt(Integer::intValue).toArray();
                        injector.policy(r.policy()).setPathLinks(v.index(), p.id(), links);
                    }
                    injector.setRate(v, r.bitsPerSecond(), now);
                    named.add(v);
                } catch (RuntimeException e) {
                    LOG.warn("rates: dst {}: {}", Printable.of(r.dst()), Printable.of(e.getMessage()));
                }
            }
            if (replace) {
                for (int i = 0; i < voqs.span(); i++) {
                    Voq v = voqs.at(i);
                    if (v != null && !named.contains(v)) {
                        injector.setRate(v, 0, now);
                    }
                }
            }
            injector.kick();
        });
    }

    /**
     * {@code dottedQuad} as an address, parsed by Commons Net's {@code SubnetUtils}, never looked up.
     *
     * @throws IllegalArgumentException when it is not a dotted IPv4 address
     */
    static InetAddress ipv4(String dottedQuad) {
        try {
            return intToAddress(new SubnetUtils(dottedQuad + "/32").getInfo().asInteger(dottedQuad));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("dstIp '" + Printable.of(dottedQuad) + "' is not a dotted IPv4 "
                    + "address (the data path resolves no names)", e);
        }
    }

    /** The data path's side of CRP (docs/crp.md): rules, answers and clock measurements go here. */
    public ReservedVoqs reservations() {
        return reserved;
    }

    /** The VOQ counters, for the controller's report. */
    public CompletableFuture<List<VoqReport>> report() {
        CompletableFuture<List<VoqReport>> f = new CompletableFuture<>();
        loop.execute(() -> {
            List<VoqReport> out = new ArrayList<>();
            for (int i = 0; i < voqs.span(); i++) {
                Voq v = voqs.at(i);
                if (v != null) {
                    out.add(new VoqReport(v.dstHost(), v.backlogBytes(), v.sentPackets(), v.sentBytes(),
                            v.droppedPackets(), reserved.base(i), v.dst().getAddress().getHostAddress(), v.policy(),
                            v.manual(), reserved.report(i)));
                }
            }
            f.complete(out);
        });
        return f;
    }

    /** Datagrams rejected by the shim-header check, per {@link ShimHeader.Problem}. */
    public long malformed(ShimHeader.Problem problem) {
        return malformed[problem.ordinal()];
    }

    @Override
    public void close() {
        reserved.close();
        if (localServer != null) {
            localServer.close().syncUninterruptibly();
            loop.submit(() -> new ArrayList<>(locals).forEach(Channel::close)).syncUninterruptibly();
        }
        if (dataChannel != null) {
            loop.submit(() -> {
                sender.close();
                for (int i = 0; i < voqs.span(); i++) {
                    if (voqs.at(i) != null) {
                        voqs.at(i).clear();
                    }
                }
            }).syncUninterruptibly();
            dataChannel.close().syncUninterruptibly();
        }
    }

    // ---- for the handlers, on the loop ------------------------------------------------------------------------

    EventLoop loop() {
        return loop;
    }

    AgentClock clock() {
        return clock;
    }

    VoqTable voqs() {
        return voqs;
    }

    ReceiveStats stats() {
        return stats;
    }

    Delivery delivery() {
        return delivery;
    }

    Injector injector() {
        return injector;
    }

    DataSender sender() {
        return sender;
    }

    StatsExchange statsExchange() {
        return statsExchange;
    }

    StreamOwners<Channel> streamOwners() {
        return streamOwners;
    }

    List<Channel> subscribers() {
        return delivery.subscribers();
    }

    List<Channel> locals() {
        return locals;
    }

    List<Channel> paused() {
        return paused;
    }

    void countMalformed(ShimHeader.Problem problem) {
        malformed[problem.ordinal()]++;
    }

    /** The VOQ towards {@code dstId}, made at the default rate if missing (an application sends before a rate). */
    Voq voqFor(int dstId) {
        Voq v = voqs.get(dstId);
        if (v == null) {
            InetSocketAddress dst = new InetSocketAddress(intToAddress(dstId), config.dataPort());
            long now = clock.nanoTime();
            v = voqs.getOrCreate(dstId, dst, config.defaultRate(), now);
            injector.setRate(v, config.defaultRate(), now);
        }
        return v;
    }

    static InetAddress intToAddress(int id) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) (id >>> 24), (byte) (id >>> 16), (byte) (id >>> 8),
                (byte) id});
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("agent id " + id + " is not an IPv4 address", e);
        }
    }
}

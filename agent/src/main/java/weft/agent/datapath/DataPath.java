package weft.agent.datapath;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.agent.voq.Voq;
import weft.agent.voq.VoqTable;
import weft.model.host.reseq.HybridResequencer;
import weft.model.host.shaping.InjectionScheduler;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.VoqReport;

/**
 * One agent's data path on one event loop: the local API where applications hand data in and get data out, the
 * VOQs and the {@link Injector} that shapes and sprays them, and the UDP receiver that resequences
 * ({@link HybridResequencer}) and delivers in order. Public methods may be called from any thread; they hop onto
 * the data-path loop.
 */
public final class DataPath implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DataPath.class);

    /** Socket buffer of a local API connection, both ends: 256 KiB (10 ms at 200 Mbit/s). */
    public static final int LOCAL_SOCKET_BUFFER = 256 << 10;
    private final DataPathConfig config;
    private final Transport transport;
    private final EventLoop loop;
    private final AgentClock clock = new AgentClock();
    private final int localId;
    private final VoqTable voqs;
    private final ReceiveStats stats;
    private final HybridResequencer<ByteBuf> reseq;
    private final List<Channel> subscribers = new ArrayList<>();
    /** Every open local API connection, closed with the data path (an application sees its agent go away). */
    private final List<Channel> locals = new ArrayList<>();
    private final List<Channel> paused = new ArrayList<>();
    private final Map<Integer, PendingQuery> queries = new HashMap<>();
    private final Map<Integer, long[]> senderBaseline = new HashMap<>();
    /** Which local connection sends each reliable stream ('O' frames), to route the stream's acks to it. */
    private final Map<Long, Channel> streamOwners = new HashMap<>();
    private final long[] malformed = new long[ShimHeader.Problem.values().length];
    private final Map<Integer, Integer> tagTos = new HashMap<>();
    private Channel dataChannel;
    private Channel localServer;
    private DataSender sender;
    private Injector injector;
    private long reseqWake = Long.MAX_VALUE;

    /** The resequencer's (timeouts, fixed) when each sender last reset its measurement (event loop only). */
    private final Map<Integer, long[]> reseqAtReset = new HashMap<>();

    private record PendingQuery(Channel app, boolean reset) {
    }

    public DataPath(DataPathConfig config, Transport transport, EventLoopGroup group) {
        this.config = config;
        this.transport = transport;
        this.loop = group.next();
        this.localId = ShimHeader.idOf(config.address());
        this.voqs = new VoqTable(config.maxDestinations(), config.voqPackets(),
                (long) config.voqPackets() * ShimHeader.MAX_PAYLOAD, config.bucketDepthBytes());
        this.stats = new ReceiveStats(config.maxDestinations());
        this.reseq = new HybridResequencer<>(config.maxDestinations(), 1024, config.initialMaxDelayNanos(),
                config.lateMode(), this::deliver);
    }

    /** Binds the data socket and the local API; returns once both listen. */
    public DataPath start() throws InterruptedException {
        dataChannel = new Bootstrap().group(loop).channel(transport.datagram())
                .option(ChannelOption.SO_RCVBUF, 4 << 20).option(ChannelOption.SO_SNDBUF, 4 << 20)
                .handler(new Receiver())
                .bind(config.address(), config.dataPort()).sync().channel();
        sender = new DataSender(dataChannel, this::bindTag, localId);
        injector = new Injector(loop, voqs, InjectionScheduler.create(config.scheduler(), voqs.capacity()), sender,
                clock, localId, this::resumePaused);
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
                                new LengthFieldPrepender(4), new LocalApi());
                    }
                })
                .bind(InetAddress.getLoopbackAddress(), config.localPort()).sync().channel();
        return this;
    }

    /**
     * The UDP socket of path tag {@code tag}, with the TOS byte of the first path that named the tag (its DSCP is
     * the path tag the switches' entries match; the controller gives one tag one DSCP).
     */
    private io.netty.channel.ChannelFuture bindTag(int tag) {
        return new Bootstrap().group(loop).channel(transport.datagram()).handler(new Receiver())
                .option(ChannelOption.SO_SNDBUF, 4 << 20).option(ChannelOption.IP_TOS, tagTos.getOrDefault(tag, 0))
                .bind(config.address(), tag);
    }

    public int localId() {
        return localId;
    }

    public DataPathConfig config() {
        return config;
    }

    /** Applies the controller's rates; with {@code replace}, VOQs not named drop to rate 0 (their data waits). */
    public void applyRates(boolean replace, List<DestinationRate> rates) {
        loop.execute(() -> {
            long now = clock.nanoTime();
            List<Voq> named = new ArrayList<>();
            for (DestinationRate r : rates) {
                try {
                    InetSocketAddress dst = new InetSocketAddress(InetAddress.getByName(r.dstIp()), r.dstPort());
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
                } catch (UnknownHostException | RuntimeException e) {
                    LOG.warn("rates: dst {}: {}", r.dst(), e.getMessage());
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

    /** The VOQ counters, for the controller's report. */
    public CompletableFuture<List<VoqReport>> report() {
        CompletableFuture<List<VoqReport>> f = new CompletableFuture<>();
        loop.execute(() -> {
            List<VoqReport> out = new ArrayList<>();
            for (int i = 0; i < voqs.span(); i++) {
                Voq v = voqs.at(i);
                if (v != null) {
                    out.add(new VoqReport(v.dstHost(), v.backlogBytes(), v.sentPackets(), v.sentBytes(),
                            v.droppedPackets(), v.bucket().rateBitsPerSecond(),
                            v.dst().getAddress().getHostAddress(), v.policy(), v.manual()));
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

    // ---- receive side -------------------------------------------------------------------------------------

    /**
     * Hands one packet to the subscribed applications. {@code payload} starts with the local operation it is
     * delivered as ({@link LocalFrames#DELIVER} or {@link LocalFrames#STREAM_DELIVER}, see {@link Receiver}).
     */
    private void deliver(int src, int seq, long ts, ByteBuf payload, boolean late) {
        stats.onDelivered(src, seq);
        int n = subscribers.size();
        if (n == 0) {
            payload.release();
            return;
        }
        byte op = payload.readByte();
        for (int i = 0; i < n; i++) {
            Channel app = subscribers.get(i);
            ByteBuf frame = app.alloc().buffer(5 + payload.readableBytes());
            frame.writeByte(op).writeInt(src).writeBytes(payload, payload.readerIndex(),
                    payload.readableBytes());
            app.writeAndFlush(frame, app.voidPromise());
        }
        payload.release();
    }

    private void armReseqTimer() {
        long deadline = reseq.nextDeadline();
        if (deadline == Long.MAX_VALUE) {
            return;
        }
        if (reseqWake != Long.MAX_VALUE && reseqWake - deadline <= 0) {
            return;
        }
        reseqWake = deadline;
        long delay = Math.max(0, deadline - clock.toEpoch(clock.nanoTime()));
        loop.schedule(() -> {
            reseqWake = Long.MAX_VALUE;
            reseq.onTimer(clock.toEpoch(clock.nanoTime()));
            armReseqTimer();
        }, delay, TimeUnit.NANOSECONDS);
    }

    private final class Receiver extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            DatagramPacket pkt = (DatagramPacket) msg;
            ByteBuf c = pkt.content();
            ShimHeader.Problem problem = ShimHeader.check(c);
            if (problem != ShimHeader.Problem.NONE) {
                malformed[problem.ordinal()]++;
                pkt.release();
                return;
            }
            int kind = ShimHeader.kind(c);
            if (kind == ShimHeader.KIND_STREAM_ACK) {
                onStreamAck(pkt);
                return;
            }
            if (kind != ShimHeader.KIND_DATA && kind != ShimHeader.KIND_STREAM) {
                onStats(kind, pkt);
                return;
            }
            int src = ShimHeader.source(c);
            int seq = ShimHeader.sequence(c);
            long ts = ShimHeader.timestamp(c);
            int len = ShimHeader.payloadLength(c);
            long now = clock.toEpoch(clock.nanoTime());
            stats.onArrival(src, seq, ts, now, Injector.wireBytes(len));
            // the payload travels through the resequencer with its local operation in front: the header byte just
            // before it (low byte of the payload length, already read) is overwritten, so no wrapper is allocated
            c.setByte(c.readerIndex() + ShimHeader.LENGTH - 1,
                    kind == ShimHeader.KIND_STREAM ? LocalFrames.STREAM_DELIVER : LocalFrames.DELIVER);
            ByteBuf payload = c.retainedSlice(c.readerIndex() + ShimHeader.LENGTH - 1, len + 1);
            pkt.release();
            if (config.resequence()) {
                reseq.onArrival(src, seq, ts, now, payload);
                armReseqTimer();
            } else {
                deliver(src, seq, ts, payload, false);
            }
        }
    }

    /** A receiving application's cumulative ack for a stream sent from here: pass it to the stream's connection. */
    private void onStreamAck(DatagramPacket pkt) {
        ByteBuf c = pkt.content();
        if (ShimHeader.payloadLength(c) == ShimHeader.STREAM_ACK_LENGTH) {
            long streamId = c.getLong(c.readerIndex() + ShimHeader.LENGTH);
            Channel owner = streamOwners.get(streamId);
            if (owner != null) {
                ByteBuf f = owner.alloc().buffer(1 + ShimHeader.STREAM_ACK_LENGTH);
                f.writeByte(LocalFrames.STREAM_ACKED).writeBytes(c, c.readerIndex() + ShimHeader.LENGTH,
                        ShimHeader.STREAM_ACK_LENGTH);
                owner.writeAndFlush(f, owner.voidPromise());
            }
        } else {
            malformed[ShimHeader.Problem.LENGTH_MISMATCH.ordinal()]++;
        }
        pkt.release();
    }

    private void onStats(int kind, DatagramPacket pkt) {
        ByteBuf c = pkt.content();
        int src = ShimHeader.source(c);
        ByteBuf body = c.slice(c.readerIndex() + ShimHeader.LENGTH, ShimHeader.payloadLength(c));
        if (kind == ShimHeader.KIND_STATS_REQUEST) {
            boolean reset = body.isReadable() && (body.getByte(body.readerIndex()) & 1) != 0;
            if (reset) {
                stats.reset(src, false);
                reseqAtReset.put(src, new long[] {reseq.timeouts(), reseq.releasedInOrderFromQueue()});
            }
            String counters = stats.json(src);
            // this receiver's resequencer counters (all its senders) since this sender's measurement began travel
            // with the per-sender counters
            long[] base = reseqAtReset.getOrDefault(src, new long[2]);
            String withReseq = counters.substring(0, counters.length() - 1) + ",\"resequencer\":{\"timeouts\":"
                    + (reseq.timeouts() - base[0]) + ",\"fixed\":" + (reseq.releasedInOrderFromQueue() - base[1])
                    + "}}";
            byte[] json = (reset ? "{}" : withReseq).getBytes(StandardCharsets.UTF_8);
            sender.sendControl(pkt.sender(), src, ShimHeader.KIND_STATS_REPLY, Unpooled.wrappedBuffer(json),
                    clock.toEpoch(clock.nanoTime()));
        } else {
            PendingQuery q = queries.remove(src);
            if (q != null) {
                String receiver = body.toString(StandardCharsets.UTF_8);
                Voq v = voqs.get(src);
                long[] base = senderBaseline.getOrDefault(src, new long[4]);
                if (q.reset() && v != null) {
                    senderBaseline.put(src, new long[] {v.sentPackets(), v.sentBytes(), v.droppedPackets(),
                        injector.lostNanos()});
                    base = senderBaseline.get(src);
                }
                String senderJson = v == null ? "{\"sent_packets\":0,\"sent_bytes\":0,\"dropped_packets\":0}"
                        : "{\"sent_packets\":" + (v.sentPackets() - base[0]) + ",\"sent_bytes\":"
                        + (v.sentBytes() - base[1]) + ",\"dropped_packets\":" + (v.droppedPackets() - base[2])
                        + ",\"rate_bps\":" + v.bucket().rateBitsPerSecond() + ",\"stall_lost_ns\":"
                        + (injector.lostNanos() - base[3]) + "}";
                String json = "{\"sender\":" + senderJson + ",\"receiver\":" + receiver + "}";
                reply(q.app(), LocalFrames.STATS, json);
            }
        }
        pkt.release();
    }

    // ---- local API ----------------------------------------------------------------------------------------

    private static void reply(Channel app, byte op, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        ByteBuf f = app.alloc().buffer(1 + b.length);
        f.writeByte(op).writeBytes(b);
        app.writeAndFlush(f);
    }

    /** Frames of one application connection waiting for room in a VOQ, in arrival order. */
    private static final class Stalled {
        final Voq voq;
        final java.util.ArrayDeque<ByteBuf> frames = new java.util.ArrayDeque<>();

        Stalled(Voq voq) {
            this.voq = voq;
        }
    }

    private static final io.netty.util.AttributeKey<Stalled> STALLED = io.netty.util.AttributeKey.valueOf("stalled");

    /**
     * Segments a send frame (op byte already read) into its VOQ if all its packets fit; otherwise leaves it
     * untouched and says so. Data accepted here is never dropped by the VOQ.
     */
    private boolean enqueue(ByteBuf f) {
        int kind = f.getByte(f.readerIndex() - 1) == LocalFrames.STREAM_SEND ? ShimHeader.KIND_STREAM
                : ShimHeader.KIND_DATA;
        int dstId = f.getInt(f.readerIndex());
        Voq v = voqFor(dstId);
        int bytes = f.readableBytes() - 4;
        int packets = Math.max(1, (bytes + ShimHeader.MAX_PAYLOAD - 1) / ShimHeader.MAX_PAYLOAD);
        if (!v.hasRoom(packets, bytes)) {
            return false;
        }
        f.skipBytes(4);
        while (f.isReadable()) {
            v.offer(f.readRetainedSlice(Math.min(ShimHeader.MAX_PAYLOAD, f.readableBytes())), kind);
        }
        injector.kick();
        return true;
    }

    /** After the injector drained some packets: feed stalled connections and resume reading them. */
    private void resumePaused() {
        for (int i = paused.size() - 1; i >= 0; i--) {
            Channel ch = paused.get(i);
            Stalled st = ch.attr(STALLED).get();
            while (st != null && !st.frames.isEmpty() && enqueue(st.frames.peek())) {
                st.frames.poll().release();
            }
            if (st == null || st.frames.isEmpty()) {
                ch.attr(STALLED).set(null);
                ch.config().setAutoRead(true);
                paused.remove(i);
            }
        }
    }

    private Voq voqFor(int dstId) {
        Voq v = voqs.get(dstId);
        if (v == null) {
            InetSocketAddress dst = new InetSocketAddress(intToAddress(dstId), config.dataPort());
            long now = clock.nanoTime();
            v = voqs.getOrCreate(dstId, dst, config.defaultRate(), now);
            injector.setRate(v, config.defaultRate(), now);
        }
        return v;
    }

    private final class LocalApi extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf f = (ByteBuf) msg;
            try {
                if (!f.isReadable()) {
                    reply(ctx.channel(), LocalFrames.ERROR, "local api: empty frame");
                    return;
                }
                byte op = f.readByte();
                switch (op) {
                    case LocalFrames.SEND -> send(ctx, f);
                    case LocalFrames.SUBSCRIBE -> subscribers.add(ctx.channel());
                    case LocalFrames.QUERY -> query(ctx, f);
                    case LocalFrames.STREAM_OPEN -> openStream(ctx, f);
                    case LocalFrames.STREAM_SEND -> sendFragment(ctx, f);
                    case LocalFrames.STREAM_ACK -> ackStream(ctx, f);
                    default -> reply(ctx.channel(), LocalFrames.ERROR, "local api: unknown operation 0x"
                            + Integer.toHexString(op & 255) + ", expected S, R, Q, O, M or A");
                }
            } finally {
                f.release();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // an application that went away mid-write (broken pipe, reset): drop its connection
            LOG.debug("local api {}: {}", ctx.channel().remoteAddress(), cause.toString());
            ctx.close();
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            locals.add(ctx.channel());
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            locals.remove(ctx.channel());
            streamOwners.values().removeIf(ch -> ch == ctx.channel());
            subscribers.remove(ctx.channel());
            paused.remove(ctx.channel());
            Stalled st = ctx.channel().attr(STALLED).getAndSet(null);
            if (st != null) {
                st.frames.forEach(ByteBuf::release);
            }
        }

        private void send(ChannelHandlerContext ctx, ByteBuf f) {
            if (f.readableBytes() < 4) {
                reply(ctx.channel(), LocalFrames.ERROR, "local api: send frame of " + (f.readableBytes() + 1)
                        + " bytes, expected at least 5 (op + IPv4 destination)");
                return;
            }
            Stalled stalled = ctx.channel().attr(STALLED).get();
            if (stalled != null) {
                stalled.frames.add(f.retain()); // keep order behind the frame already waiting
                return;
            }
            if (!enqueue(f)) {
                Stalled st = new Stalled(voqFor(f.getInt(f.readerIndex())));
                st.frames.add(f.retain());
                ctx.channel().attr(STALLED).set(st);
                ctx.channel().config().setAutoRead(false);
                paused.add(ctx.channel());
            }
        }

        private void openStream(ChannelHandlerContext ctx, ByteBuf f) {
            if (f.readableBytes() != 8) {
                reply(ctx.channel(), LocalFrames.ERROR, "local api: stream open frame of " + (f.readableBytes() + 1)
                        + " bytes, expected 9 (op + stream id)");
                return;
            }
            streamOwners.put(f.readLong(), ctx.channel());
        }

        private void sendFragment(ChannelHandlerContext ctx, ByteBuf f) {
            int fragment = f.readableBytes() - 4;
            String problem = StreamFragment.problem(fragment, fragment > 0 ? f.getUnsignedByte(f.readerIndex() + 4)
                    : -1);
            if (problem != null) {
                reply(ctx.channel(), LocalFrames.ERROR, "local api: 'M' frame: " + problem);
                return;
            }
            send(ctx, f);
        }

        private void ackStream(ChannelHandlerContext ctx, ByteBuf f) {
            if (f.readableBytes() != 4 + ShimHeader.STREAM_ACK_LENGTH) {
                reply(ctx.channel(), LocalFrames.ERROR, "local api: stream ack frame of " + (f.readableBytes() + 1)
                        + " bytes, expected 22 (op + source IPv4 + stream id + next + flags)");
                return;
            }
            int src = f.readInt();
            Voq v = voqs.get(src);
            InetSocketAddress to = v != null ? v.dst() : new InetSocketAddress(intToAddress(src), config.dataPort());
            sender.sendControl(to, src, ShimHeader.KIND_STREAM_ACK, f.retainedSlice(), clock.toEpoch(clock.nanoTime()));
        }

        private void query(ChannelHandlerContext ctx, ByteBuf f) {
            if (f.readableBytes() < 5) {
                reply(ctx.channel(), LocalFrames.ERROR, "local api: query frame of " + (f.readableBytes() + 1)
                        + " bytes, expected 6 (op + IPv4 destination + reset flag)");
                return;
            }
            int dstId = f.readInt();
            boolean reset = f.readByte() != 0;
            Voq v = voqFor(dstId);
            Channel app = ctx.channel();
            long deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            Runnable[] ask = new Runnable[1];
            ask[0] = () -> {
                if (!reset && v.sizePackets() > 0 && clock.nanoTime() - deadline < 0) {
                    loop.schedule(ask[0], 5, TimeUnit.MILLISECONDS); // let the VOQ drain first
                    return;
                }
                loop.schedule(() -> askPeer(app, v, dstId, reset, 1), reset ? 0 : 50, TimeUnit.MILLISECONDS);
            };
            ask[0].run();
        }
    }

    /** Sends a statistics request to the peer; retries up to 3 times, 1 s apart, then reports an error frame. */
    private void askPeer(Channel app, Voq v, int dstId, boolean reset, int attempt) {
        queries.put(dstId, new PendingQuery(app, reset));
        sender.sendControl(v.dst(), dstId, ShimHeader.KIND_STATS_REQUEST,
                Unpooled.wrappedBuffer(new byte[] {(byte) (reset ? 1 : 0)}), clock.toEpoch(clock.nanoTime()));
        loop.schedule(() -> {
            PendingQuery q = queries.get(dstId);
            if (q == null || q.app() != app) {
                return;
            }
            if (attempt < 3) {
                askPeer(app, v, dstId, reset, attempt + 1);
            } else {
                queries.remove(dstId);
                reply(app, LocalFrames.ERROR, "local api: no statistics reply from " + ShimHeader.idToString(dstId)
                        + ":" + v.dst().getPort() + " after 3 requests, 1 s apart");
            }
        }, 1, TimeUnit.SECONDS);
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

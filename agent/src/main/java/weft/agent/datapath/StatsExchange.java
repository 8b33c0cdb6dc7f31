package weft.agent.datapath;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import weft.agent.voq.Voq;
import weft.model.host.reseq.HybridResequencer;

/**
 * The statistics protocol between agents, on the data-path loop: answers a peer's request (shim kind 1) with this
 * receiver's counters for that sender ({@link PathStats}, shim kind 2; a request with the reset bit starts a new
 * measurement and is answered {@code {}}), and runs the applications' queries ({@link StatsQueries}, one timer)
 * whose replies it joins with the sender's own counters since the measurement began.
 */
final class StatsExchange implements StatsQueries.Out<Channel> {
    private final DataPath path;
    private final StatsQueries<Channel> queries = new StatsQueries<>();
    /** The VOQ's (sent packets, sent bytes, dropped packets) and the injector's lost time at each start. */
    private final Map<Integer, long[]> senderBaseline = new HashMap<>();
    /** The resequencer's (timeouts, fixed, skipped) when each sender last started a measurement here. */
    private final Map<Integer, long[]> reseqAtReset = new HashMap<>();
    private boolean armed;
    private long wake;

    StatsExchange(DataPath path) {
        this.path = path;
    }

    private long now() {
        return path.clock().nanoTime();
    }

    private boolean backlogged(int dst) {
        Voq v = path.voqs().get(dst);
        return v != null && v.sizePackets() > 0;
    }

    /** {@code app} asks for the path to {@code dst} (a 'Q' frame). */
    void query(Channel app, int dst, boolean reset) {
        Voq v = path.voqFor(dst);
        queries.query(app, dst, reset, ShimHeader.idToString(dst) + ":" + v.dst().getPort(), now(),
                this::backlogged, this);
        arm();
    }

    /** {@code app} closed. */
    void forget(Channel app) {
        queries.forget(app);
    }

    @Override
    public void ask(int dst, boolean reset) {
        Voq v = path.voqs().get(dst);
        InetSocketAddress to = v != null ? v.dst()
                : new InetSocketAddress(DataPath.intToAddress(dst), path.config().dataPort());
        path.sender().sendControl(to, dst, ShimHeader.KIND_STATS_REQUEST,
                Unpooled.wrappedBuffer(new byte[] {(byte) (reset ? 1 : 0)}), path.clock().toEpoch(now()));
    }

    @Override
    public void fail(Channel app, String message) {
        reply(app, LocalFrames.ERROR, message);
    }

    /** One timer for the earliest deadline of the queries (an earlier one already armed covers it). */
    private void arm() {
        if (queries.size() == 0) {
            return;
        }
        long next = queries.nextDeadline();
        if (armed && wake - next <= 0) {
            return;
        }
        armed = true;
        wake = next;
        path.loop().schedule(() -> {
            if (wake != next) {
                return; // an earlier timer took over
            }
            armed = false;
            queries.tick(now(), this::backlogged, this);
            arm();
        }, Math.max(0, next - now()), TimeUnit.NANOSECONDS);
    }

    /** A statistics request or reply arrived (the caller releases {@code pkt}). */
    void onDatagram(int kind, DatagramPacket pkt) {
        ByteBuf c = pkt.content();
        int src = ShimHeader.source(c);
        ByteBuf body = c.slice(c.readerIndex() + ShimHeader.LENGTH, ShimHeader.payloadLength(c));
        if (kind == ShimHeader.KIND_STATS_REQUEST) {
            boolean reset = body.isReadable() && (body.getByte(body.readerIndex()) & 1) != 0;
            HybridResequencer<?> reseq = path.delivery().reseq();
            long[] counts = {reseq.timeouts(), reseq.releasedInOrderFromQueue(), reseq.skippedSequenceNumbers()};
            if (reset) {
                path.stats().reset(src, false);
                reseqAtReset.put(src, counts);
            }
            long[] base = reseqAtReset.getOrDefault(src, new long[counts.length]);
            long threshold = reseq.maxDelay(src);
            byte[] answer = reset ? PathStats.STARTED : PathStats.encode(path.stats().counters(src,
                    new PathStats.Resequencer(counts[0] - base[0], counts[1] - base[1], counts[2] - base[2],
                            threshold < 0 ? -1 : threshold / 1000)));
            path.sender().sendControl(pkt.sender(), src, ShimHeader.KIND_STATS_REPLY, Unpooled.wrappedBuffer(answer),
                    path.clock().toEpoch(now()));
            return;
        }
        StatsQueries.Pending<Channel> q = queries.replied(src);
        if (q == null) {
            return;
        }
        byte[] receiver = new byte[body.readableBytes()];
        body.getBytes(body.readerIndex(), receiver);
        Voq v = path.voqs().get(src);
        long[] base = senderBaseline.getOrDefault(src, new long[4]);
        if (q.reset() && v != null) {
            base = new long[] {v.sentPackets(), v.sentBytes(), v.droppedPackets(), path.injector().lostNanos()};
            senderBaseline.put(src, base);
        }
        PathStats.Sender sender = v == null ? new PathStats.Sender(0, 0, 0, null, null)
                : new PathStats.Sender(v.sentPackets() - base[0], v.sentBytes() - base[1],
                        v.droppedPackets() - base[2], v.bucket().rateBitsPerSecond(),
                        path.injector().lostNanos() - base[3]);
        try {
            reply(q.app(), LocalFrames.STATS, PathStats.reply(sender, receiver, ShimHeader.idToString(src)));
        } catch (IllegalArgumentException e) {
            reply(q.app(), LocalFrames.ERROR, "local api: " + e.getMessage());
        }
    }

    /** One frame to an application: {@code op} and UTF-8 {@code text}. */
    static void reply(Channel app, byte op, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        ByteBuf f = app.alloc().buffer(1 + b.length);
        f.writeByte(op).writeBytes(b);
        app.writeAndFlush(f);
    }
}

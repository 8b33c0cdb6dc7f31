package weft.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;
import weft.agent.datapath.ShimHeader;
import weft.agent.voq.Voq;
import weft.agent.voq.VoqTable;
import weft.model.host.path.PathPolicy;
import weft.model.host.reseq.HybridResequencer;
import weft.model.host.shaping.Backlog;
import weft.model.host.shaping.PeriodicSelection;
import weft.model.host.shaping.TokenBucket;

/**
 * The agent's per-packet operations, one benchmark each, to be run with {@code -prof gc}: the time per packet
 * (ns/op) and the heap allocated per packet ({@code gc.alloc.rate.norm}, B/op), which must be 0 on this path so
 * that a busy agent does not feed the garbage collector. Each operation works on state set up once, as the data-path
 * thread does (a VOQ, a token bucket at 1 Gbit/s, Periodic Selection over 8 backlogged flows, a shim header into a
 * pooled direct buffer, the hybrid resequencer with in-order and with pairwise-swapped arrivals, the Sorted Deficit
 * path policy over 4 paths).
 *
 * <pre>
 * integration-tests/jmh.sh AgentHotPathBenchmark -prof gc
 * </pre>
 */
public class AgentHotPathBenchmark extends PacketPathBenchmark {
    private static final int FLOWS = 8;
    private static final int WIRE = 1480;

    private Voq voq;
    private ByteBuf payload;
    private TokenBucket bucket;
    private long clock;
    private PeriodicSelection ps;
    private final Backlog allReady = new Backlog() {
        @Override
        public boolean backlogged(int flow) {
            return true;
        }

        @Override
        public int readyBytes(int flow, long nowNanos) {
            return WIRE;
        }

        @Override
        public long earliestReadyNanos(long nowNanos) {
            return nowNanos;
        }
    };
    private ByteBuf shim;
    private HybridResequencer<Object> reseq;
    private long delivered;
    private int seq;
    private final Object packet = new Object();
    private PathPolicy sortedDeficit;

    @Setup
    public void setUp() {
        VoqTable table = new VoqTable(4, 512, 512L * ShimHeader.MAX_PAYLOAD, 2 * 1538);
        voq = table.getOrCreate(0x0A000002, new InetSocketAddress("10.0.0.2", 7470), 1_000_000_000L, 0);
        payload = PooledByteBufAllocator.DEFAULT.directBuffer(ShimHeader.MAX_PAYLOAD).writeZero(1400);
        bucket = new TokenBucket(1_000_000_000L, 2 * 1538, 0);
        ps = new PeriodicSelection(FLOWS);
        for (int f = 0; f < FLOWS; f++) {
            ps.setRate(f, 10_000_000L * (f + 1));
        }
        shim = PooledByteBufAllocator.DEFAULT.directBuffer(ShimHeader.LENGTH + 1400);
        reseq = new HybridResequencer<>(64, 1024, 10_000_000L, HybridResequencer.LateMode.DELIVER_LATE,
                (s, q, ts, p, late) -> delivered++);
        sortedDeficit = PathPolicy.create("sd", 64, 16, 1, new SplittableRandom(1));
    }

    @TearDown
    public void tearDown() {
        payload.release();
        shim.release();
    }

    /** One packet into the VOQ and out again (the ring and its counters). */
    @Benchmark
    public ByteBuf voqEnqueueDequeue() {
        voq.offer(payload, 0);
        int kind = voq.headKind();
        ByteBuf b = voq.poll();
        voq.stampSent(WIRE + kind);
        return b;
    }

    /** When the head packet conforms, then charging it (1 Gbit/s, 2-frame depth). */
    @Benchmark
    public boolean tokenBucketConformAndConsume() {
        clock += 12_000; // one 1480 B packet at 1 Gbit/s is 11.84 us
        long at = bucket.conformingAtNanos(WIRE, clock);
        return bucket.tryConsume(WIRE, Math.max(at, clock));
    }

    /** One Periodic Selection decision over 8 backlogged flows and its bookkeeping. */
    @Benchmark
    public int periodicSelectionChoice() {
        clock += 1_000_000;
        int f = ps.select(allReady, clock);
        if (f >= 0) {
            ps.sent(f, WIRE, clock);
        }
        return f;
    }

    /** Writing a shim header, then checking and reading it as the receiver does. */
    @Benchmark
    public void shimEncodeDecode(Blackhole bh) {
        shim.clear();
        ShimHeader.write(shim, 7, 0x0A000001, 0x0A000002, seq++, 1_700_000_000_000_000_000L, 3,
                ShimHeader.KIND_DATA, 1400);
        shim.writerIndex(ShimHeader.LENGTH + 1400);
        bh.consume(ShimHeader.check(shim));
        bh.consume(ShimHeader.source(shim));
        bh.consume(ShimHeader.sequence(shim));
        bh.consume(ShimHeader.timestamp(shim));
        bh.consume(ShimHeader.payloadLength(shim));
    }

    /** An in-order packet into the resequencer and out to the sink. */
    @Benchmark
    public long resequencerInOrder() {
        int s = seq++;
        reseq.onArrival(1, s, s * 1000L, s * 1000L + 50_000, packet);
        return delivered;
    }

    /** Two packets arriving swapped: the first waits in the queue, the second releases both. */
    @Benchmark
    public long resequencerSwappedPair() {
        int s = seq;
        seq += 2;
        reseq.onArrival(2, s + 1, (s + 1) * 1000L, (s + 1) * 1000L + 50_000, packet);
        reseq.onArrival(2, s, s * 1000L, s * 1000L + 60_000, packet);
        return delivered;
    }

    /** A Sorted Deficit path choice among 4 paths. */
    @Benchmark
    public int pathChoiceSortedDeficit() {
        return sortedDeficit.choose(0, 4, WIRE);
    }
}

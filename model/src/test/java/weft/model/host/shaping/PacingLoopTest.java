package weft.model.host.shaping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The injector's decision loop: late wake-ups are made up at their due times, within the catch-up window. */
class PacingLoopTest {
    private static final int PACKET = 1500;
    private static final int DEPTH = 2 * 1538;

    /** One always-backlogged flow whose head packet conforms when its token bucket allows. */
    private static final class BucketBacklog implements Backlog {
        final TokenBucket bucket;

        BucketBacklog(TokenBucket bucket) {
            this.bucket = bucket;
        }

        @Override
        public boolean backlogged(int flow) {
            return true;
        }

        @Override
        public int readyBytes(int flow, long nowNanos) {
            return bucket.conformingAtNanos(PACKET, nowNanos) - nowNanos <= 0 ? PACKET : 0;
        }

        @Override
        public long earliestReadyNanos(long nowNanos) {
            return bucket.conformingAtNanos(PACKET, nowNanos);
        }
    }

    @Test
    @DisplayName("Seed 004 §4.5.3 pacer: wake-ups up to 3 ms late, 2-MTU bucket, 200 Mbit/s for 1 s -> rate x 1 s")
    void lateWakeUpsCostNoRate() {
        long rate = 200_000_000L;
        PeriodicSelection ps = new PeriodicSelection(1);
        ps.setRate(0, rate);
        TokenBucket bucket = new TokenBucket(rate, DEPTH, 0);
        BucketBacklog backlog = new BucketBacklog(bucket);
        long[] bytesBeforeOneSecond = new long[1];
        PacingLoop.Emitter emitter = (f, t) -> {
            assertThat(bucket.tryConsume(PACKET, t)).as("charged at its decision time %d", t).isTrue();
            if (t < 1_000_000_000L) {
                bytesBeforeOneSecond[0] += PACKET;
            }
            return PACKET;
        };
        PacingLoop loop = new PacingLoop(20_000_000L);
        SplittableRandom jitter = new SplittableRandom(5);
        long wall = 0;
        while (wall < 1_100_000_000L) {
            loop.run(wall, ps, backlog, emitter, 64);
            long due = loop.nextDueNanos();
            wall = Math.max(wall + 1, due) + jitter.nextLong(3_000_000L); // the host wakes up 0-3 ms late
        }
        long ideal = rate / 8; // bytes in one second
        assertThat(bytesBeforeOneSecond[0]).isBetween(ideal - PACKET, ideal + DEPTH);
        assertThat(loop.lostNanos()).isZero();
    }

    @Test
    @DisplayName("Lateness beyond the catch-up window is lost and counted; the window itself is made up")
    void latenessBeyondTheWindowIsLost() {
        PeriodicSelection ps = new PeriodicSelection(1);
        ps.setRate(0, 8_000_000L); // 1000 B packets: one slot per ms
        FixedBacklog backlog = FixedBacklog.infinite(1000, 1);
        List<Long> decisions = new ArrayList<>();
        PacingLoop loop = new PacingLoop(20_000_000L);
        assertThat(loop.run(0, ps, backlog, (f, t) -> record(decisions, t), 1000)).isEqualTo(1);
        assertThat(loop.nextDueNanos()).isEqualTo(1_000_000L);
        // the next wake-up comes 50 ms after the decision due at 1 ms: 30 ms are lost, 20 ms are made up
        int sent = loop.run(51_000_000L, ps, backlog, (f, t) -> record(decisions, t), 1000);
        assertThat(loop.lostNanos()).isEqualTo(30_000_000L);
        assertThat(sent).isEqualTo(21);
        assertThat(decisions.get(1)).isEqualTo(31_000_000L);
        assertThat(decisions.get(21)).isEqualTo(51_000_000L);
    }

    @Test
    @DisplayName("A wake-up before anything is due (new data) decides at the wall-clock time: idle time is not banked")
    void newDataDecidesNow() {
        PeriodicSelection ps = new PeriodicSelection(1);
        ps.setRate(0, 8_000_000L);
        FixedBacklog backlog = new FixedBacklog(1000, 1);
        List<Long> decisions = new ArrayList<>();
        PacingLoop loop = new PacingLoop(20_000_000L);
        loop.run(0, ps, backlog, (f, t) -> {
            backlog.take(f);
            return record(decisions, t);
        }, 1000);
        assertThat(loop.nextDueNanos()).isEqualTo(Long.MAX_VALUE);
        backlog.queued[0] = 3; // data arrives at 100 ms
        loop.run(100_000_000L, ps, backlog, (f, t) -> {
            backlog.take(f);
            return record(decisions, t);
        }, 1000);
        assertThat(decisions).containsExactly(0L, 100_000_000L);
        assertThat(loop.nextDueNanos()).isEqualTo(101_000_000L);
        assertThat(loop.lostNanos()).isZero();
    }

    private static int record(List<Long> decisions, long t) {
        decisions.add(t);
        return 1000;
    }
}

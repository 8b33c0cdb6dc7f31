package weft.model.host.reseq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.host.reseq.HybridResequencer.LateMode;

class HybridResequencerTest {
    /** One delivery: sequence number, receiver time, out-of-order flag. */
    record Out(int seq, long at, boolean late) {
    }

    private final List<Out> out = new ArrayList<>();
    private long clock;

    private HybridResequencer<String> reseq(LateMode mode, long initialMaxDelay) {
        return new HybridResequencer<>(4, 64, initialMaxDelay, mode,
                (sender, seq, ts, p, late) -> out.add(new Out(seq, clock, late)));
    }

    private void arrive(HybridResequencer<String> r, long now, int seq, long ts) {
        clock = now;
        r.onTimer(now);
        r.onArrival(1, seq, ts, now, "p" + seq);
    }

    private void tick(HybridResequencer<String> r, long now) {
        clock = now;
        r.onTimer(now);
    }

    /** A trace hand-computed from the rule of seed 004 §3.4.3 (µs); receiver clock = sender clock + 1000; #3 lost. */
    private void tv8(HybridResequencer<String> r) {
        arrive(r, 1020, 0, 0);
        arrive(r, 1035, 2, 20);
        assertThat(r.nextDeadline()).isEqualTo(1060);
        arrive(r, 1048, 1, 10);
        assertThat(r.nextDeadline()).isEqualTo(Long.MAX_VALUE); // timer cancelled
        arrive(r, 1052, 4, 40);
        assertThat(r.nextDeadline()).isEqualTo(1080);
        arrive(r, 1070, 6, 60);
        arrive(r, 1075, 5, 50);
        assertThat(r.queued(1)).isEqualTo(3);
        tick(r, 1079);
        assertThat(r.queued(1)).isEqualTo(3);
        tick(r, 1080);
    }

    @Test
    @DisplayName("Seed 004 §3.4.3 (hand-computed from its rule): #3 lost, #4-#6 released by the timer at 1080")
    void tv8Normal() {
        HybridResequencer<String> r = reseq(LateMode.FAITHFUL, 1040);
        tv8(r);
        assertThat(out).containsExactly(new Out(0, 1020, false), new Out(1, 1048, false), new Out(2, 1048, false),
                new Out(4, 1080, false), new Out(5, 1080, false), new Out(6, 1080, false));
        assertThat(r.expected(1)).isEqualTo(7);
        assertThat(r.skippedSequenceNumbers()).isEqualTo(1);
        // resequencing delays #2 = 13, #4 = 28, #5 = 5, #6 = 10 (delivery time - arrival time)
        assertThat(1048 - 1035).isEqualTo(13);
        assertThat(r.reorderedArrivals()).isEqualTo(4); // #2, #4, #6, #5 did not carry the ESN
    }

    @Test
    @DisplayName("Seed 004 §3.4.3 (hand-computed from its rule): FAITHFUL late #3 rolls the ESN back; #7 then waits "
            + "until 1125")
    void tv8bFaithfulLatePacket() {
        HybridResequencer<String> r = reseq(LateMode.FAITHFUL, 1040);
        tv8(r);
        out.clear();
        arrive(r, 1085, 3, 30);
        assertThat(r.maxDelay(1)).isEqualTo(1055);
        assertThat(out).containsExactly(new Out(3, 1085, true));
        assertThat(r.expected(1)).isEqualTo(4);
        clock = 1085;
        r.onArrival(1, 7, 70, 1085, "p7"); // any time before 1125
        tick(r, 1124);
        assertThat(out).hasSize(1);
        tick(r, 1125);
        assertThat(out).containsExactly(new Out(3, 1085, true), new Out(7, 1125, false));
    }

    @Test
    @DisplayName("Decision (docs/sources.md): DELIVER_LATE hands late #3 up at once and keeps ESN 7 for #7")
    void tv8bDeliverLate() {
        HybridResequencer<String> r = reseq(LateMode.DELIVER_LATE, 1040);
        tv8(r);
        out.clear();
        arrive(r, 1085, 3, 30);
        arrive(r, 1086, 7, 70);
        assertThat(out).containsExactly(new Out(3, 1085, true), new Out(7, 1086, false));
        assertThat(r.expected(1)).isEqualTo(8);
        assertThat(r.outOfOrderDeliveries()).isEqualTo(1);
    }

    @Test
    @DisplayName("Seed 004 §3.4.3 property 5 (hand-computed from its rule): a sender restart at seq 0 re-syncs at "
            + "6040")
    void tv8cSenderRestart() {
        for (LateMode mode : LateMode.values()) {
            out.clear();
            HybridResequencer<String> r = reseq(mode, 1040);
            for (int i = 0; i < 500; i++) {
                arrive(r, i + 1020, i, i);
            }
            assertThat(r.expected(1)).isEqualTo(500);
            out.clear();
            arrive(r, 6020, 0, 5000);
            arrive(r, 6030, 1, 5010);
            assertThat(out).isEmpty();
            assertThat(r.nextDeadline()).isEqualTo(6040);
            tick(r, 6040);
            arrive(r, 6045, 2, 5020);
            assertThat(out).as(mode.name()).containsExactly(new Out(0, 6040, false), new Out(1, 6040, false),
                    new Out(2, 6045, false));
        }
    }

    @Test
    void fullQueueReleasesItsHeadAndIdleSendersAreForgotten() {
        HybridResequencer<String> r = new HybridResequencer<>(2, 2, 1000, LateMode.DELIVER_LATE,
                (sender, seq, ts, p, late) -> out.add(new Out(seq, 0, late)));
        r.onArrival(9, 1, 1, 1, "a");
        r.onArrival(9, 2, 2, 2, "b");
        r.onArrival(9, 3, 3, 3, "c"); // queue of 2 full: head #1 forced out, then #2
        assertThat(out).extracting(Out::seq).containsExactly(1, 2);
        r.onTimer(10_000);
        r.evictIdle(20_000, 5_000);
        assertThat(r.expected(9)).isEqualTo(-1);
    }

    @Test
    @DisplayName("A batch read after the receiver stalled: per packet, #2 times out before #1 behind it in the "
            + "batch is taken; per batch, #1 fills the gap first")
    void batchReadAfterAReceiverStall() {
        for (boolean batch : new boolean[] {false, true}) {
            out.clear();
            HybridResequencer<String> r = reseq(LateMode.DELIVER_LATE, 100);
            arrive(r, 10, 0, 0);
            arrive(r, 30, 2, 20); // #1 is on the slower path; #2 waits, due at 20 + 100
            // the receiver is not scheduled from 40 to 400; #3 (fast path) and #1 wait in its socket
            clock = 400;
            if (batch) {
                r.onBatchArrival(1, 3, 30, 400, "p3");
                r.onBatchArrival(1, 1, 10, 400, "p1");
                r.onTimer(400);
            } else {
                r.onArrival(1, 3, 30, 400, "p3"); // the age threshold becomes 370: #2 is due at 390
                r.onArrival(1, 1, 10, 400, "p1");
            }
            assertThat(out).extracting(Out::seq).as(batch ? "per batch" : "per packet")
                    .containsExactly(batch ? new Integer[] {0, 1, 2, 3} : new Integer[] {0, 2, 3, 1});
            assertThat(r.timeouts()).isEqualTo(batch ? 0 : 1);
        }
    }

    @Property(tries = 100, seed = "5")
    @Label("Seed 004 §3.4: any reordering within the age threshold is fully repaired, nothing lost")
    void boundedReorderingIsRepaired(@ForAll @IntRange(min = 1, max = 500) int n,
                                     @ForAll @IntRange(min = 0, max = 1_000_000) int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<long[]> arrivals = new ArrayList<>(); // {arrivalTime, seq, ts}
        for (int i = 0; i < n; i++) {
            long ts = i * 10L;
            arrivals.add(new long[] {ts + 100 + rnd.nextInt(50), i, ts}); // path delay 100..149
        }
        Collections.sort(arrivals, (a, b) -> Long.compare(a[0], b[0]));
        List<Integer> seqs = new ArrayList<>();
        HybridResequencer<String> r = new HybridResequencer<>(1, 64, 149, LateMode.DELIVER_LATE,
                (sender, seq, ts, p, late) -> seqs.add(seq));
        for (long[] a : arrivals) {
            r.onTimer(a[0]);
            r.onArrival(3, (int) a[1], a[2], a[0], "x");
        }
        r.onTimer(Long.MAX_VALUE / 2);
        assertThat(seqs).hasSize(n).isSorted();
        assertThat(r.outOfOrderDeliveries()).isZero();
    }
}

package weft.model.host.shaping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PeriodicSelectionTest {
    /** d_p = 1000 B and line rate 8 Mbit/s, so one time unit of the papers is 1 ms. */
    private static final int DP = 1000;
    private static final long UNIT = 1_000_000L;

    /** Runs PS for {@code slots} injections calling select exactly when asked; returns picks and send times. */
    private static List<long[]> run(PeriodicSelection ps, Backlog backlog, int slots) {
        List<long[]> out = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < slots; i++) {
            t = ps.nextSelectNanos(backlog, t);
            int f = ps.select(backlog, t);
            assertThat(f).isNotNegative();
            ps.sent(f, DP, t);
            out.add(new long[] {f, t});
        }
        return out;
    }

    private static String names(List<long[]> picks) {
        StringBuilder sb = new StringBuilder();
        for (long[] p : picks) {
            sb.append((char) ('A' + p[0]));
        }
        return sb.toString();
    }

    /** Periodic Selection over one flow per rate given (bit/s), flow i at {@code rates[i]}. */
    private static PeriodicSelection selection(long... rates) {
        PeriodicSelection ps = new PeriodicSelection(rates.length);
        for (int f = 0; f < rates.length; f++) {
            ps.setRate(f, rates[f]);
        }
        return ps;
    }

    @Test
    @DisplayName("Seed 000 §5.2.1 (hand-computed from its rule): r = (1/2, 1/4, 1/8), picks A B C A A B A, gaps 8/7, "
            + "period 7 in 8")
    void thesisE9Schedule() {
        PeriodicSelection ps = selection(4_000_000L, 2_000_000L, 1_000_000L);
        List<long[]> picks = run(ps, FixedBacklog.infinite(DP, 3), 14);
        assertThat(names(picks)).isEqualTo("ABCAABA" + "ABCAABA");
        assertThat(ps.aggregateRate()).isEqualTo(7_000_000L);
        // one packet every d_p/R = 8/7 units: slot k starts at floor(8k/7) ms-units exactly (remainder carried)
        for (int k = 0; k < picks.size(); k++) {
            assertThat(picks.get(k)[1]).isEqualTo(8L * k * UNIT / 7);
        }
        assertThat(picks.get(7)[1]).isEqualTo(8 * UNIT); // the cycle repeats after 8 units
    }

    @Test
    @DisplayName("Seed 003 §6 (hand-computed from its rule): r = (1/2, 1/4, 1/4), slot 1, A B C A | A B C A, "
            + "D = (6, 3, 3)")
    void systorEqualAggregate() {
        List<long[]> picks = run(selection(4_000_000L, 2_000_000L, 2_000_000L), FixedBacklog.infinite(DP, 3), 12);
        assertThat(names(picks)).isEqualTo("ABCAABCAABCA");
        assertThat(picks.stream().filter(p -> p[0] == 0).count()).isEqualTo(6);
        assertThat(picks.stream().filter(p -> p[0] == 1).count()).isEqualTo(3);
        assertThat(picks.get(11)[1]).isEqualTo(11 * UNIT);
    }

    @Test
    @DisplayName("Seed 003 §6 (hand-computed from its rule): r = (1/3, 1/6), slot 2, A B A | A B A, D = (6, 3) at "
            + "t = 18")
    void systorTwoFlowsSlotTwo() {
        PeriodicSelection exact = new PeriodicSelection(2);
        exact.setRate(0, 2_000_000L); // the same ratio with line 6 Mbit/s: d_p/R = 8000/3e6 s
        exact.setRate(1, 1_000_000L);
        List<long[]> picks = run(exact, FixedBacklog.infinite(DP, 2), 9);
        assertThat(names(picks)).isEqualTo("ABAABAABA");
        // with a 6 Mbit/s line a unit is 8000/6e6 s; slots are 2 units apart: 0, 2, 4, ... 16 units
        assertThat(picks.get(8)[1]).isEqualTo(16 * 8000L * 1_000_000_000L / 6_000_000L);
    }

    @Test
    @DisplayName("Seed 000 §5.2.1 rule 3: a slot lost to back-pressure is not compensated")
    void lostSlotsAreNotCompensated() {
        PeriodicSelection ps = new PeriodicSelection(1);
        ps.setRate(0, 8_000_000L); // slot = 1 ms for 1000 B
        FixedBacklog backlog = new FixedBacklog(DP, 1);
        long t = ps.nextSelectNanos(backlog, 0);
        assertThat(ps.select(backlog, t)).isZero();
        ps.sent(0, DP, t);
        backlog.take(0);
        // nothing queued for 5.5 ms: slots 1..5 are lost; the next packet goes when it arrives, period restarts
        backlog.queued[0] = 2;
        long arrival = 5_500_000L;
        assertThat(ps.nextSelectNanos(backlog, arrival)).isEqualTo(arrival);
        assertThat(ps.select(backlog, arrival)).isZero();
        ps.sent(0, DP, arrival);
        assertThat(ps.nextSelectNanos(backlog, arrival)).isEqualTo(6_500_000L);
        assertThat(ps.select(backlog, 6_499_999L)).isEqualTo(-1);
    }

    @Test
    @DisplayName("Seed 000 §5.2.1 rule 4: a 2·d_p packet holds the injector for two ticks")
    void doubleSizePacketTakesTwoTicks() {
        PeriodicSelection ps = new PeriodicSelection(1);
        ps.setRate(0, 8_000_000L);
        FixedBacklog backlog = FixedBacklog.infinite(2 * DP, 1);
        ps.select(backlog, 0);
        ps.sent(0, 2 * DP, 0);
        assertThat(ps.nextSelectNanos(backlog, 0)).isEqualTo(2 * UNIT);
    }

    @Test
    void anIdleFlowDoesNotBankCredit() {
        PeriodicSelection ps = selection(4_000_000L, 4_000_000L);
        FixedBacklog backlog = new FixedBacklog(DP, Integer.MAX_VALUE, 0);
        List<long[]> first = run(ps, backlog, 10); // only A for 10 packets
        assertThat(names(first)).isEqualTo("AAAAAAAAAA");
        backlog.queued[1] = Integer.MAX_VALUE; // B wakes up: it must alternate with A, not send 10 in a row
        assertThat(names(run(ps, backlog, 6))).isIn("ABABAB", "BABABA");
    }

    @Property(tries = 100, seed = "7")
    @Label("Seed 000 Lemma 5.2.1: with infinite flows D(f)/r(f) spread stays below max d_p/r(f)")
    void spreadIsBounded(@ForAll @IntRange(min = 1, max = 50) int a, @ForAll @IntRange(min = 1, max = 50) int b,
                         @ForAll @IntRange(min = 1, max = 50) int c) {
        long[] rates = {a * 100_000L, b * 100_000L, c * 100_000L};
        PeriodicSelection ps = selection(rates);
        long[] sent = new long[3];
        FixedBacklog backlog = FixedBacklog.infinite(DP, 3);
        for (long[] p : run(ps, backlog, 500)) {
            sent[(int) p[0]] += DP;
        }
        double maxGap = 0;
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int f = 0; f < 3; f++) {
            double key = sent[f] * 8.0 / rates[f];
            min = Math.min(min, key);
            max = Math.max(max, key);
            maxGap = Math.max(maxGap, DP * 8.0 / rates[f]);
        }
        assertThat(max - min).isLessThanOrEqualTo(maxGap + 1e-9);
    }
}

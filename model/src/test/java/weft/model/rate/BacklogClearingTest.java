package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BacklogClearingTest {
    private static final RateAllocator MM = new MaxMin();
    private static final RateAllocator BP = new BacklogProportional();

    @Test
    @DisplayName("Seed 004 §5.3.3 counter example: B = [[1, 1], [1/2, 1/2], [1/2, 1/2]] (β = 2); max-min needs 3 "
            + "intervals, an optimal schedule (and BP) 2")
    void maxMinIsNotOptimal() {
        double[][] b = {{1, 1}, {0.5, 0.5}, {0.5, 0.5}};
        assertThat(BacklogClearing.beta(b)).isEqualTo(2);
        assertThat(BacklogClearing.intervals(b, MM)).isEqualTo(3);
        assertThat(BacklogClearing.intervals(b, BP)).isEqualTo(2);
    }

    @Test
    @DisplayName("Seed 004 §5.6.2 f-flow pattern (n = f² senders): max-min 2f² intervals, optimal β = f(f + 1), so "
            + "the ratio 2f/(f + 1): 8/6, 18/12, 32/20, 50/30 for f = 2..5")
    void fFlow() {
        int[][] expected = {{2, 8, 6}, {3, 18, 12}, {4, 32, 20}, {5, 50, 30}};
        for (int[] e : expected) {
            double[][] b = BacklogClearing.fFlow(e[0]);
            assertThat(b).hasNumberOfRows(e[0] * e[0]);
            assertThat(BacklogClearing.beta(b)).as("β, f = " + e[0]).isEqualTo(e[2]);
            assertThat(BacklogClearing.intervals(b, MM)).as("max-min, f = " + e[0]).isEqualTo(e[1]);
            assertThat(BacklogClearing.intervals(b, BP)).as("BP, f = " + e[0]).isEqualTo(e[2]);
        }
    }

    @Test
    @DisplayName("Seed 004 §5.6.2 two-phase pattern (hand-computed from its rule): a phase of n intervals at 1/n, then "
            + "sender 0's n - 2 units per receiver at 1/2, so max-min takes 3n - 4 intervals against β = 2(n - 1); "
            + "the ratio tends to 3/2")
    void twoPhase() {
        for (int n = 3; n <= 9; n++) {
            double[][] b = BacklogClearing.twoPhase(n);
            assertThat(BacklogClearing.beta(b)).isEqualTo(2 * (n - 1));
            assertThat(BacklogClearing.intervals(b, MM)).as("max-min, n = " + n).isEqualTo(3 * n - 4);
            assertThat(BacklogClearing.intervals(b, BP)).as("BP, n = " + n).isEqualTo(2 * (n - 1));
        }
    }

    @Test
    @DisplayName("bad matrices and pattern sizes are refused, naming the entry or the size")
    void refusesBadInput() {
        assertThatThrownBy(() -> BacklogClearing.beta(new double[][] {{1, 2}, {3}}))
                .hasMessage("backlog matrix: row 1 has 1 entries, row 0 has 2");
        assertThatThrownBy(() -> BacklogClearing.beta(new double[][] {{1, -2}}))
                .hasMessage("backlog matrix: entry (0, 1) must be a number >= 0, got -2.0");
        assertThatThrownBy(() -> BacklogClearing.twoPhase(2)).hasMessage("two-phase pattern: n must be >= 3, got 2");
        assertThatThrownBy(() -> BacklogClearing.fFlow(1)).hasMessage("f-flow pattern: f must be >= 2, got 1");
    }

    /**
     * Seed 004 §5.3.4 (Eq. 5.15): BP clears any initial backlog in exactly ⌈β(B)⌉ intervals, the least possible;
     * §5.3.5: max-min (a blocking algorithm) takes at least that and at most 2⌈β(B)⌉.
     */
    @Property(tries = 200)
    void bpIsOptimalAndMaxMinWithinTwice(@ForAll @IntRange(min = 1, max = 5) int senders,
                                         @ForAll @IntRange(min = 1, max = 5) int receivers,
                                         @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        double[][] b = new double[senders][receivers];
        for (double[] row : b) {
            for (int j = 0; j < receivers; j++) {
                row[j] = r.nextInt(4) == 0 ? 0 : r.nextInt(1, 9) / 2.0;
            }
        }
        int optimal = (int) Math.ceil(BacklogClearing.beta(b) - BacklogClearing.EPSILON);
        assertThat(BacklogClearing.intervals(b, BP)).isEqualTo(optimal);
        assertThat(BacklogClearing.intervals(b, MM)).isBetween(optimal, 2 * optimal);
    }
}

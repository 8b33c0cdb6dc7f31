package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Seed 004 §5.4's backlog schedules: the offline optimum by the linear program, and the online algorithms. */
class BacklogScheduleLpTest {
    /** §5.4.3's example: F^0 = [[1, 1], [1, 0]], F^1 = [[0, 0], [0, 1]]. */
    private static final double[][][] EXAMPLE = {{{1, 1}, {1, 0}}, {{0, 0}, {0, 1}}};

    @Test
    @DisplayName("Seed 004 §5.4.3 example: the optimum is 2 intervals, its only solution R^0 = [[0, 1], [1, 0]], "
            + "R^1 = [[1, 0], [0, 1]]; 1 interval is infeasible")
    void thesisExample() {
        assertThat(BacklogScheduleLp.leastIntervals(EXAMPLE)).isEqualTo(2);
        assertThat(BacklogScheduleLp.fractionalOptimum(EXAMPLE)).isCloseTo(2, within(1e-9));
        assertThat(BacklogScheduleLp.rates(EXAMPLE, 1)).isNull();
        double[][][] r = BacklogScheduleLp.rates(EXAMPLE, 2);
        double[][][] thesis = {{{0, 1}, {1, 0}}, {{1, 0}, {0, 1}}};
        for (int t = 0; t < 2; t++) {
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 2; j++) {
                    assertThat(r[t][i][j]).as("r_%d,%d^%d", i, j, t).isCloseTo(thesis[t][i][j], within(1e-9));
                }
            }
        }
    }

    @Test
    @DisplayName("Seed 004 §5.4.3 example online (hand-computed from Alg. 1-3): max-min and backlog-proportional both "
            + "give 1/2 to each VOQ in interval 0 (no choice clears the diagonal's future backlog early) and take 3 "
            + "intervals, one more than the optimum")
    void thesisExampleOnline() {
        assertThat(BacklogClearing.intervals(EXAMPLE, new MaxMin())).isEqualTo(3);
        assertThat(BacklogClearing.intervals(EXAMPLE, new BacklogProportional())).isEqualTo(3);
    }

    @Test
    @DisplayName("Seed 004 §5.6.3 stress test, n = 4: |F| = β(F⁺) = 3; 3 intervals are infeasible (servers 1-3 must "
            + "each send a full unit in interval 0, when only their unit for server 0 has arrived, and server 0 "
            + "receives one), so the optimum |S| > β(F⁺), within the bound |F| + β(F⁺) = 6 (5.21)")
    void stressTestNeedsMoreThanBeta() {
        double[][][] f = BacklogClearing.stressTest(4);
        assertThat(f).hasDimensions(3, 4);
        assertThat(BacklogClearing.beta(BacklogClearing.total(f))).isEqualTo(3);
        assertThat(BacklogScheduleLp.rates(f, 3)).isNull();
        int least = BacklogScheduleLp.leastIntervals(f);
        assertThat(least).isBetween(4, 6);
        assertFeasible(f, BacklogScheduleLp.rates(f, least));
    }

    @ParameterizedTest(name = "n = {0}: {1} intervals")
    @CsvSource({"3, 3", "4, 4", "5, 5", "6, 7", "7, 8", "8, 9", "9, 11", "10, 12", "11, 13", "12, 14"})
    @DisplayName("Regression, not a paper vector: the stress test's optimum for n = 3-12 as Weft's earlier "
            + "interval-by-interval LP (commons-math's simplex, l stepped up from 5.19-5.20's bound) found it")
    void stressTestOptimaOfTheIntervalLp(int n, int optimum) {
        assertThat(BacklogScheduleLp.leastIntervals(BacklogClearing.stressTest(n))).isEqualTo(optimum);
    }

    @Test
    @DisplayName("blocks: an empty increase inside the schedule merges its interval into the block before it, and an "
            + "empty first increase leaves interval 0 idle; 5.25 still holds in every interval")
    void emptyIncreasesMergeIntoBlocks() {
        // F^0 empty, F^1 = [[0, 2], [0, 0]], F^2 empty, F^3 = [[0, 0], [1, 0]]: server 0 sends 2 units to 1 from
        // interval 1 on (intervals 1 and 2 make one block, at an even rate), server 1's unit for 0 arrives at 3 and
        // takes all of interval 3: 4 intervals
        double[][][] f = {{{0, 0}, {0, 0}}, {{0, 2}, {0, 0}}, {{0, 0}, {0, 0}}, {{0, 0}, {1, 0}}};
        assertThat(BacklogScheduleLp.leastIntervals(f)).isEqualTo(4);
        assertThat(BacklogScheduleLp.rates(f, 3)).isNull();
        double[][][] r = BacklogScheduleLp.rates(f, 4);
        assertFeasible(f, r);
        assertThat(r[0][0][1]).isZero();
        assertThat(r[1][0][1]).isCloseTo(r[2][0][1], within(1e-9));
        assertThat(r[1][0][1] + r[2][0][1] + r[3][0][1]).isCloseTo(2, within(1e-9));
        assertThat(r[3][1][0]).isCloseTo(1, within(1e-9));
    }

    @Test
    @DisplayName("a schedule whose increases differ in shape is refused naming the increase")
    void refusesRaggedSchedules() {
        assertThatThrownBy(() -> BacklogScheduleLp.leastIntervals(new double[][][] {{{1, 1}}, {{1}}}))
                .hasMessageContaining("increase 1 is 1 x 1, increase 0 is 1 x 2");
        assertThatThrownBy(() -> BacklogScheduleLp.rates(EXAMPLE, 0)).hasMessageContaining("l must be >= 1");
    }

    @Property(tries = 60)
    void theOptimumIsFeasibleWithinItsBoundsAndNoOnlineAlgorithmBeatsIt(
            @ForAll @IntRange(min = 2, max = 4) int n, @ForAll @IntRange(min = 1, max = 4) int increases,
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[][][] f = randomSchedule(n, increases, seed);
        double beta = BacklogClearing.beta(BacklogClearing.total(f));
        int least = BacklogScheduleLp.leastIntervals(f);
        int span = BacklogClearing.span(f);
        assertThat(least).isBetween(Math.max(span, (int) Math.ceil(beta)), span + (int) Math.ceil(beta));
        double fractional = BacklogScheduleLp.fractionalOptimum(f);
        assertThat(fractional).as("s + T*").isGreaterThanOrEqualTo(Math.max(span, beta) - 1e-9)
                .isGreaterThan(least - 1).isLessThanOrEqualTo(least + 1e-9);
        assertFeasible(f, BacklogScheduleLp.rates(f, least));
        if (least > 1) {
            assertThat(BacklogScheduleLp.rates(f, least - 1)).isNull();
        }
        assertThat(BacklogClearing.intervals(f, new MaxMin())).isGreaterThanOrEqualTo(least);
        assertThat(BacklogClearing.intervals(f, new BacklogProportional())).isGreaterThanOrEqualTo(least);
    }

    /** Symmetric schedules (F^t + (F^t)ᵀ) take the LP's one-variable-per-pair form. */
    @Property(tries = 60)
    void theBlockLpAgreesWithTheThesissIntervalByIntervalLp(
            @ForAll @IntRange(min = 2, max = 4) int n, @ForAll @IntRange(min = 1, max = 4) int increases,
            @ForAll boolean symmetric, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        double[][][] f = randomSchedule(n, increases, seed);
        if (symmetric) {
            for (double[][] increase : f) {
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < i; j++) {
                        increase[i][j] += increase[j][i];
                        increase[j][i] = increase[i][j];
                    }
                }
            }
        }
        int least = BacklogScheduleLp.leastIntervals(f);
        assertFeasible(f, BacklogScheduleLp.rates(f, least));
        assertThat(IntervalLp.feasible(f, least)).as("%d intervals by 5.23-5.26", least).isTrue();
        if (least > 1) {
            assertThat(IntervalLp.feasible(f, least - 1)).as("%d intervals by 5.23-5.26", least - 1).isFalse();
        }
    }

    /** Random increments of 1-2 units on a quarter of the VOQs, some increases empty, but never the first. */
    private static double[][][] randomSchedule(int n, int increases, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][][] f = new double[increases][n][n];
        for (double[][] increase : f) {
            boolean empty = rnd.nextInt(4) == 0;
            for (double[] row : increase) {
                for (int j = 0; j < n; j++) {
                    row[j] = !empty && rnd.nextInt(4) == 0 ? rnd.nextInt(1, 3) : 0;
                }
            }
        }
        f[0][0][n - 1] += 1;
        return f;
    }

    /** The rate schedule meets 5.23-5.26 for the backlog schedule. */
    private static void assertFeasible(double[][][] f, double[][][] r) {
        int n = f[0].length;
        double[][] sent = new double[n][n];
        double[][] arrived = new double[n][n];
        for (int t = 0; t < r.length; t++) {
            for (int i = 0; i < n; i++) {
                double send = 0;
                double receive = 0;
                for (int j = 0; j < n; j++) {
                    send += r[t][i][j];
                    receive += r[t][j][i];
                    arrived[i][j] += t < f.length ? f[t][i][j] : 0;
                    sent[i][j] += r[t][i][j];
                    assertThat(r[t][i][j]).isGreaterThanOrEqualTo(-1e-9);
                    assertThat(sent[i][j]).as("backlog present").isLessThanOrEqualTo(arrived[i][j] + 1e-9);
                }
                assertThat(send).as("send").isLessThanOrEqualTo(1 + 1e-9);
                assertThat(receive).as("receive").isLessThanOrEqualTo(1 + 1e-9);
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertThat(sent[i][j]).as("cleared").isCloseTo(arrived[i][j], within(1e-9));
            }
        }
    }
}

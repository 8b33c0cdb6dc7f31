package weft.model.host.path;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The periodic variants P-SD, P-TP and P-MP (seed 004 §3.2.2-3.2.3, Table 3.1) against their plain policies. */
class PeriodicPolicyTest {
    /** A generator whose {@code nextInt} always answers 0: every shuffle of two paths swaps them. */
    private static final class SwapEveryTime implements RandomGenerator {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int nextInt(int bound) {
            return 0;
        }
    }

    /** P-SD's, P-TP's, P-MP's order of paths A, B: swapped at start and at every round's end. */
    private static TieOrder swapped() {
        return TieOrder.random(2, new SwapEveryTime(), true);
    }

    /** SD's, TP's, MP's order A, B, kept. */
    private static TieOrder fixedAb() {
        return new TieOrder(new int[] {0, 1}, null);
    }

    private static String run(PathPolicy policy, int[] dests, int[] sizes) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sizes.length; i++) {
            sb.append((char) ('A' + policy.choose(dests[i], 2, sizes[i])));
        }
        return sb.toString();
    }

    @Test
    @DisplayName("Seed 004 §3.2.2 (hand-computed from its rule): P-SD over A, B with sizes 1500, 84, ... and a new "
            + "order (swapped) at every round's end gives B A A B A B B A, 3168 B each; SD in the order A, B "
            + "gives A B B A A B B A")
    void periodicSortedDeficit() {
        int[] sizes = {1500, 84, 1500, 84, 1500, 84, 1500, 84};
        int[] one = new int[sizes.length];
        assertThat(run(new SortedDeficit(swapped()), one, sizes)).isEqualTo("BAABABBA");
        assertThat(run(new SortedDeficit(fixedAb()), one, sizes)).isEqualTo("ABBAABBA");
    }

    @Test
    @DisplayName("Seed 004 §3.2.3 Fig. 3.9 (hand-computed from its rule): P-TP with D1, D2 alternating, 1500 B, two "
            + "paths X, Y, order swapped at every round: Y X X Y Y X X Y, each destination still alternating paths")
    void periodicTwoPhase() {
        int[] sizes = {1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500};
        int[] alternating = {0, 1, 0, 1, 0, 1, 0, 1};
        String ptp = run(new TwoPhase(2, swapped()), alternating, sizes).replace('A', 'X')
                .replace('B', 'Y');
        assertThat(ptp).isEqualTo("YXXYYXXY");
        String tp = run(new TwoPhase(2, fixedAb()), alternating, sizes).replace('A', 'X').replace('B', 'Y');
        assertThat(tp).isEqualTo("XYYXXYYX");
    }

    @Test
    @DisplayName("Seed 004 §3.2.3 (hand-computed from its rule): P-MP breaks the first tie by its permuted order and "
            + "still avoids the loaded shared link: paths 1, 1, 0 where MP takes 0, 1, 1")
    void periodicMultiPhase() {
        for (boolean periodic : new boolean[] {true, false}) {
            MultiPhase mp = new MultiPhase(2, 4, periodic ? swapped() : fixedAb());
            mp.setPathLinks(0, 0, new int[] {0, 1});
            mp.setPathLinks(0, 1, new int[] {2});
            mp.setPathLinks(1, 0, new int[] {0});
            mp.setPathLinks(1, 1, new int[] {3});
            String got = "" + mp.choose(0, 2, 1000) + mp.choose(1, 2, 1000) + mp.choose(0, 2, 1000);
            assertThat(got).isEqualTo(periodic ? "110" : "011");
        }
        assertThat(PathPolicy.create("pmp", 1, 2, 4, 0, new SplittableRandom(1)).usesPathLinks()).isTrue();
        assertThat(PathPolicy.create("ptp", 1, 2, 4, 0, new SplittableRandom(1)).usesPathLinks()).isFalse();
    }

    @Property(tries = 60, seed = "4")
    @Label("Seed 004 §3.2.2-3.2.3: with equal packets each round of P-SD, P-TP, P-MP is a permutation of the paths "
            + "and the order changes between rounds; SD, TP, MP repeat the order drawn at start every round")
    void everyRoundIsAPermutation(@ForAll @IntRange(min = 2, max = 12) int paths,
                                  @ForAll @IntRange(min = 0, max = 5) int which, @ForAll long seed) {
        String name = new String[] {"psd", "ptp", "pmp", "sd", "tp", "mp"}[which];
        boolean periodic = which < 3;
        PathPolicy policy = PathPolicy.create(name, 1, paths, 4 * paths, seed, new SplittableRandom(seed));
        Set<String> orders = new HashSet<>();
        for (int round = 0; round < 24; round++) {
            int[] got = new int[paths];
            boolean[] seen = new boolean[paths];
            for (int i = 0; i < paths; i++) {
                got[i] = policy.choose(0, paths, 1538);
                assertThat(seen[got[i]]).as("%s round %d: path %d twice", name, round, got[i]).isFalse();
                seen[got[i]] = true;
            }
            orders.add(java.util.Arrays.toString(got));
        }
        if (periodic) {
            assertThat(orders).as(name + ": new orders").hasSizeGreaterThan(1);
        } else {
            int[] drawn = weft.model.traffic.Shuffle.permutation(paths, new SplittableRandom(seed));
            assertThat(orders).containsExactly(java.util.Arrays.toString(drawn));
        }
    }

    @Property(tries = 40, seed = "5")
    @Label("Seed 004 §3.2.2: P-SD with random sizes keeps every path within one packet of the least loaded, as SD")
    void periodicKeepsTheDeficitBound(@ForAll @IntRange(min = 2, max = 16) int paths, @ForAll long seed) {
        PathPolicy psd = PathPolicy.create("psd", 1, paths, 0, seed, new SplittableRandom(seed));
        SplittableRandom sizes = new SplittableRandom(seed + 1);
        long[] bytes = new long[paths];
        for (int i = 0; i < 50 * paths; i++) {
            int size = 84 + sizes.nextInt(1455);
            bytes[psd.choose(0, paths, size)] += size;
            long min = Long.MAX_VALUE;
            long max = 0;
            for (long b : bytes) {
                min = Math.min(min, b);
                max = Math.max(max, b);
            }
            assertThat(max - min).isLessThanOrEqualTo(1538);
        }
    }
}

package weft.model.host.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

class PathPolicyTest {
    private static final int[] TV2_SIZES = {1500, 84, 1500, 84, 1500, 84, 1500, 84};

    /** Runs {@code policy} over packet sizes 1500, 84, 1500, 84, ... to one destination with two paths A, B. */
    private static String tv2(PathPolicy policy, long[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (int size : TV2_SIZES) {
            int p = policy.choose(0, 2, size);
            bytes[p] += size;
            sb.append((char) ('A' + p));
        }
        return sb.toString();
    }

    @Test
    @DisplayName("Seed 004 §3.2.1 (hand-computed from its rule): RR over A, B gives A B A B A B A B, bytes A = 6000, "
            + "B = 336")
    void roundRobinTv2() {
        long[] bytes = new long[2];
        assertThat(tv2(new RoundRobin(new int[] {0, 1}), bytes)).isEqualTo("ABABABAB");
        assertThat(bytes).containsExactly(6000, 336);
    }

    @Test
    @DisplayName("Seed 004 §3.2.2 (hand-computed from its rule): SD with quantum 1 and the order A, B gives "
            + "A B B A A B B A, 3168 B each")
    void sortedDeficitTv2() {
        long[] bytes = new long[2];
        assertThat(tv2(new SortedDeficit(new TieOrder(new int[] {0, 1}, null)), bytes)).isEqualTo("ABBAABBA");
        assertThat(bytes).containsExactly(3168, 3168);
    }

    @Test
    @DisplayName("Seed 004 §3.2.2 (hand-computed from its rule): SRR with quantum 1500 gives A B A B B A B A, "
            + "counters 1332/1332")
    void surplusRoundRobinTv2() {
        long[] bytes = new long[2];
        SurplusRoundRobin srr = new SurplusRoundRobin(new int[] {0, 1}, 1500);
        assertThat(tv2(srr, bytes)).isEqualTo("ABABBABA");
        assertThat(bytes).containsExactly(3168, 3168);
        assertThat(srr.counter(0)).isEqualTo(1332);
        assertThat(srr.counter(1)).isEqualTo(1332);
    }

    @Test
    @DisplayName("Seed 004 §3.2.1-3.2.2: SRR walks RR's list, permuted once at start: a round of MTU frames takes each "
            + "path once in the list's order, and servers drawing their lists independently start on different paths")
    void surplusRoundRobinWalksAPermutedList() {
        SurplusRoundRobin srr = new SurplusRoundRobin(new int[] {2, 0, 3, 1}, 1500);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            sb.append(srr.choose(0, 4, 1500));
        }
        assertThat(sb.toString()).isEqualTo("20312031");
        // fewer paths allowed than the list holds: entries 3 and 2 are skipped
        SurplusRoundRobin two = new SurplusRoundRobin(new int[] {3, 1, 2, 0}, 1500);
        assertThat(two.choose(0, 2, 1500)).isEqualTo(1);
        assertThat(two.choose(0, 2, 1500)).isZero();
        assertThat(two.choose(0, 2, 1500)).isEqualTo(1);
        Set<Integer> firsts = new HashSet<>();
        for (long seed = 0; seed < 32; seed++) {
            firsts.add(PathPolicy.create("srr", 1, 8, 0, new SplittableRandom(seed)).choose(0, 8, 1500));
        }
        assertThat(firsts).hasSizeGreaterThan(4);
    }

    /** A generator whose {@code nextInt(bound)} always answers 0 or always {@code bound - 1}. */
    private record FixedDraw(boolean last) implements RandomGenerator {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int nextInt(int bound) {
            return last ? bound - 1 : 0;
        }
    }

    @Test
    @DisplayName("Seed 004 §3.2.1-3.2.2 (hand-computed from Fisher-Yates): SD, TP and MP draw their tie order once per "
            + "server; a server drawing j = 0 every step walks 1 2 3 0, one drawing j = i walks 0 1 2 3, each the same "
            + "in every round of equal frames")
    void plainDeficitPoliciesStartFromTheirOwnOrder() {
        for (String name : new String[] {"sd", "tp", "mp"}) {
            for (boolean last : new boolean[] {false, true}) {
                // Durstenfeld on 0 1 2 3: j = 0 swaps a[3], a[2], a[1] with a[0] in turn (3 1 2 0, 2 1 3 0,
                // 1 2 3 0); j = i swaps nothing
                PathPolicy policy = PathPolicy.create(name, 1, 4, 16, 0, new FixedDraw(last));
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < 12; i++) {
                    sb.append(policy.choose(0, 4, 1538));
                }
                assertThat(sb.toString()).as(name).isEqualTo(last ? "012301230123" : "123012301230");
            }
            Set<Integer> firsts = new HashSet<>();
            for (long seed = 0; seed < 32; seed++) {
                firsts.add(PathPolicy.create(name, 1, 8, 32, seed, new SplittableRandom(seed)).choose(0, 8, 1538));
            }
            assertThat(firsts).as(name + ": first paths of 32 servers").hasSizeGreaterThan(4);
        }
    }

    @Test
    @DisplayName("Seed 004 §3.2.3, Fig. 3.9 (hand-computed from its rule): TP alternates each destination's path: "
            + "X Y Y X X Y Y X")
    void twoPhaseTv2() {
        TwoPhase tp = new TwoPhase(2, new TieOrder(new int[] {0, 1}, null));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            sb.append(tp.choose(i % 2, 2, 1500) == 0 ? 'X' : 'Y');
        }
        assertThat(sb.toString()).isEqualTo("XYYXXYYX");
        // RR in the same setting pins D1 to X and D2 to Y: each flow uses one second-half path
        RoundRobin rr = new RoundRobin(new int[] {0, 1});
        StringBuilder r = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            r.append(rr.choose(i % 2, 2, 1500) == 0 ? 'X' : 'Y');
        }
        assertThat(r.toString()).isEqualTo("XYXYXYXY");
    }

    @Test
    void multiPhaseAvoidsTheLoadedSharedLink() {
        // two destinations, two paths; path 0 to both shares link 0, path 1 uses private links
        MultiPhase mp = new MultiPhase(2, 4, new TieOrder(new int[] {0, 1}, null));
        mp.setPathLinks(0, 0, new int[] {0, 1});
        mp.setPathLinks(0, 1, new int[] {2});
        mp.setPathLinks(1, 0, new int[] {0});
        mp.setPathLinks(1, 1, new int[] {3});
        assertThat(mp.choose(0, 2, 1000)).isZero(); // tie: 0 vs 0, lower index
        assertThat(mp.choose(1, 2, 1000)).isEqualTo(1); // link 0 now carries 1000
        assertThat(mp.choose(0, 2, 1000)).isEqualTo(1); // path 0 sums 2000 vs path 1 sums 0
        assertThatThrownBy(() -> mp.setPathLinks(0, 0, new int[] {9})).hasMessageContaining("link id 9");
    }

    @Test
    void ecmpPinsEachPairAndVlbSpreads() {
        PathPolicy ecmp = PathPolicy.create("ecmp", 8, 4, 17, new SplittableRandom(1));
        int first = ecmp.choose(3, 4, 1500);
        for (int i = 0; i < 100; i++) {
            assertThat(ecmp.choose(3, 4, 1500)).isEqualTo(first);
        }
        PathPolicy vlb = PathPolicy.create("vlb", 8, 4, 17, new SplittableRandom(1));
        int[] hits = new int[4];
        for (int i = 0; i < 4000; i++) {
            hits[vlb.choose(0, 4, 1500)]++;
        }
        for (int h : hits) {
            assertThat(h).isBetween(850, 1150);
        }
        assertThatThrownBy(() -> PathPolicy.create("spray", 1, 1, 0, new SplittableRandom(1)))
                .hasMessage("path policy: unknown name 'spray', expected one of " + PathPolicy.NAMES);
    }

    @Property(tries = 50, seed = "11")
    @Label("Seed 004 §3.2: RR, P-RR, SRR, SD, TP each use every path p times in p² equal packets (±1 round)")
    void deterministicPoliciesBalanceEqualPackets(@ForAll @IntRange(min = 1, max = 8) int paths,
                                                  @ForAll @IntRange(min = 0, max = 4) int which) {
        RandomGenerator rnd = new SplittableRandom(paths * 31L + which);
        String name = new String[] {"rr", "prr", "srr", "sd", "tp"}[which];
        PathPolicy policy = PathPolicy.create(name, 1, paths, 0, rnd);
        int[] hits = new int[paths];
        for (int i = 0; i < paths * paths; i++) {
            hits[policy.choose(0, paths, 1500)]++;
        }
        for (int h : hits) {
            assertThat(h).isBetween(paths - 1, paths + 1);
        }
    }
}

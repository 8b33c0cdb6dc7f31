package weft.model.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The seed 000 workloads: the shape each section prescribes, on random seeds. */
class FluidWorkloadsTest {
    private static java.util.List<Integer> boxed(int[] a) {
        return java.util.Arrays.stream(a).boxed().toList();
    }

    private static int[] counts(int[][] flows, int hosts, int column) {
        int[] c = new int[hosts];
        for (int[] f : flows) {
            c[f[column]]++;
        }
        return c;
    }

    @Property
    @Label("Seed 000 §6.2: a permutation: every host sends at most once and receives at most once, never to "
            + "itself; one flow per host that is not a fixed point")
    void permutation(@ForAll @IntRange(min = 1, max = 200) int hosts,
                     @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int[][] flows = FluidWorkloads.permutation(hosts, new SplittableRandom(seed));
        assertThat(boxed(counts(flows, hosts, 0))).allSatisfy(c -> assertThat(c).isLessThanOrEqualTo(1));
        assertThat(boxed(counts(flows, hosts, 1))).allSatisfy(c -> assertThat(c).isLessThanOrEqualTo(1));
        assertThat(java.util.Arrays.asList(flows)).allSatisfy(f -> assertThat(f[0]).isNotEqualTo(f[1]));
        int[] p = Shuffle.permutation(hosts, new SplittableRandom(seed));
        long moved = java.util.stream.IntStream.range(0, hosts).filter(i -> p[i] != i).count();
        assertThat(flows.length).isEqualTo((int) moved);
        assertThat(FluidWorkloads.permutation(hosts, new SplittableRandom(seed))).isDeepEqualTo(flows);
    }

    @Property
    @Label("Seed 000 §6.3: p superposed permutations over a host set: each member sends and receives at most p "
            + "flows, all inside the set, p x |set| minus the fixed points in total")
    void superposed(@ForAll @IntRange(min = 1, max = 5) int p, @ForAll @IntRange(min = 1, max = 40) int size,
                    @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int[] members = new int[size];
        for (int i = 0; i < size; i++) {
            members[i] = 3 * i + 1;
        }
        int[][] flows = FluidWorkloads.superposedPermutations(members, p, new SplittableRandom(seed));
        Set<Integer> set = new HashSet<>();
        for (int m : members) {
            set.add(m);
        }
        int[] sent = counts(flows, 3 * size + 1, 0);
        int[] received = counts(flows, 3 * size + 1, 1);
        for (int h = 0; h < sent.length; h++) {
            assertThat(sent[h]).isLessThanOrEqualTo(set.contains(h) ? p : 0);
            assertThat(received[h]).isLessThanOrEqualTo(set.contains(h) ? p : 0);
        }
        assertThat(java.util.Arrays.asList(flows)).allSatisfy(f -> assertThat(f[0]).isNotEqualTo(f[1]));
        assertThat(flows.length).isLessThanOrEqualTo(p * size);
    }

    @Test
    @DisplayName("Seed 000 §6.3: with no fixed points p permutations give exactly p flows per host both ways")
    void superposedExactCounts() {
        SplittableRandom random = new SplittableRandom(3);
        for (int run = 0; run < 50; run++) {
            int[][] flows = FluidWorkloads.superposedPermutations(16, 3, random);
            int missing = 3 * 16 - flows.length;
            int[] sent = counts(flows, 16, 0);
            int[] received = counts(flows, 16, 1);
            assertThat(java.util.Arrays.stream(sent).map(c -> 3 - c).sum()).isEqualTo(missing);
            assertThat(java.util.Arrays.stream(received).map(c -> 3 - c).sum()).isEqualTo(missing);
        }
    }

    @Property
    @Label("Seed 000 §6.4: every host sends 1..max_flows flows, each to another host")
    void randomDestinations(@ForAll @IntRange(min = 2, max = 100) int hosts,
                            @ForAll @IntRange(min = 1, max = 6) int maxFlows,
                            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int[][] flows = FluidWorkloads.randomDestinations(hosts, maxFlows, new SplittableRandom(seed));
        assertThat(boxed(counts(flows, hosts, 0))).allSatisfy(c -> assertThat(c).isBetween(1, maxFlows));
        assertThat(java.util.Arrays.asList(flows))
                .allSatisfy(f -> assertThat(f[1]).isBetween(0, hosts - 1).isNotEqualTo(f[0]));
    }

    @Property
    @Label("Seed 000 Table 6.4: every host sends exactly n flows, each to another host")
    void fixedDestinations(@ForAll @IntRange(min = 2, max = 100) int hosts, @ForAll @IntRange(min = 1, max = 6) int n,
                           @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int[][] flows = FluidWorkloads.fixedDestinations(hosts, n, new SplittableRandom(seed));
        assertThat(flows).hasNumberOfRows(hosts * n);
        assertThat(boxed(counts(flows, hosts, 0))).allSatisfy(c -> assertThat(c).isEqualTo(n));
        assertThat(java.util.Arrays.asList(flows)).allSatisfy(f -> assertThat(f[1]).isNotEqualTo(f[0]));
    }

    @Property
    @Label("Seed 000 §6.5: applications are disjoint unions of groups of appSize/frag neighbouring hosts; "
            + "every flow stays inside its application")
    void applications(@ForAll @IntRange(min = 1, max = 4) int apps, @ForAll @IntRange(min = 1, max = 8) int frag,
                      @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int appSize = 16;
        int hosts = 64;
        int group = Math.max(1, appSize / frag);
        int[][] flows = FluidWorkloads.applications(hosts, apps, appSize, frag, new SplittableRandom(seed));
        Map<Integer, Integer> appOfGroup = new HashMap<>();
        Map<Integer, Set<Integer>> groupsOfApp = new HashMap<>();
        for (int[] f : flows) {
            assertThat(f).hasSize(3);
            assertThat(f[2]).isBetween(0, apps - 1);
            for (int h : new int[] {f[0], f[1]}) {
                Integer before = appOfGroup.putIfAbsent(h / group, f[2]);
                assertThat(before == null ? f[2] : before).as("group %d in one application", h / group)
                        .isEqualTo(f[2]);
                groupsOfApp.computeIfAbsent(f[2], a -> new HashSet<>()).add(h / group);
            }
        }
        assertThat(groupsOfApp.values()).allSatisfy(g -> assertThat(g.size()).isLessThanOrEqualTo(appSize / group));
    }

    @Test
    void badSizesAreRefused() {
        SplittableRandom r = new SplittableRandom(1);
        assertThatThrownBy(() -> FluidWorkloads.superposedPermutations(4, 0, r))
                .hasMessage("superposed permutations: p must be >= 1, got 0");
        assertThatThrownBy(() -> FluidWorkloads.randomDestinations(1, 1, r))
                .hasMessage("random destinations need >= 2 hosts and maxFlows >= 1, got 1 and 1");
        assertThatThrownBy(() -> FluidWorkloads.applications(64, 5, 16, 4, r))
                .hasMessage("applications: 5 x 16 hosts in groups of 4 do not fit 64 hosts");
    }
}

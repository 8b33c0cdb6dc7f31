package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

/**
 * Properties of LASH, MP-LASH and Segment-based routing on seeded random irregular fabrics, and a sweep over every
 * connected graph of up to 6 switches, all checked by the independent verifier.
 */
class LayeredRoutingPropertiesTest {
    private static final List<RoutingEngine> ENGINES = List.of(new Lash(), new MultipathLash(),
            new SegmentBasedRouting());

    private static void assertVerified(Topology t, RoutingEngine e, RoutingOptions options) {
        RoutingResult r = e.compute(t, options);
        VerificationReport v = DeadlockVerifier.verify(t, r);
        assertThat(v.ok()).as(e.name() + " on " + t.name() + ": " + v.verdict()).isTrue();
        assertThat(r.layers()).isLessThanOrEqualTo(options.maxLayers());
    }

    @Property(tries = 25, seed = "20261126")
    @Label("LASH, MP-LASH and SR on random irregular fabrics of 8-128 switches: deadlock-free, connected; "
            + "LASH and MP-LASH shortest")
    void randomIrregularFabrics(@ForAll @IntRange(min = 8, max = 128) int switches,
                                @ForAll @IntRange(min = 3, max = 8) int maxDegree,
                                @ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Topology t = Fabrics.irregular(switches, maxDegree, seed);
        for (RoutingEngine e : ENGINES) {
            assertVerified(t, e, RoutingOptions.defaults());
        }
    }

    @Property(tries = 15, seed = "20261127")
    @Label("LASH with randomised order, symmetric pairs or a small budget (fallback) stays deadlock-free")
    void lashOptions(@ForAll @IntRange(min = 8, max = 64) int switches,
                     @ForAll @IntRange(min = 3, max = 6) int maxDegree,
                     @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
                     @ForAll boolean symmetric, @ForAll @IntRange(min = 1, max = 3) int maxLayers) {
        Topology t = Fabrics.irregular(switches, maxDegree, seed);
        assertVerified(t, new Lash(), RoutingOptions.defaults().withSeed(seed, true).withSymmetric(symmetric)
                .withMaxLayers(maxLayers));
    }

    @Test
    @DisplayName("Every connected graph of 2-6 switches (up to isomorphism): LASH, MP-LASH, SR verified; "
            + "trees and complete graphs take 1 LASH layer")
    void everySmallConnectedGraph() {
        int graphs = 0;
        for (int n = 2; n <= 6; n++) {
            for (int[][] edges : connectedGraphs(n)) {
                Topology t = Fabrics.graph("g" + n + "-" + graphs++, n, 1, edges);
                for (RoutingEngine e : ENGINES) {
                    assertVerified(t, e, RoutingOptions.defaults());
                }
                if (edges.length == n - 1 || edges.length == n * (n - 1) / 2) {
                    assertThat(new Lash().compute(t, RoutingOptions.defaults()).layers()).as(t.name()).isEqualTo(1);
                }
            }
        }
        // Connected graphs up to isomorphism on 2..6 vertices: 1 + 2 + 6 + 21 + 112 (OEIS A001349).
        assertThat(graphs).isEqualTo(142);
    }

    /** Connected simple graphs on n vertices, one per isomorphism class (minimal edge bitmask over relabelings). */
    static List<int[][]> connectedGraphs(int n) {
        List<int[]> pairs = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                pairs.add(new int[] {a, b});
            }
        }
        int m = pairs.size();
        int[][] index = new int[n][n];
        for (int i = 0; i < m; i++) {
            index[pairs.get(i)[0]][pairs.get(i)[1]] = i;
            index[pairs.get(i)[1]][pairs.get(i)[0]] = i;
        }
        List<int[]> perms = new ArrayList<>();
        permutations(new int[n], new boolean[n], 0, perms);
        Set<Integer> seen = new HashSet<>();
        List<int[][]> out = new ArrayList<>();
        for (int mask = 1; mask < (1 << m); mask++) {
            if (!connected(n, pairs, mask)) {
                continue;
            }
            int canonical = Integer.MAX_VALUE;
            for (int[] p : perms) {
                int relabelled = 0;
                for (int i = 0; i < m; i++) {
                    if ((mask >> i & 1) != 0) {
                        relabelled |= 1 << index[p[pairs.get(i)[0]]][p[pairs.get(i)[1]]];
                    }
                }
                canonical = Math.min(canonical, relabelled);
            }
            if (seen.add(canonical)) {
                List<int[]> edges = new ArrayList<>();
                for (int i = 0; i < m; i++) {
                    if ((mask >> i & 1) != 0) {
                        edges.add(pairs.get(i));
                    }
                }
                out.add(edges.toArray(new int[0][]));
            }
        }
        return out;
    }

    private static void permutations(int[] p, boolean[] used, int k, List<int[]> out) {
        if (k == p.length) {
            out.add(p.clone());
            return;
        }
        for (int v = 0; v < p.length; v++) {
            if (!used[v]) {
                used[v] = true;
                p[k] = v;
                permutations(p, used, k + 1, out);
                used[v] = false;
            }
        }
    }

    private static boolean connected(int n, List<int[]> pairs, int mask) {
        int reached = 1;
        boolean grew = true;
        while (grew) {
            grew = false;
            for (int i = 0; i < pairs.size(); i++) {
                if ((mask >> i & 1) == 0) {
                    continue;
                }
                int a = 1 << pairs.get(i)[0];
                int b = 1 << pairs.get(i)[1];
                if (((reached & a) != 0) != ((reached & b) != 0)) {
                    reached |= a | b;
                    grew = true;
                }
            }
        }
        return reached == (1 << n) - 1;
    }
}

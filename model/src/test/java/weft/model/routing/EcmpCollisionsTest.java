package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import weft.model.routing.EcmpMonteCarlo.Estimate;
import weft.model.routing.EcmpMonteCarlo.Pattern;
import weft.model.routing.EcmpCollisions.Pmf;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KPortFatTree;

class EcmpCollisionsTest {
    /** Monte Carlo and analysis must agree within this many standard errors of the estimate. */
    private static final double STANDARD_ERRORS = 4.0;

    private static Estimate monteCarlo(int k, Pattern pattern, int runs, long seed) {
        Topology t = KPortFatTree.generate(k, 3, GeneratorOptions.defaults());
        RoutingResult ecmp = new Ecmp().compute(t, RoutingOptions.defaults());
        return EcmpMonteCarlo.monteCarlo(t, ecmp, pattern, runs, new SplittableRandom(seed));
    }

    @Test
    @DisplayName("Seed 004 §3.1.3, k = 4: P(X = 0, 1, 2) = 1/4, 1/2, 1/4 gives stage 1 throughput E[A] = 0.75 "
            + "(eq. 3.2); P(Z = 0, 1/2, 1) = 9/16, 1/8, 5/16 (eq. 3.3)")
    void fourPortStages() {
        assertThat(EcmpCollisions.stage1Throughput(4)).isEqualTo(0.75);
        Pmf z = EcmpCollisions.edgeContribution(4);
        assertThat(z.values()).containsExactly(0.0, 0.5, 1.0);
        assertThat(z.probabilities()).containsExactly(9.0 / 16, 1.0 / 8, 5.0 / 16);
    }

    @Test
    @DisplayName("Seed 004 §3.1.3, k = 4: P(B = 0, 1/2, 1) = 81/256, 36/256, 139/256, so the pod-to-pod "
            + "throughput is E[B] = 157/256 = 0.613")
    void fourPortStage2() {
        Pmf b = EcmpCollisions.aggregationLoad(4);
        assertThat(b.values()).containsExactly(0.0, 0.5, 1.0);
        assertThat(b.probabilities()).containsExactly(81.0 / 256, 36.0 / 256, 139.0 / 256);
        assertThat(EcmpCollisions.podToPodThroughput(4)).isEqualTo(157.0 / 256);
    }

    @ParameterizedTest(name = "k = {0}: stage 1 {1}, stage 2 {2}")
    @DisplayName("Seed 004 §3.1.3 for k = 6..24 (hand-computed from eqs. 3.1-3.3 in exact arithmetic, 4 decimals)")
    @CsvSource({"6, 0.7037, 0.5589", "8, 0.6836, 0.5368", "12, 0.6651, 0.5174", "16, 0.6564, 0.5085",
        "24, 0.6480, 0.5001"})
    void largerTrees(int k, double stage1, double stage2) {
        assertThat(EcmpCollisions.stage1Throughput(k)).isCloseTo(stage1, within(5e-5));
        assertThat(EcmpCollisions.podToPodThroughput(k)).isCloseTo(stage2, within(5e-5));
    }

    @Test
    @DisplayName("Seed 004 §3.1.3: stage 1 tends to 1 - 1/e (about 63%) as k grows")
    void stage1Limit() {
        assertThat(EcmpCollisions.stage1Throughput(2000)).isCloseTo(1 - Math.exp(-1), within(1e-3));
    }

    @ParameterizedTest(name = "k = {0}, {1} runs")
    @DisplayName("Monte Carlo on Weft's k-port fat tree and ECMP groups, pod-to-pod permutations: stages 1 and 2 "
            + "agree with eqs. 3.2 and 3.1-3.3 within 4 standard errors")
    @CsvSource({"4, 2000", "8, 400", "16, 100"})
    void monteCarloAgreesWithAnalysis(int k, int runs) {
        Estimate e = monteCarlo(k, Pattern.POD_TO_POD, runs, 2004);
        assertThat(e.afterStage()).hasSize(4);
        assertThat(e.afterStage()[0]).isCloseTo(EcmpCollisions.stage1Throughput(k),
                within(STANDARD_ERRORS * e.stageError()[0]));
        assertThat(e.afterStage()[1]).isCloseTo(EcmpCollisions.podToPodThroughput(k),
                within(STANDARD_ERRORS * e.stageError()[1]));
        // The core link after stage 2 carries exactly the flows of the aggregation uplink before it.
        assertThat(e.afterStage()[2]).isEqualTo(e.afterStage()[1]);
    }

    @Test
    @DisplayName("Seed 004 §3.1.2, Fig. 3.2: ECMP under a permutation without intra-pod flows on the 16-port 3-level "
            + "fat tree (1024 servers, 64 paths) delivers about 40% of the offered load; the minimum flow gets less "
            + "than 1/4 of the average (30 repetitions, as the thesis)")
    void fig32() {
        Estimate e = monteCarlo(16, Pattern.INTER_POD, 30, 2004);
        assertThat(e.mean()).isCloseTo(0.40, within(0.04));
        assertThat(e.meanMinimum()).isLessThan(e.mean() / 4);
    }

    @Test
    @DisplayName("Seed 004 §3.1.2, Fig. 3.3b: on a 4-level fat tree the inter-pod permutation sends every server "
            + "out of its top-level subtree (so every flow crosses a root), and ECMP loses more than at 3 levels")
    void deeperTrees() {
        Topology t = KPortFatTree.generate(4, 4, GeneratorOptions.defaults());
        int[] dst = EcmpMonteCarlo.destinations(t, Pattern.INTER_POD, new SplittableRandom(4));
        int subtree = t.hosts().size() / 4;
        for (int h = 0; h < dst.length; h++) {
            // KPortFatTree numbers the servers subtree by subtree: k top-level subtrees of (k/2)^(l-1) servers
            assertThat(dst[h] / subtree).isNotEqualTo(h / subtree);
        }
        RoutingResult ecmp = new Ecmp().compute(t, RoutingOptions.defaults());
        Estimate deep = EcmpMonteCarlo.monteCarlo(t, ecmp, Pattern.INTER_POD, 30, new SplittableRandom(5));
        assertThat(deep.afterStage()).hasSize(6);
        assertThat(deep.mean()).isLessThan(monteCarlo(4, Pattern.INTER_POD, 30, 5).mean());
    }

    @Test
    @DisplayName("bad input is refused: odd k, k above the exact limit, routes with a black hole, one pod")
    void badInput() {
        assertThatThrownBy(() -> EcmpCollisions.stage1Throughput(5)).hasMessage("k must be even and >= 4, got 5");
        assertThatThrownBy(() -> EcmpCollisions.aggregationLoad(34)).hasMessageStartingWith(
                "k = 34: the exact distribution is computed up to k = 32");
        Topology t = KPortFatTree.generate(4, 3, GeneratorOptions.defaults());
        RoutingResult ecmp4 = new Ecmp().compute(t, RoutingOptions.defaults());
        RoutingResult missing = new RoutingResult("x", 1, ecmp4.layerOf(), ecmp4.forwarding().subList(0, 1), true);
        assertThatThrownBy(() -> EcmpMonteCarlo.monteCarlo(t, missing, Pattern.INTER_POD, 1,
                new SplittableRandom(1))).hasMessageContaining("ECMP collisions: the routes have no entry at");
        Topology onePod = KPortFatTree.generate(4, 2, GeneratorOptions.defaults());
        RoutingResult ecmp = new Ecmp().compute(onePod, RoutingOptions.defaults());
        assertThatThrownBy(() -> EcmpMonteCarlo.monteCarlo(onePod, ecmp, Pattern.INTER_POD, 1,
                new SplittableRandom(1))).hasMessageContaining("has 1 pod(s)");
    }

    @Property(tries = 20, seed = "41")
    @Label("fluid model: throughput never rises along the path, stays in (0, 1], the minimum flow is at most the mean, "
            + "and the analysis falls with k above 1 - 1/e (stage 1)")
    void fluidBounds(@ForAll @IntRange(min = 2, max = 5) int half, @ForAll boolean podToPod, @ForAll long seed) {
        int k = 2 * half;
        Estimate e = monteCarlo(k, podToPod ? Pattern.POD_TO_POD : Pattern.INTER_POD, 3, seed);
        for (int s = 0; s < e.afterStage().length; s++) {
            assertThat(e.afterStage()[s]).isGreaterThan(0).isLessThanOrEqualTo(1.0 + 1e-12);
            if (s > 0) {
                assertThat(e.afterStage()[s]).isLessThanOrEqualTo(e.afterStage()[s - 1] + 1e-12);
            }
        }
        assertThat(e.meanMinimum()).isLessThanOrEqualTo(e.mean() + 1e-12);
        assertThat(EcmpCollisions.stage1Throughput(k + 2)).isLessThan(EcmpCollisions.stage1Throughput(k))
                .isGreaterThan(1 - Math.exp(-1));
        assertThat(EcmpCollisions.podToPodThroughput(k + 2)).isLessThan(EcmpCollisions.podToPodThroughput(k));
    }
}

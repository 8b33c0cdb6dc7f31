package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;

/**
 * LASH given n layers (seed 002 §3.3.1: "a layering L of that network is given ... L has n layers"): first fit, then
 * step 4 spreads the pairs over every given layer ({@link LayerBalance}), every layer checked by the independent
 * verifier.
 */
class LashGivenLayersTest {
    private static Map<Integer, Integer> pairsPerLayer(RoutingResult r) {
        Map<Integer, Integer> count = new TreeMap<>();
        for (PairLayer p : r.layerOf()) {
            count.merge(p.layer(), 1, Integer::sum);
        }
        return count;
    }

    @Test
    @DisplayName("Seed 002 §3.3.1 step 4 on 3 given layers, a line of 5 switches (one layer suffices): 20 pairs "
            + "split 7 / 7 / 6 (hand-computed from the move rule)")
    void lineSplitsIntoThirds() {
        Topology line = Fabrics.graph("line-5", 5, 1, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 4}});
        assertThat(new Lash().compute(line, RoutingOptions.defaults()).layers()).isEqualTo(1);
        // First fit puts all 20 pairs in layer 0. Every shortest path of a line fits every layer, so each pair
        // visited moves to the least-filled layer (lowest index among equals) while layer 0 holds more than the
        // mean 20/3 and two more than that layer: (19,1,0), (18,1,1), ..., (8,6,6), (7,7,6); then 7 - 6 < 2.
        RoutingResult r = LashTest.routed(line, new Lash(), RoutingOptions.defaults().withLayers(3));
        assertThat(r.layers()).isEqualTo(3);
        assertThat(pairsPerLayer(r)).containsExactly(Map.entry(0, 7), Map.entry(1, 7), Map.entry(2, 6));
    }

    @Test
    @DisplayName("Seed 002 §3.3.1 given 3 layers: a 4x4 mesh (one layer needed) holds a third of its 240 pairs in "
            + "each, a 6x6 torus (two needed) uses all three by the stopping rule; every layer acyclic and every "
            + "path shortest (verifier)")
    void meshAndTorusSpreadOverThreeLayers() {
        RoutingOptions three = RoutingOptions.defaults().withLayers(3);
        for (Topology t : new Topology[] {Fabrics.mesh(4, 4), Fabrics.torus(6, 6)}) {
            RoutingResult r = LashTest.routed(t, new Lash(), three);
            assertThat(r.layers()).as(t.name()).isEqualTo(3);
            assertThat(r.promisesShortest()).as(t.name()).isTrue();
            assertStoppingRule(t, three);
        }
        RoutingResult mesh = new Lash().compute(Fabrics.mesh(4, 4), three);
        assertThat(pairsPerLayer(mesh).values()).hasSize(3).allSatisfy(n -> assertThat(n).isBetween(79, 81));
    }

    @Test
    @DisplayName("the default is unchanged: without --layers LASH opens as few layers as it needs")
    void defaultOpensTheLeastLayers() {
        assertThat(new Lash().compute(Fabrics.mesh(4, 4), RoutingOptions.defaults()).layers()).isEqualTo(1);
        assertThat(new Lash().compute(Fabrics.torus(6, 6), RoutingOptions.defaults()).layers()).isEqualTo(2);
    }

    @Test
    @DisplayName("the spread is drawn from the seed: the same seed gives the same layers, another seed others")
    void seededSpread() {
        Topology mesh = Fabrics.mesh(4, 4);
        RoutingOptions three = RoutingOptions.defaults().withLayers(3);
        RoutingResult a = new Lash().compute(mesh, three);
        assertThat(new Lash().compute(mesh, three).layerOf()).isEqualTo(a.layerOf());
        assertThat(new Lash().compute(mesh, three.withSeed(2, false)).layerOf()).isNotEqualTo(a.layerOf());
    }

    @Test
    @DisplayName("fewer layers given than LASH needs: the Up*/Down* fallback in the last one, or an error naming "
            + "both numbers; more than the budget per class: an error")
    void tooFewOrTooMany() {
        Topology torus = Fabrics.torus(6, 6);
        RoutingResult fallback = new Lash().compute(torus, RoutingOptions.defaults().withLayers(1));
        assertThat(fallback.layers()).isEqualTo(1);
        assertThat(fallback.promisesShortest()).isFalse();
        assertThatThrownBy(() -> new Lash().compute(torus, RoutingOptions.defaults().withLayers(1)
                .withFallback(false))).isInstanceOf(RoutingFailure.class)
                .hasMessage("lash: needs 2 layers, 1 given (--layers 1) and the Up*/Down* fallback is off");
        assertThatThrownBy(() -> new Lash().compute(torus, RoutingOptions.defaults().withClasses(3).withLayers(3)))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("lash: --layers 3 exceeds the 2 layers per class of --max-layers 8 / --classes 3");
    }

    @Test
    @DisplayName("Seed 002 §3.3.5 TBTPnVL: tbtp given n layers is tbtp3vl for n = 3 (same entries, same layers)")
    void tbtpGivenLayers() {
        Topology torus = Fabrics.torus(4, 8);
        RoutingResult given = new Tbtp(1).compute(torus, RoutingOptions.defaults().withLayers(3));
        RoutingResult fixed = new Tbtp(3).compute(torus, RoutingOptions.defaults());
        assertThat(given.layers()).isEqualTo(3);
        assertThat(given.forwarding()).isEqualTo(fixed.forwarding());
        assertThat(given.layerOf()).isEqualTo(fixed.layerOf());
    }

    /**
     * Step 4's stopping rule, checked on the engine's own layers: every pair of a layer above the mean that holds at
     * least two pairs more than the least-filled layer does not fit that layer.
     */
    private static void assertStoppingRule(Topology t, RoutingOptions options) {
        Lash.Assignment a = new Lash().assign(t, options);
        ShortestPathLayers layers = a.layers();
        int count = a.lashLayers();
        long total = 0;
        for (int l = 0; l < count; l++) {
            total += layers.pairsIn(l);
            assertThat(layers.pairsIn(l)).as("pairs in layer " + l).isPositive();
        }
        int k = LayerBalance.leastFilled(layers, count);
        for (int p = 0; p < a.pairs().size(); p++) {
            int j = a.layerOf()[p];
            if ((long) layers.pairsIn(j) * count > total && layers.pairsIn(j) - layers.pairsIn(k) >= 2) {
                assertThat(layers.place(k, a.pairs().src(p), a.pairs().dst(p)))
                        .as("pair " + p + " of layer " + j + " still fits the least-filled layer " + k).isFalse();
            }
        }
    }

    @Property(tries = 20, seed = "20261127")
    @Label("LASH given n >= needed layers on random irregular fabrics, tori and meshes: all n used, every layer "
            + "acyclic, every pair shortest (verifier), and no pair of a layer above the mean and 2 pairs above the "
            + "least-filled fits it")
    void givenLayersOnRandomFabrics(@ForAll(supplier = Fabrics.AnyFamily.class) Topology t,
                                    @ForAll @IntRange(min = 0, max = 2) int extra) {
        int needed = new Lash().compute(t, RoutingOptions.defaults().withFallback(false)).layers();
        RoutingOptions options = RoutingOptions.defaults().withLayers(Math.min(8, needed + extra))
                .withSeed(t.name().hashCode(), false);
        RoutingResult r = LashTest.routed(t, new Lash(), options);
        assertThat(r.layers()).isEqualTo(options.layers());
        assertThat(r.promisesShortest()).isTrue();
        assertStoppingRule(t, options);
    }
}

package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

class LashTest extends RoutingEngineContract {
    /** The conventions of the vectors hand-computed from §3.3.1: R = lowest-id productive neighbour, lexicographic
     *  pairs, first fit. */
    private static final Lash THESIS_VECTORS = new Lash(Lash.PathChoice.FIXED_FIRST_PORT, Lash.PairOrder.SOURCE_MAJOR);
    private static final RoutingOptions NO_BALANCE = RoutingOptions.defaults().withBalance(false);

    private static Map<Integer, Integer> pairsPerLayer(RoutingResult r) {
        Map<Integer, Integer> count = new TreeMap<>();
        for (PairLayer p : r.layerOf()) {
            count.merge(p.layer(), 1, Integer::sum);
        }
        return count;
    }

    private static List<String> pairsIn(RoutingResult r, int layer) {
        List<String> out = new ArrayList<>();
        for (PairLayer p : r.layerOf()) {
            if (p.layer() == layer) {
                out.add(p.src() + ">" + p.dst());
            }
        }
        return out;
    }

    /** Computes and checks with the independent verifier: connected, loop-free, acyclic layers, shortest. */
    static RoutingResult routed(Topology t, RoutingEngine engine, RoutingOptions options) {
        RoutingResult r = engine.compute(t, options);
        VerificationReport v = DeadlockVerifier.verify(t, r);
        assertThat(v.ok()).as("verifier on " + t.name() + ": " + v.verdict()).isTrue();
        return r;
    }

    LashTest() {
        super(new Lash(), Fabrics.ring(5), Fabrics.torus(4, 4), Fabrics.mesh(3, 3), Fabrics.irregular(16, 4, 1),
                Fabrics.karyNTree(2, 3));
    }

    /** Rings routed with R = lowest-id: switches, layers, the pairs of layer 1, the pairs per layer. */
    static Stream<Arguments> lowestIdRings() {
        return Stream.of(
                Arguments.of(Named.of("Seed 002 §3.3.1 (hand-computed from its rule): 4-ring, R = lowest-id, 1 layer, "
                        + "all 12 pairs in layer 0", 4), 1, List.of(), Map.of(0, 12)),
                Arguments.of(Named.of("Seed 002 §3.3.1 (hand-computed from its rule): 5-ring, 2 layers, layer 0 = 18 "
                        + "pairs, layer 1 = {4->1, 4->2}", 5), 2, List.of("s4>s1", "s4>s2"), Map.of(0, 18, 1, 2)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lowestIdRings")
    void e1e3LowestIdRings(int switches, int layers, List<String> layerOne, Map<Integer, Integer> perLayer) {
        RoutingResult r = routed(LashFabrics.ring(switches), THESIS_VECTORS, NO_BALANCE);
        assertThat(r.layers()).isEqualTo(layers);
        assertThat(pairsIn(r, 1)).containsExactlyElementsOf(layerOne);
        assertThat(pairsPerLayer(r)).as("pairs per layer, in layer order").isEqualTo(perLayer);
    }

    @Test
    @DisplayName("Seed 002 §3.3.1 (hand-computed from its rule): 4-ring, R = clockwise on ties, 2 layers, "
            + "layer 1 = {3->1}")
    void e2ClockwiseRingTwoLayers() {
        // Port 1 of every switch leads clockwise (i -> i+1), so "first productive port" is "clockwise on ties".
        List<Switch> switches = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            switches.add(new Switch("s" + i, i + 1L, 2));
            links.add(new Link("s" + i, 1, "s" + ((i + 1) % 4), 2, 10));
        }
        Topology ring = new Topology("ring-4-clockwise", switches, List.of(), links);
        RoutingResult r = routed(ring, THESIS_VECTORS, NO_BALANCE);
        assertThat(r.layers()).isEqualTo(2);
        assertThat(pairsIn(r, 1)).containsExactly("s3>s1");
        assertThat(pairsPerLayer(r)).containsExactly(Map.entry(0, 11), Map.entry(1, 1));
        RoutingResult symmetric = routed(ring, THESIS_VECTORS, NO_BALANCE.withSymmetric(true));
        assertThat(symmetric.layers()).as("with OpenSM-style symmetric pairing").isEqualTo(2);
    }

    @ParameterizedTest(name = "ring {0}: {1} layer(s)")
    @CsvSource({"3,1", "4,1", "5,2", "6,2", "7,2", "8,2", "9,2", "10,2"})
    @DisplayName("Seed 002 §3.3.1 (hand-computed from its rule): rings of 3..10 switches need 1, 1, then 2 layers")
    void e3Rings(int n, int layers) {
        assertThat(routed(LashFabrics.ring(n), THESIS_VECTORS, NO_BALANCE).layers()).isEqualTo(layers);
    }

    @Test
    @DisplayName("Seed 002 §3.3.1 (hand-computed from its rule): 10-ring with symmetric pairing needs 3 layers "
            + "(greedy is not optimal)")
    void e3TenRingSymmetric() {
        assertThat(routed(LashFabrics.ring(10), THESIS_VECTORS, NO_BALANCE.withSymmetric(true)).layers()).isEqualTo(3);
    }

    @ParameterizedTest(name = "mesh {0}x{1}")
    @CsvSource({"2,2", "3,3", "4,4", "4,8", "8,4", "8,8"})
    @DisplayName("Seed 002 §3.3.1 (hand-computed from its rule): meshes need 1 layer")
    void e4Meshes(int w, int h) {
        RoutingResult r = routed(LashFabrics.mesh(w, h), THESIS_VECTORS, NO_BALANCE);
        assertThat(r.layers()).isEqualTo(1);
    }

    @ParameterizedTest(name = "torus {0}x{1}: {2}")
    @CsvSource(delimiter = ';', value = {"3;3;72", "4;4;240", "8;4;864/128", "4;8;852/140", "5;5;487/105/8",
        "6;6;1029/204/27"})
    @DisplayName("Seed 002 §3.3.1 (hand-computed from its rule): tori, layers and pairs per layer")
    void e4Tori(int w, int h, String perLayer) {
        RoutingResult r = routed(LashFabrics.torus(w, h), THESIS_VECTORS, NO_BALANCE);
        List<Integer> expected = new ArrayList<>();
        for (String x : perLayer.split("/")) {
            expected.add(Integer.parseInt(x));
        }
        assertThat(new ArrayList<>(pairsPerLayer(r).values())).isEqualTo(expected);
        assertThat(r.layers()).isEqualTo(expected.size());
    }

    @Test
    @DisplayName("Seed 002 §3.3.1 (hand-computed from its rule): 6x6 torus with symmetric pairing needs 4 layers")
    void e4TorusSymmetric() {
        assertThat(routed(LashFabrics.torus(6, 6), THESIS_VECTORS, NO_BALANCE.withSymmetric(true)).layers())
                .isEqualTo(4);
    }

    @ParameterizedTest(name = "torus {0}x{1}: {2} layer(s)")
    @CsvSource({"4,4,1", "6,6,2", "8,8,2", "16,16,2", "8,4,2", "5,5,2"})
    @DisplayName("LASH calibration strategy 3 (docs/sources.md §4): tori in 2 layers (the optimum; the 4x4 torus "
            + "needs 1)")
    void calibrationTori(int w, int h, int layers) {
        RoutingResult r = routed(LashFabrics.torus(w, h), new Lash(), RoutingOptions.defaults());
        assertThat(r.layers()).isEqualTo(layers);
    }

    @Test
    @DisplayName("LASH calibration strategy 3: 8-ring in 2 layers")
    void calibrationRing() {
        assertThat(routed(LashFabrics.ring(8), new Lash(), RoutingOptions.defaults()).layers()).isEqualTo(2);
    }

    @ParameterizedTest(name = "{0} switches, degree <= {1}: <= {2} layers (seed {3})")
    @CsvSource({"64,6,3,1", "64,6,3,2", "128,4,5,1", "128,4,5,2", "256,8,4,1"})
    @DisplayName("LASH calibration strategy 3: random irregular fabrics within the calibrated layer counts")
    void calibrationIrregular(int n, int degree, int maxLayers, long seed) {
        RoutingResult r = routed(LashFabrics.random(n, degree, seed, false), new Lash(), RoutingOptions.defaults());
        assertThat(r.layers()).isLessThanOrEqualTo(maxLayers);
    }

    @Test
    @DisplayName("Seed 002 §3.3 fallback (b): budget too small, last layer routed Up*/Down*, still deadlock-free")
    void fallbackLayer() {
        Topology torus = LashFabrics.torus(6, 6);
        RoutingOptions two = NO_BALANCE.withMaxLayers(2);
        RoutingResult r = routed(torus, THESIS_VECTORS, two);
        assertThat(r.layers()).isEqualTo(2);
        assertThat(r.promisesShortest()).isFalse();
        // Layer 0 keeps exactly the hand-computed first-fit layer 0 (1029 pairs); the rest is Up*/Down*.
        assertThat(pairsPerLayer(r)).containsExactly(Map.entry(0, 1029), Map.entry(1, 231));
        assertThatThrownBy(() -> THESIS_VECTORS.compute(torus, two.withFallback(false)))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("lash: needs 3 layers, 2 available (--max-layers 2) and the Up*/Down* fallback is off");
    }

    @Test
    @DisplayName("Layer budget is shared by QoS classes: 8 PCPs / 4 classes leave 2 layers per class")
    void budgetSharedByClasses() {
        Topology torus = LashFabrics.torus(6, 6);
        RoutingOptions options = NO_BALANCE.withClasses(4).withFallback(false);
        assertThatThrownBy(() -> THESIS_VECTORS.compute(torus, options))
                .hasMessage("lash: needs 3 layers, 2 available (--max-layers 8 / --classes 4) and the Up*/Down* "
                        + "fallback is off");
        assertThat(routed(torus, new Lash(), options).layers()).isEqualTo(2);
    }

    @Test
    @DisplayName("Seed 002 §3.3 step 4: balancing keeps the layer count and evens out pairs per layer")
    void balancing() {
        Topology torus = LashFabrics.torus(8, 8);
        RoutingResult unbalanced = routed(torus, new Lash(), NO_BALANCE);
        RoutingResult balanced = routed(torus, new Lash(), RoutingOptions.defaults());
        assertThat(balanced.layers()).isEqualTo(unbalanced.layers()).isEqualTo(2);
        Map<Integer, Integer> before = pairsPerLayer(unbalanced);
        Map<Integer, Integer> after = pairsPerLayer(balanced);
        assertThat(Math.abs(after.get(0) - after.get(1))).isLessThan(Math.abs(before.get(0) - before.get(1)));
        assertThat(Math.abs(after.get(0) - after.get(1))).isLessThanOrEqualTo(1);
    }

    @Test
    @DisplayName("Symmetric option: (s,d) and (d,s) always share a layer")
    void symmetricPairsShareLayers() {
        RoutingResult r = routed(LashFabrics.random(32, 4, 7, true), new Lash(),
                RoutingOptions.defaults().withSymmetric(true));
        Map<String, Integer> layer = new TreeMap<>();
        for (PairLayer p : r.layerOf()) {
            layer.put(p.src() + ">" + p.dst(), p.layer());
        }
        for (PairLayer p : r.layerOf()) {
            assertThat(layer.get(p.dst() + ">" + p.src())).as(p.toString()).isEqualTo(p.layer());
        }
    }

    @Test
    @DisplayName("Deterministic by default; randomised runs repeat for the same seed")
    void deterministicAndSeeded() {
        Topology t = LashFabrics.random(48, 5, 3, true);
        RoutingResult a = routed(t, new Lash(), RoutingOptions.defaults());
        assertThat(new Lash().compute(t, RoutingOptions.defaults())).isEqualTo(a);
        RoutingOptions seeded = RoutingOptions.defaults().withSeed(42, true);
        RoutingResult b = routed(t, new Lash(), seeded);
        assertThat(new Lash().compute(t, seeded)).isEqualTo(b);
        assertThat(b).isNotEqualTo(a);
    }

    @Test
    @DisplayName("Only switches with hosts are routed; a disconnected fabric is refused by name")
    void pairsAndErrors() {
        Topology t = LashFabrics.random(12, 3, 5, true);
        RoutingResult r = routed(t, new Lash(), RoutingOptions.defaults());
        assertThat(r.layerOf()).hasSize(12 * 11);
        Topology split = LashFabrics.fromEdges("split", 4, List.of(new int[] {0, 1}, new int[] {2, 3}), false);
        assertThatThrownBy(() -> new Lash().compute(split, RoutingOptions.defaults()))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("lash: fabric 'split' is disconnected (2 components; s0 cannot reach s2)");
    }

    @Test
    @DisplayName("Seed 002 §3.3.4 and §4.2.3: layers x classes layout, class-major, 8 PCPs or 15 VLs")
    void layerLayout() {
        LayerLayout ethernet = LayerLayout.ethernet(3, 2);
        assertThat(ethernet.lane(1, 2)).isEqualTo(5);
        assertThat(ethernet.spareLanes()).isEqualTo(2);
        LayerLayout ib = LayerLayout.infiniband(3, 5);
        assertThat(ib.lane(4, 2)).isEqualTo(14);
        assertThat(ib.spareLanes()).isZero();
        assertThatThrownBy(() -> LayerLayout.ethernet(3, 3))
                .isInstanceOf(RoutingFailure.class)
                .hasMessage("layer layout: 3 layers x 3 classes = 9 lanes, only 8 available");
        assertThatThrownBy(() -> ethernet.lane(2, 0)).hasMessage("qosClass 2 outside 0..1");
    }
}

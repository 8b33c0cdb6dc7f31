package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;
import weft.model.topology.generate.EnrichedKaryNTree;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.Mesh;
import weft.model.topology.generate.Torus;

/** Seeded properties of the tree, grid and shortest-path engines, each checked by the independent verifier. */
class EngineProperties {
    private static VerificationReport verify(String engine, Topology t) {
        return DeadlockVerifier.verify(t, RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults()));
    }

    @Property(tries = 12, seed = "11")
    @Label("k-ary n-trees (k 2-4, n 2-3): D-mod-k, ECMP and VLB are connected, shortest and deadlock-free")
    void treeEngines(@ForAll @IntRange(min = 2, max = 4) int k, @ForAll @IntRange(min = 2, max = 3) int n) {
        Topology t = KaryNTree.generate(k, n, GeneratorOptions.defaults());
        for (String engine : List.of("dmodk", "ecmp", "vlb")) {
            VerificationReport v = verify(engine, t);
            assertThat(v.ok()).as(engine + " on " + t.name() + ": " + v.verdict()).isTrue();
        }
    }

    @Property(tries = 30, seed = "12")
    @Label("meshes and tori 2x2 to 7x7: dimension order is connected, shortest and deadlock-free")
    void gridEngines(@ForAll @IntRange(min = 2, max = 7) int w, @ForAll @IntRange(min = 2, max = 7) int h,
                     @ForAll boolean wrap) {
        Topology t = wrap ? Torus.generate(List.of(h, w), GeneratorOptions.defaults())
                : Mesh.generate(List.of(h, w), GeneratorOptions.defaults());
        VerificationReport v = verify("dor", t);
        assertThat(v.ok()).as(t.name() + ": " + v.verdict()).isTrue();
    }

    @Property(tries = 24, seed = "15")
    @Label("balancing off (ties to the lowest port): Up*/Down*, TBTP and TBTP3VL stay connected and deadlock-free on "
            + "random irregular fabrics of 8-64 switches")
    void plainTieBreaks(@ForAll @IntRange(min = 8, max = 64) int switches,
                        @ForAll @IntRange(min = 3, max = 6) int degree, @ForAll long seed) {
        Topology t = Fabrics.irregular(switches, degree, seed);
        RoutingOptions plain = RoutingOptions.defaults().withBalance(false);
        for (String engine : List.of("updown", "tbtp", "tbtp3vl")) {
            VerificationReport v = DeadlockVerifier.verify(t, RoutingEngines.byName(engine).compute(t, plain));
            assertThat(v.ok()).as(engine + " on " + t.name() + ": " + v.verdict()).isTrue();
        }
    }

    @Property(tries = 30, seed = "13")
    @Label("random irregular fabrics of 8-128 switches: min-hop is connected and shortest")
    void minHopShortest(@ForAll @IntRange(min = 8, max = 128) int switches,
                        @ForAll @IntRange(min = 3, max = 8) int degree, @ForAll long seed) {
        Topology t = Fabrics.irregular(switches, degree, seed);
        VerificationReport v = verify("minhop", t);
        assertThat(v.connected() && v.nonShortest().count() == 0 && v.malformed().count() == 0)
                .as(t.name() + ": " + v.verdict()).isTrue();
    }

    @Property(tries = 20, seed = "14")
    @Label("enriched k-ary n-trees: adaptive flow routing (ForcedDir or FreeDir) of a random permutation is "
            + "deadlock-free and delivers")
    void adaptiveFlowsAreDeadlockFree(@ForAll @IntRange(min = 2, max = 4) int k,
                                      @ForAll @IntRange(min = 2, max = 3) int n,
                                      @ForAll @IntRange(min = 1, max = 3) int width, @ForAll long seed,
                                      @ForAll AdaptiveFlowRouting.Direction direction) {
        Topology t = EnrichedKaryNTree.generate(k, n, width, EnrichedKaryNTree.Shape.CHAIN,
                GeneratorOptions.defaults());
        AdaptiveFlowRouting routing = new AdaptiveFlowRouting(t, AdaptiveFlowRouting.FORCED_DIR_HOPS, direction);
        int[][] flows = AdaptiveFlowRoutingTest.permutation(t.hosts().size(), new SplittableRandom(seed));
        RoutingResult r = routing.routeIndexed(flows, true).toRoutingResult("adaptive");
        VerificationReport v = DeadlockVerifier.verify(t, r);
        assertThat(v.deadlockFree() && v.loops().count() == 0 && v.unreachable().count() == 0
                && v.malformed().count() == 0).as(t.name() + ": " + v.verdict()).isTrue();
    }
}

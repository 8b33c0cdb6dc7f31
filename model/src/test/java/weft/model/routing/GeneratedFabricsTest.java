package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;
import weft.model.topology.generate.EnrichedKaryNTree;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.Mesh;
import weft.model.topology.generate.RandomIrregular;
import weft.model.topology.generate.Torus;

/** The engines on the fabrics of {@code weft.model.topology.generate}, whose numbering they must recognise. */
class GeneratedFabricsTest {
    private static final GeneratorOptions OPTIONS = GeneratorOptions.defaults();

    private static VerificationReport run(String engine, Topology t) {
        RoutingResult r = RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults());
        return DeadlockVerifier.verify(t, r);
    }

    @Test
    @DisplayName("tree engines route the generator's k-ary n-trees, plain and enriched")
    void trees() {
        for (Topology t : List.of(KaryNTree.generate(4, 3, OPTIONS), KaryNTree.generate(3, 2, OPTIONS),
                EnrichedKaryNTree.generate(4, 3, 2, EnrichedKaryNTree.Shape.CHAIN, OPTIONS))) {
            for (String engine : List.of("dmodk", "ecmp", "updown", "minhop")) {
                VerificationReport v = run(engine, t);
                if (!t.name().startsWith("enriched") || engine.equals("updown") || engine.equals("dmodk")) {
                    assertThat(v.ok()).as(engine + " on " + t.name() + ": " + v.verdict()).isTrue();
                }
            }
        }
        VerificationReport vlb = run("vlb", KaryNTree.generate(2, 3, OPTIONS));
        assertThat(vlb.ok()).as(vlb.verdict()).isTrue();
    }

    @Test
    @DisplayName("dimension order reads the generator's mesh and torus port scheme, 2D and 3D")
    void grids() {
        for (Topology t : List.of(Mesh.generate(List.of(4, 8), OPTIONS), Torus.generate(List.of(4, 8), OPTIONS),
                Torus.generate(List.of(3, 3, 3), OPTIONS), Mesh.generate(List.of(2, 3, 4), OPTIONS))) {
            VerificationReport v = run("dor", t);
            assertThat(v.ok()).as(t.name() + ": " + v.verdict()).isTrue();
        }
        assertThat(RoutingEngines.byName("dor").compute(Torus.generate(List.of(3, 3, 3), OPTIONS),
                RoutingOptions.defaults()).layers()).isEqualTo(8);
    }

    @Test
    @DisplayName("Up*/Down* on the generator's random irregular fabrics")
    void irregular() {
        for (int seed = 1; seed <= 3; seed++) {
            Topology t = RandomIrregular.generate(64, 6, seed, OPTIONS);
            VerificationReport v = run("updown", t);
            assertThat(v.ok()).as(t.name() + ": " + v.verdict()).isTrue();
        }
    }
}

package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;

class LinkFaultsTest {
    @Test
    @DisplayName("Seed 002 §3.2.3 (Fig. 3.9e): the 8x8 mesh with 5% link faults loses round(0.05 x 112) = 6 of its "
            + "2 x 8 x 7 = 112 links and stays connected; the same seed gives the same faults, another seed others")
    void faultyMesh() {
        Topology mesh = Mesh.generate(List.of(8, 8), GeneratorOptions.defaults());
        Topology faulty = LinkFaults.remove(mesh, 0.05, 1);
        assertThat(mesh.links()).hasSize(112);
        assertThat(faulty.links()).hasSize(106);
        assertThat(mesh.links()).containsAll(faulty.links());
        assertThat(faulty.graph().isConnected()).isTrue();
        assertThat(faulty.switches()).isEqualTo(mesh.switches());
        assertThat(faulty.hosts()).isEqualTo(mesh.hosts());
        assertThat(faulty.name()).isEqualTo("8x8 mesh, 6 of 112 links faulty (seed 1)");
        assertThat(LinkFaults.remove(mesh, 0.05, 1).links()).isEqualTo(faulty.links());
        assertThat(LinkFaults.remove(mesh, 0.05, 2).links()).isNotEqualTo(faulty.links());
    }

    @Test
    @DisplayName("hand-computed: a 4-switch ring may lose one link (a line is left), never two; a line none")
    void bridgesStay() {
        Topology ring = Ring.generate(4, GeneratorOptions.defaults());
        Topology line = LinkFaults.remove(ring, 0.25, 3);
        assertThat(line.links()).hasSize(3);
        assertThat(line.graph().isConnected()).isTrue();
        assertThatThrownBy(() -> LinkFaults.remove(ring, 0.5, 3)).isInstanceOf(GeneratorException.class)
                .hasMessage("faults: 4-ring (4 switches, 4 links) cannot lose 2 of its links and stay connected");
        assertThatThrownBy(() -> LinkFaults.remove(line, 0.34, 3)).isInstanceOf(GeneratorException.class)
                .hasMessageContaining("cannot lose 1 of its links and stay connected");
        assertThat(LinkFaults.remove(line, 0, 3).links()).isEqualTo(line.links());
    }

    @Test
    @DisplayName("weft topo generate mesh --dims 8x8 --faults 5 --seed 1 is the same faulty mesh")
    void meshGeneratorOption() {
        TopologyGenerator family = Generators.byKind(Mesh.KIND);
        Topology generated = family.generate(GeneratorArguments.of(family, Map.of("dims", "8x8", "faults", "5",
                "seed", "1")), GeneratorOptions.defaults());
        Topology mesh = Mesh.generate(List.of(8, 8), GeneratorOptions.defaults());
        assertThat(generated.links()).isEqualTo(LinkFaults.remove(mesh, 0.05, 1).links());
        assertThat(family.generate(GeneratorArguments.of(family, Map.of("dims", "8x8")), GeneratorOptions.defaults())
                .links()).isEqualTo(mesh.links());
        assertThatThrownBy(() -> family.generate(GeneratorArguments.of(family, Map.of("dims", "8x8", "faults",
                "100")), GeneratorOptions.defaults())).hasMessage("faults: the fraction of links must be in [0, 1), "
                + "got 1.0");
    }

    @Test
    void badInputsNamed() {
        Topology mesh = Mesh.generate(List.of(2, 2), GeneratorOptions.defaults());
        assertThatThrownBy(() -> LinkFaults.remove(mesh, 1, 1)).isInstanceOf(GeneratorException.class)
                .hasMessage("faults: the fraction of links must be in [0, 1), got 1.0");
        assertThatThrownBy(() -> LinkFaults.remove(mesh, Double.NaN, 1)).hasMessageContaining("got NaN");
        Topology apart = LinkFaults.remove(mesh, 0.25, 1);
        Topology islands = new Topology("islands", apart.switches(), apart.hosts(), apart.links().subList(0, 1));
        assertThatThrownBy(() -> LinkFaults.remove(islands, 0, 1)).isInstanceOf(GeneratorException.class)
                .hasMessage("faults: islands is not connected before any fault");
    }

    /** Any number of faults that leaves room for a spanning tree is reached, and the fabric stays connected. */
    @Property(tries = 200, seed = "20261126")
    void connectedWithExactlyTheFaultsAsked(@ForAll @IntRange(min = 2, max = 7) int width,
            @ForAll @IntRange(min = 2, max = 7) int height, @ForAll boolean torus,
            @ForAll @DoubleRange(min = 0, max = 1, maxIncluded = false) double fraction, @ForAll long seed) {
        List<Integer> dims = List.of(width, height);
        Topology t = torus && width > 2 && height > 2 ? Torus.generate(dims, GeneratorOptions.defaults())
                : Mesh.generate(dims, GeneratorOptions.defaults());
        int faults = (int) Math.round(fraction * t.links().size());
        int spare = t.links().size() - (t.switches().size() - 1);
        if (faults > spare) {
            assertThatThrownBy(() -> LinkFaults.remove(t, fraction, seed)).isInstanceOf(GeneratorException.class);
            return;
        }
        Topology faulty = LinkFaults.remove(t, fraction, seed);
        assertThat(faulty.links()).hasSize(t.links().size() - faults);
        assertThat(t.links()).containsAll(faulty.links());
        assertThat(faulty.graph().isConnected()).isTrue();
    }
}

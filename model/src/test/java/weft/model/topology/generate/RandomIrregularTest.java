package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import weft.model.topology.Link;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;

class RandomIrregularTest {
    @Property(tries = 200, seed = "20261126")
    void connectedSimpleAndDegreeBounded(@ForAll @IntRange(min = 2, max = 60) int switches,
            @ForAll @IntRange(min = 2, max = 10) int degree, @ForAll long seed) {
        Topology t = RandomIrregular.generate(switches, degree, seed, GeneratorOptions.defaults());
        SwitchGraph g = t.graph();
        assertThat(g.isConnected()).isTrue();
        Set<String> pairs = new HashSet<>();
        for (Link l : t.links()) {
            String key = l.a().compareTo(l.b()) < 0 ? l.a() + "-" + l.b() : l.b() + "-" + l.a();
            assertThat(pairs.add(key)).as("no parallel link %s", key).isTrue();
        }
        for (int u = 0; u < g.switchCount(); u++) {
            assertThat(g.degree(u)).isBetween(1, degree);
        }
        // Saturation: no two switches with free ports are left unconnected.
        int d = Math.min(degree, switches - 1);
        for (int u = 0; u < g.switchCount(); u++) {
            for (int v = u + 1; v < g.switchCount(); v++) {
                if (g.degree(u) < d && g.degree(v) < d) {
                    assertThat(pairs).containsAnyOf(g.switchId(u) + "-" + g.switchId(v), g.switchId(v) + "-"
                            + g.switchId(u));
                }
            }
        }
    }

    @Property(tries = 50, seed = "7")
    void deterministicPerSeedAndSeedsDiffer(@ForAll @IntRange(min = 8, max = 64) int switches,
            @ForAll @IntRange(min = 3, max = 6) int degree, @ForAll long seed) {
        String a = TopologyJson.write(RandomIrregular.generate(switches, degree, seed, GeneratorOptions.defaults()));
        String b = TopologyJson.write(RandomIrregular.generate(switches, degree, seed, GeneratorOptions.defaults()));
        String c = TopologyJson.write(RandomIrregular.generate(switches, degree, seed + 1,
                GeneratorOptions.defaults()));
        assertThat(a).isEqualTo(b);
        assertThat(a).isNotEqualTo(c);
    }

    @Test
    void sixtyFourSwitchesDegreeSixIsRegular() {
        Topology t = RandomIrregular.generate(64, 6, 7, GeneratorOptions.defaults());
        assertThat(t.links()).hasSizeBetween(64 * 6 / 2 - 3, 64 * 6 / 2);
        assertThat(t.switches()).allSatisfy(s -> assertThat(s.ports()).isEqualTo(1 + 6));
    }

    @Test
    void rejectsDegreesThatCannotConnect() {
        assertThatThrownBy(() -> RandomIrregular.generate(5, 1, 1, GeneratorOptions.defaults()))
                .hasMessage("irregular: --degree 1 cannot connect 5 switches; expected >= 2");
        assertThat(RandomIrregular.generate(2, 1, 1, GeneratorOptions.defaults()).links()).hasSize(1);
    }
}

package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;

class GeneratorsTest {
    static Stream<Arguments> examples() {
        return Stream.of(
                Arguments.of("kary-ntree", Map.of("k", "4", "n", "3")),
                Arguments.of("enriched-kary-ntree", Map.of("k", "3", "n", "3", "width", "2", "shape", "ring")),
                Arguments.of("fat-tree", Map.of("k", "4", "levels", "3")),
                Arguments.of("leaf-spine", Map.of("leaves", "8", "spines", "4")),
                Arguments.of("clusters", Map.of("leaves", "4", "spines", "3", "inter", "2", "inter-latency-us", "0.5")),
                Arguments.of("mesh", Map.of("dims", "4x4x2")),
                Arguments.of("torus", Map.of("dims", "4x8")),
                Arguments.of("ring", Map.of("switches", "6")),
                Arguments.of("fully-connected", Map.of("switches", "5")),
                Arguments.of("irregular", Map.of("switches", "20", "degree", "4", "seed", "3")));
    }

    @Test
    void tableListsEveryFamilyOnce() {
        assertThat(Generators.all()).extracting(TopologyGenerator::kind).containsExactly("kary-ntree",
                "enriched-kary-ntree", "fat-tree", "leaf-spine", "clusters", "mesh", "torus", "ring", "fully-connected",
                "irregular");
        assertThat(examples()).hasSize(Generators.all().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyFamilyRoundTripsThroughJsonAndFollowsTheNamingScheme(String kind, Map<String, String> args) {
        TopologyGenerator g = Generators.byKind(kind);
        GeneratorOptions options = GeneratorOptions.defaults().withGbps(25).withDpidBase(0x100).withLatencyUs(0.5);
        Topology t = g.generate(GeneratorArguments.of(g, args), options);
        Topology back = TopologyJson.read(kind + ".json", TopologyJson.write(t));
        assertThat(back.name()).isEqualTo(t.name());
        assertThat(back.switches()).isEqualTo(t.switches());
        assertThat(back.hosts()).isEqualTo(t.hosts());
        assertThat(back.links()).isEqualTo(t.links());
        assertThat(TopologyJson.write(back)).isEqualTo(TopologyJson.write(t));

        assertThat(t.graph().isConnected()).isTrue();
        for (int i = 0; i < t.switches().size(); i++) {
            assertThat(t.switches().get(i).id()).isEqualTo("s" + (i + 1));
            assertThat(t.switches().get(i).dpid()).isEqualTo(0x100 + i);
        }
        for (int j = 0; j < t.hosts().size(); j++) {
            Host h = t.hosts().get(j);
            assertThat(h.id()).isEqualTo("h" + (j + 1));
            assertThat(h.mac()).isEqualTo(Addressing.mac(j));
            assertThat(h.ip()).isEqualTo(Addressing.ip(j));
            assertThat(h.gbps()).isEqualTo(25);
        }
        // Hosts first: on every switch, host ports are 1..h and switch links use higher ports.
        SwitchGraph sg = t.graph();
        for (int u = 0; u < sg.switchCount(); u++) {
            int hosts = sg.hostsAt(u).length;
            for (int hi : sg.hostsAt(u)) {
                assertThat(t.hosts().get(hi).port()).isBetween(1, hosts);
            }
            for (int c : sg.out(u)) {
                assertThat(sg.srcPort(c)).isGreaterThan(hosts);
            }
        }
        assertThat(t.links()).allSatisfy(l -> assertThat(l.latencyUs()).isEqualTo(0.5));
    }

    @Test
    void addressPlan() {
        assertThat(Addressing.mac(0)).isEqualTo("02:00:00:00:00:01");
        assertThat(Addressing.ip(0)).isEqualTo("10.0.0.1");
        assertThat(Addressing.ip(255)).isEqualTo("10.0.1.0");
        assertThat(Addressing.mac(65535)).isEqualTo("02:00:00:01:00:00");
        assertThat(Addressing.ip(65535)).isEqualTo("10.1.0.0");
    }

    @Test
    void argumentErrorsNameFamilyParameterAndValue() {
        TopologyGenerator torus = Generators.byKind("torus");
        assertThatThrownBy(() -> GeneratorArguments.of(torus, Map.of()))
                .hasMessage("torus: missing required parameter --dims (switches per dimension, each >= 2, e.g. 4x8"
                        + " or 4x4x4)");
        assertThatThrownBy(() -> GeneratorArguments.of(torus, Map.of("dims", "4x8", "k", "2")))
                .hasMessage("torus: unknown parameter --k; known: --dims");
        assertThatThrownBy(() -> torus.generate(GeneratorArguments.of(torus, Map.of("dims", "4by8")),
                GeneratorOptions.defaults())).hasMessage("torus: --dims must look like 4x8 or 4x4x4, got '4by8'");
        TopologyGenerator tree = Generators.byKind("kary-ntree");
        assertThatThrownBy(() -> tree.generate(GeneratorArguments.of(tree, Map.of("k", "x", "n", "2")),
                GeneratorOptions.defaults())).hasMessage("kary-ntree: --k must be an integer, got 'x'");
        assertThatThrownBy(() -> Generators.byKind("hypercube"))
                .hasMessageStartingWith("unknown topology kind 'hypercube'; known: kary-ntree, ");
        assertThatThrownBy(() -> GeneratorOptions.defaults().withGbps(0))
                .hasMessage("gbps must be a positive number, got 0.0");
    }
}

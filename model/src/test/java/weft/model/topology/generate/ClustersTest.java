package weft.model.topology.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Link;
import weft.model.topology.Topology;

class ClustersTest {
    @Test
    @DisplayName("Seed 001 §3: two clusters of 144 nodes (12 leaves with 12 hosts and 12 up channels, 12 spines) "
            + "joined by four channels each way, inter-cluster latency twice the others'")
    void paperNetwork() {
        GeneratorOptions o = GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032);
        Topology t = Clusters.generate(2, 12, 12, 4, 0.064, o);
        assertThat(t.switches()).hasSize(48);
        assertThat(t.hosts()).hasSize(288);
        assertThat(t.links()).hasSize(2 * 144 + 4);
        assertThat(t.links()).filteredOn(l -> l.latencyUs() == 0.064).hasSize(4)
                .allSatisfy(l -> assertThat(t.graph().hostsAt(t.switchIndex(l.a()))).hasSize(12));
        assertThat(t.graph().isConnected()).isTrue();
        // hosts leaf by leaf: host 143 is in cluster 0 (switches s1..s24), host 144 in cluster 1
        assertThat(t.switchIndex(t.hosts().get(143).switchId())).isLessThan(24);
        assertThat(t.switchIndex(t.hosts().get(144).switchId())).isGreaterThanOrEqualTo(24);
        // switch degrees: 24 spines and 16 leaves with 12 links, 8 leaves with an inter-cluster channel too
        assertThat(t.graph().degreeHistogram()).isEqualTo(Map.of(12, 24 + 16, 13, 8));
    }

    @Test
    @DisplayName("the quick network: two clusters of 36 nodes and one channel each way keep the paper's 18:1 "
            + "over-subscription under global uniform traffic (36 x 1/2 over 1)")
    void quickNetwork() {
        Topology t = Clusters.generate(2, 6, 6, 1, 2, GeneratorOptions.defaults());
        assertThat(t.hosts()).hasSize(72);
        assertThat(t.links().stream().filter(l -> l.latencyUs() == 2)).hasSize(1);
        Link inter = t.links().stream().filter(l -> l.latencyUs() == 2).findFirst().orElseThrow();
        assertThat(inter.a()).isEqualTo("s7");
        assertThat(inter.b()).isEqualTo("s19");
    }

    @Test
    @DisplayName("more than two clusters form a ring; bad shapes are refused naming the parameters")
    void ringAndErrors() {
        Topology t = Clusters.generate(4, 3, 3, 2, 2, GeneratorOptions.defaults());
        assertThat(t.links().stream().filter(l -> l.latencyUs() == 2)).hasSize(4 * 2);
        assertThatThrownBy(() -> Clusters.generate(2, 3, 3, 4, 2, GeneratorOptions.defaults()))
                .isInstanceOf(GeneratorException.class).hasMessageContaining("--inter in 1..leaves");
        assertThatThrownBy(() -> Clusters.generate(1, 3, 3, 1, 2, GeneratorOptions.defaults()))
                .hasMessageContaining("--clusters >= 2");
        TopologyGenerator family = Generators.byKind("clusters");
        assertThat(family.kind()).isEqualTo(Clusters.KIND);
        assertThat(family.generate(GeneratorArguments.of(family, Map.of("clusters", "4", "leaves", "3", "spines", "3",
                "inter", "2", "inter-latency-us", "2")), GeneratorOptions.defaults()).links()).isEqualTo(t.links());
    }
}

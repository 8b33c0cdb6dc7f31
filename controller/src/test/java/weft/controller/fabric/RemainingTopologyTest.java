package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.testing.TestFabrics;
import weft.model.topology.Host;
import weft.model.topology.Topology;

class RemainingTopologyTest {
    private static final Topology RING = TestFabrics.ring(5);

    @Test
    @DisplayName("nothing failed: the configured topology itself")
    void nothingFailed() {
        assertThat(RemainingTopology.of(RING, Set.of(), Set.of())).isSameAs(RING);
    }

    @Test
    @DisplayName("a failed link is gone, everything else stays")
    void failedLink() {
        Topology t = RemainingTopology.of(RING, Set.of(0), Set.of());
        assertThat(t.links()).hasSize(4).doesNotContain(RING.links().get(0));
        assertThat(t.switches()).hasSize(5);
        assertThat(t.hosts()).hasSize(5);
        assertThat(t.graph().isConnected()).isTrue();
    }

    @Test
    @DisplayName("a lost switch takes its links and hosts with it")
    void lostSwitch() {
        Topology t = RemainingTopology.of(RING, Set.of(), Set.of("s3"));
        assertThat(t.findSwitch("s3")).isEmpty();
        assertThat(t.links()).hasSize(3).allSatisfy(l -> assertThat(l.a() + l.b()).doesNotContain("s3"));
        assertThat(t.hosts()).extracting(Host::switchId).doesNotContain("s3").hasSize(4);
    }
}

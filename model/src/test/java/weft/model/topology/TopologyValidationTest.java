package weft.model.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TopologyValidationTest {
    private static final List<Switch> TWO = List.of(new Switch("s1", 1, 4), new Switch("s2", 2, 4));

    @Test
    void rejectsAPortUsedTwiceNamingBothLinks() {
        assertThatThrownBy(() -> new Topology("t", TWO, List.of(),
                List.of(new Link("s1", 2, "s2", 2, 10), new Link("s1", 2, "s2", 3, 10))))
                .isInstanceOf(TopologyException.class)
                .hasMessage("links[1]: port 2 of s1 already used by links[0]");
    }

    @Test
    void rejectsUnknownSwitchAndPortOutOfRange() {
        assertThatThrownBy(() -> new Topology("t", TWO, List.of(), List.of(new Link("s1", 2, "s9", 2, 10))))
                .hasMessage("links[0]: unknown switch s9");
        assertThatThrownBy(() -> new Topology("t", TWO, List.of(), List.of(new Link("s1", 5, "s2", 2, 10))))
                .hasMessage("links[0]: port 5 of s1 is outside 1..4");
    }

    @Test
    void aLinkIsTheSameCableInEitherDirection() {
        assertThat(new Link("s2", 3, "s1", 2, 10).cable()).isEqualTo("s1:2-s2:3")
                .isEqualTo(new Link("s1", 2, "s2", 3, 40).cable());
        assertThat(new Link("s1", 2, "s2", 4, 10).cable()).isNotEqualTo(new Link("s1", 2, "s2", 3, 10).cable());
    }

    @Test
    void rejectsDuplicateHostAddresses() {
        Host h1 = new Host("h1", "02:00:00:00:00:01", "10.0.0.1", "s1", 1, 10);
        Host h2 = new Host("h2", "02:00:00:00:00:01", "10.0.0.2", "s2", 1, 10);
        assertThatThrownBy(() -> new Topology("t", TWO, List.of(h1, h2), List.of()))
                .hasMessage("hosts[1]: mac 02:00:00:00:00:01 of h2 already used by h1");
    }

    @Test
    void reportsComponentsInsteadOfAssumingConnectivity() {
        Topology t = new Topology("t", TWO, List.of(), List.of());
        assertThat(t.graph().componentCount()).isEqualTo(2);
        assertThat(t.graph().isConnected()).isFalse();
        Topology joined = new Topology("t", TWO, List.of(), List.of(new Link("s1", 2, "s2", 3, 10),
                new Link("s1", 3, "s2", 4, 10)));
        assertThat(joined.graph().isConnected()).isTrue();
        assertThat(joined.graph().degreeHistogram()).containsEntry(2, 2);
        assertThat(joined.graph().channelAtPort(0, 3)).isEqualTo(2);
        assertThat(joined.graph().dstPort(2)).isEqualTo(4);
    }
}

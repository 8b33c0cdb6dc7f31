package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/** Which resources keep tables, with over-subscription ratios computed by hand from the rule in the class comment. */
class CriticalResourcesTest {
    private static Host host(int i, String sw, int port, double gbps) {
        return new Host("h" + i, String.format("02:00:00:00:00:%02x", i), "10.0.0." + i, sw, port, gbps);
    }

    @Test
    @DisplayName("8->1 incast over a 24 Mbit/s link: both directions over-subscribed 1/0.024 = 41.7, every host port "
            + "a destination; the pair h1->h9 crosses s1:9 then ends at s2:1")
    void incastBottleneck() {
        CriticalResources c = CriticalResources.select(IncastFabric.topology(0.024, 0.05), IncastFabric::paths,
                Set.of());
        assertThat(c.resources().keySet()).extracting(EgressPort::toString).containsExactly("s1:1", "s1:2", "s1:3",
                "s1:4", "s1:5", "s1:6", "s1:7", "s1:8", "s1:9", "s2:1", "s2:2");
        CriticalResources.Resource link = c.resources().get(new EgressPort("s1", 9));
        assertThat(link.kind()).isEqualTo(CriticalResources.Kind.OVERSUBSCRIBED);
        // h1..h8 (8 G) may send over it, to h9 (0.05 G): min(8, 0.05) / 0.024
        assertThat(link.oversubscription()).isCloseTo(0.05 / 0.024, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(link.peer()).isEqualTo("s2:2");
        // the way back: h9 (0.05 G) to h1..h8
        assertThat(c.resources().get(new EgressPort("s2", 2)).oversubscription())
                .isCloseTo(0.05 / 0.024, org.assertj.core.data.Offset.offset(1e-9));
        CriticalResources.Resource h9 = c.resources().get(new EgressPort("s2", 1));
        assertThat(h9.kind()).isEqualTo(CriticalResources.Kind.HOST);
        assertThat(h9.peer()).isEqualTo("h9");
        assertThat(h9.oversubscription()).as("the other hosts' 8 G over h9's 0.05 G").isCloseTo(160.0,
                org.assertj.core.data.Offset.offset(1e-9));
        Host h1 = c.hostById("h1");
        Host h9h = c.hostByIp("10.0.0.9");
        assertThat(c.channels(h1, h9h)).containsExactly(new EgressPort("s1", 9));
        assertThat(CriticalResources.destination(h9h)).isEqualTo(new EgressPort("s2", 1));
        assertThat(c.channels(h1, c.hostById("h2"))).as("same switch: no channel").isEmpty();
        assertThat(c.peerOf(new EgressPort("s1", 9))).isEqualTo(new EgressPort("s2", 2));
        assertThat(c.peerOf(new EgressPort("s2", 1))).as("a host port").isNull();
    }

    @Test
    @DisplayName("A link as fast as what can reach it is not critical (ratio min(8, 1) / 1 = 1), unless marked")
    void fullRateLinkOnlyWhenMarked() {
        CriticalResources c = CriticalResources.select(IncastFabric.topology(1.0, 1.0), IncastFabric::paths,
                Set.of());
        assertThat(c.resources()).doesNotContainKey(new EgressPort("s1", 9)).doesNotContainKey(new EgressPort("s2", 2));
        CriticalResources m = CriticalResources.select(IncastFabric.topology(1.0, 1.0), IncastFabric::paths,
                Set.of(EgressPort.parse("s1:9")));
        assertThat(m.resources().get(new EgressPort("s1", 9)).kind()).isEqualTo(CriticalResources.Kind.MARKED);
        assertThat(m.resources().get(new EgressPort("s1", 9)).oversubscription()).isEqualTo(1.0);
        assertThat(m.resources()).doesNotContainKey(new EgressPort("s2", 2));
        assertThatThrownBy(() -> CriticalResources.select(IncastFabric.topology(1.0, 1.0), IncastFabric::paths,
                Set.of(EgressPort.parse("s1:3")))).hasMessageContaining("critical resource s1:3: no switch link "
                + "leaves s1 through port 3");
    }

    @Test
    @DisplayName("Two leaves of two 1 G hosts under one spine, 1 G uplinks: each uplink is 2:1 over-subscribed "
            + "(2 G of sources, 2 G of destinations), each downlink too")
    void leafUplinks() {
        Topology t = new Topology("tree", List.of(new Switch("s1", 1, 3), new Switch("s2", 2, 3),
                new Switch("s3", 3, 2)),
                List.of(host(1, "s1", 1, 1), host(2, "s1", 2, 1), host(3, "s2", 1, 1), host(4, "s2", 2, 1)),
                List.of(new Link("s1", 3, "s3", 1, 1.0), new Link("s2", 3, "s3", 2, 1.0)));
        // channels: 0 s1->s3, 1 s3->s1, 2 s2->s3, 3 s3->s2
        CriticalResources c = CriticalResources.select(t, (s, d) -> s.switchId().equals(d.switchId())
                ? List.of(new int[0]) : s.switchId().equals("s1") ? List.of(new int[] {0, 3})
                : List.of(new int[] {2, 1}), Set.of());
        for (String p : List.of("s1:3", "s3:1", "s2:3", "s3:2")) {
            assertThat(c.resources().get(EgressPort.parse(p)).oversubscription()).as(p).isEqualTo(2.0);
        }
        assertThat(c.channels(c.hostById("h1"), c.hostById("h4"))).containsExactly(EgressPort.parse("s1:3"),
                EgressPort.parse("s3:2"));
    }

    @Test
    @DisplayName("ECMP: a pair whose traffic may take either of two branches is checked on the critical channels of "
            + "both, in the order first met")
    void ecmpBranchesUnion() {
        Topology t = new Topology("ecmp", List.of(new Switch("s1", 1, 3), new Switch("s2", 2, 3)),
                List.of(host(1, "s1", 1, 1), host(2, "s2", 1, 1)),
                List.of(new Link("s1", 2, "s2", 2, 0.5), new Link("s1", 3, "s2", 3, 0.5)));
        CriticalResources c = CriticalResources.select(t, (s, d) -> s.switchId().equals("s1")
                ? List.of(new int[] {0}, new int[] {2}) : List.of(new int[] {1}, new int[] {3}), Set.of());
        assertThat(c.resources().get(EgressPort.parse("s1:2")).oversubscription()).isEqualTo(2.0);
        assertThat(c.channels(c.hostById("h1"), c.hostById("h2"))).containsExactly(EgressPort.parse("s1:2"),
                EgressPort.parse("s1:3"));
        assertThat(c.channels(c.hostById("h1"), c.hostById("h2"))).as("cached").isSameAs(
                c.channels(c.hostById("h1"), c.hostById("h2")));
    }

    @Test
    void noRouteMeansNoPath() {
        CriticalResources c = CriticalResources.select(IncastFabric.topology(0.024, 1), (s, d) -> List.of(), Set.of());
        assertThat(c.channels(c.hostById("h1"), c.hostById("h9"))).isNull();
        assertThat(c.resources().get(new EgressPort("s1", 9))).as("nothing reaches it").isNull();
    }

    @Test
    void egressPortsParseAndName() {
        assertThat(EgressPort.parse(" s1:9 ")).isEqualTo(new EgressPort("s1", 9));
        assertThat(new EgressPort("dpid-0a", 3).toString()).isEqualTo("dpid-0a:3");
        assertThatThrownBy(() -> EgressPort.parse("s1"))
                .hasMessage("egress port 's1': expected SWITCH:PORT, e.g. s1:9");
        assertThatThrownBy(() -> EgressPort.parse("s1:0")).hasMessageContaining("expected SWITCH:PORT");
        assertThatThrownBy(() -> new EgressPort("s1", 0)).hasMessage("egress port s1: port 0, expected >= 1");
    }
}

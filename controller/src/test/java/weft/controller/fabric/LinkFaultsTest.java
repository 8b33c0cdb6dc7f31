package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.types.OFPort;
import weft.controller.openflow.SwitchSession;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * {@link LinkFaults} on a line a - b - c (links a:1-b:1 and b:2-c:1): a link fails with either port, returns only
 * when both ports are up, and a lost switch takes its links out of the remaining topology until it returns.
 */
class LinkFaultsTest {
    private static final Topology LINE = new Topology("line",
            List.of(new Switch("a", 1, 2), new Switch("b", 2, 2), new Switch("c", 3, 2)), List.of(),
            List.of(new Link("a", 1, "b", 1, 10), new Link("b", 2, "c", 1, 10)));

    private final Map<String, SwitchSession> sessions = new ConcurrentHashMap<>();
    private final LinkFaults faults = new LinkFaults(Wiring.of(LINE), sessions);

    private static SortedMap<Integer, OFPortDesc> ports(int... down) {
        SortedMap<Integer, OFPortDesc> ports = new TreeMap<>();
        for (int p = 1; p <= 2; p++) {
            final int port = p;
            boolean isDown = java.util.Arrays.stream(down).anyMatch(d -> d == port);
            ports.put(p, SwitchSession.F.buildPortDesc().setPortNo(OFPort.of(p)).setName("p" + p)
                    .setState(isDown ? Set.of(OFPortState.LINK_DOWN) : Set.of()).build());
        }
        return ports;
    }

    private void connect(String id, int... down) {
        SwitchSession s = mock(SwitchSession.class);
        SortedMap<Integer, OFPortDesc> p = ports(down);
        when(s.ports()).thenReturn(p);
        sessions.put(id, s);
    }

    @Test
    void aLinkPortDownFailsTheLinkOnce() {
        assertThat(faults.remaining(LINE)).isSameAs(LINE);
        assertThat(faults.linkPort("a", 0, true)).isTrue();
        assertThat(faults.linkPort("b", 0, true)).isFalse();
        assertThat(faults.remaining(LINE).links()).containsExactly(LINE.links().get(1));
    }

    @Test
    void aFailedLinkReturnsOnlyWhenThePeerPortIsUpToo() {
        connect("b", 1);
        faults.linkPort("a", 0, true);
        assertThat(faults.linkPort("a", 0, false)).isFalse();
        assertThat(faults.remaining(LINE).links()).hasSize(1);
        connect("b");
        assertThat(faults.linkPort("a", 0, false)).isTrue();
        assertThat(faults.remaining(LINE)).isSameAs(LINE);
    }

    @Test
    void aSwitchThatReturnsWithALinkPortDownKeepsThatLinkFailed() {
        faults.switchLost("b");
        assertThat(faults.remaining(LINE).switches()).extracting(Switch::id).containsExactly("a", "c");
        assertThat(faults.remaining(LINE).links()).isEmpty();
        connect("b", 2);
        assertThat(faults.switchUp("b", sessions.get("b").ports())).isTrue();
        assertThat(faults.remaining(LINE).switches()).hasSize(3);
        assertThat(faults.remaining(LINE).links()).containsExactly(LINE.links().get(0));
        assertThat(faults.switchUp("b", sessions.get("b").ports())).isFalse();
    }
}

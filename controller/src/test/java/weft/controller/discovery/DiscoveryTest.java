package weft.controller.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.testing.TestFabrics;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

class DiscoveryTest {
    private static final byte[] MAC = {2, 0, 0, 0, 0, 9};

    @Test
    @DisplayName("LLDP frame round-trip: dpid and port come back; other frames and frames cut before the port "
            + "are ignored")
    void lldpRoundTrip() {
        byte[] f = Lldp.frame(0x5745460000010002L, 17, MAC);
        assertThat(Lldp.parse(f)).contains(new Lldp.Origin(0x5745460000010002L, 17));
        assertThat(f[12] & 0xff).isEqualTo(0x88);
        assertThat(Arrays.copyOfRange(f, 0, 6)).containsExactly(0x01, 0x80, 0xc2, 0x00, 0x00, 0x0e);
        int portTlvEnd = 14 + (2 + 1 + "dpid:".length() + 16) + (2 + 1 + 2);
        for (int cut = 0; cut < portTlvEnd; cut++) {
            assertThat(Lldp.parse(Arrays.copyOf(f, cut))).as("truncated at %d", cut).isEmpty();
        }
        byte[] ipv4 = new byte[60];
        ipv4[12] = 0x08;
        assertThat(Lldp.parse(ipv4)).isEmpty();
    }

    @Test
    @DisplayName("first packet: ARP sender and IPv4 source give the host's MAC and IP")
    void firstPacket() {
        byte[] arp = new byte[42];
        System.arraycopy(MAC, 0, arp, 6, 6);
        arp[12] = 0x08;
        arp[13] = 0x06;
        arp[28] = 10;
        arp[31] = 7;
        assertThat(FirstPacket.parse(arp)).contains(new FirstPacket.Sighting("02:00:00:00:00:09", "10.0.0.7"));
        byte[] ip = new byte[34];
        System.arraycopy(MAC, 0, ip, 6, 6);
        ip[12] = 0x08;
        ip[26] = (byte) 192;
        ip[27] = (byte) 168;
        ip[29] = 1;
        assertThat(FirstPacket.parse(ip)).contains(new FirstPacket.Sighting("02:00:00:00:00:09", "192.168.0.1"));
        assertThat(FirstPacket.parse(new byte[10])).isEmpty();
    }

    @Test
    @DisplayName("a ring discovered by LLDP in both directions and by first packets equals the configured ring")
    void discoveredRingEqualsConfigured() {
        Topology ring = TestFabrics.ring(4);
        Discovery d = new Discovery();
        for (Switch s : ring.switches()) {
            d.switchSeen(s.dpid(), Set.of(1, 2, 3));
        }
        for (Link l : ring.links()) {
            long a = ring.requireSwitch(l.a()).dpid();
            long b = ring.requireSwitch(l.b()).dpid();
            d.lldp(b, l.bPort(), new Lldp.Origin(a, l.aPort()));
            assertThat(TopologyComparison.differences(ring, d.topology(ring), false))
                    .as("one direction is not yet a link").anyMatch(s -> s.contains("LLDP did not find"));
            d.lldp(a, l.aPort(), new Lldp.Origin(b, l.bPort()));
        }
        assertThat(TopologyComparison.differences(ring, d.topology(ring), false)).isEmpty();
        for (Host h : ring.hosts()) {
            d.hostPacket(ring.requireSwitch(h.switchId()).dpid(), h.port(),
                    new FirstPacket.Sighting(h.mac(), h.ip()));
        }
        d.hostPacket(ring.requireSwitch("s1").dpid(), 2, new FirstPacket.Sighting("02:aa:00:00:00:01", "1.2.3.4"));
        assertThat(TopologyComparison.differences(ring, d.topology(ring), true)).isEmpty();
        d.portDown(ring.requireSwitch("s1").dpid(), 2);
        assertThat(TopologyComparison.differences(ring, d.topology(ring), true))
                .containsExactly("link s1:2-s2:3 is configured but LLDP did not find it");
    }

    @Test
    @DisplayName("differences name unknown switches, moved hosts and unexpected links")
    void differencesAreNamed() {
        Topology ring = TestFabrics.ring(3);
        Topology other = new Topology("x", List.of(new Switch("s1", 0x100, 3), new Switch("z", 0x999, 3)),
                List.of(new Host("h1", "02:00:00:00:00:01", "10.0.0.1", "s1", 3, 1.0)),
                List.of(new Link("s1", 2, "z", 3, 1.0)));
        assertThat(TopologyComparison.differences(ring, other, true)).contains(
                "switch dpid 0000000000000999 is connected but not configured",
                "switch s2 (dpid 0000000000000101) is configured but not connected",
                "link s1:2-z:3 was found by LLDP but is not configured",
                "host h1 is configured as 10.0.0.1 at s1:1 but was seen as 10.0.0.1 at s1:3");
    }
}

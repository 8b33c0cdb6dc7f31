package weft.controller.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.testing.TestFabrics;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

class DiscoveryTest {
    private static final byte[] MAC = {2, 0, 0, 0, 0, 9};

    /** Discovery that has seen switches A and B, ports 1-3 each, and nothing else. */
    private static Discovery abSeen() {
        Discovery d = new Discovery();
        d.switchSeen(A, Set.of(1, 2, 3));
        d.switchSeen(B, Set.of(1, 2, 3));
        return d;
    }

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
        Discovery d = switchesSeen(ring);
        for (Link l : ring.links()) {
            long a = ring.requireSwitch(l.a()).dpid();
            long b = ring.requireSwitch(l.b()).dpid();
            d.lldp(b, l.bPort(), new Lldp.Origin(a, l.aPort()));
            assertThat(TopologyComparison.differences(ring, d.topology(ring), false))
                    .as("one direction is not yet a link").anyMatch(s -> s.contains("LLDP did not find"));
            d.lldp(a, l.aPort(), new Lldp.Origin(b, l.bPort()));
        }
        assertThat(TopologyComparison.differences(ring, d.topology(ring), false)).isEmpty();
        seeHosts(d, ring);
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

    private static final long A = 0x100;
    private static final long B = 0x101;

    /** Discovery to which every switch of {@code t} has connected, with ports 1-3, and nothing else. */
    private static Discovery switchesSeen(Topology t) {
        Discovery d = new Discovery();
        for (Switch s : t.switches()) {
            d.switchSeen(s.dpid(), Set.of(1, 2, 3));
        }
        return d;
    }

    /** LLDP crosses every link of {@code t} in both directions. */
    private static void seeLinks(Discovery d, Topology t) {
        for (Link l : t.links()) {
            long a = t.requireSwitch(l.a()).dpid();
            long b = t.requireSwitch(l.b()).dpid();
            d.lldp(b, l.bPort(), new Lldp.Origin(a, l.aPort()));
            d.lldp(a, l.aPort(), new Lldp.Origin(b, l.bPort()));
        }
    }

    /** Every host of {@code t} sends its first packet from its port. */
    private static void seeHosts(Discovery d, Topology t) {
        for (Host h : t.hosts()) {
            d.hostPacket(t.requireSwitch(h.switchId()).dpid(), h.port(), seen(h.mac(), h.ip()));
        }
    }

    private static FirstPacket.Sighting seen(String mac, String ip) {
        return new FirstPacket.Sighting(mac, ip);
    }

    private static Host only(Discovery d) {
        List<Host> hosts = d.topology(EMPTY).hosts();
        assertThat(hosts).hasSize(1);
        return hosts.get(0);
    }

    private static final Topology EMPTY = new Topology("", List.of(), List.of(), List.of());

    @Test
    @DisplayName("version advances on every change and only then: a repeated LLDP frame or packet teaches nothing")
    void versionCountsChanges() {
        Discovery d = new Discovery();
        assertThat(d.version()).isZero();
        d.switchSeen(A, Set.of(1, 2));
        d.switchSeen(A, Set.of(1, 2));
        assertThat(d.version()).isEqualTo(1);
        assertThat(d.lldp(A, 2, new Lldp.Origin(B, 3))).isTrue();
        assertThat(d.lldp(A, 2, new Lldp.Origin(B, 3))).isFalse();
        assertThat(d.version()).isEqualTo(2);
        assertThat(d.hostPacket(A, 1, seen("02:00:00:00:00:01", "10.0.0.1"))).isTrue();
        assertThat(d.hostPacket(A, 1, seen("02:00:00:00:00:01", "10.0.0.1"))).isFalse();
        assertThat(d.version()).isEqualTo(3);
        d.portDown(A, 1);
        assertThat(d.version()).as("a host port going down changes no link").isEqualTo(3);
        assertThat(d.portDown(A, 2)).isTrue();
        assertThat(d.portDown(A, 2)).as("the other end reports the same link down").isFalse();
        d.switchGone(B);
        assertThat(d.version()).as("the link went with the port; B was never seen").isEqualTo(4);
    }

    @Test
    @DisplayName("a link whose LLDP stops is forgotten after the maximum age, only that direction, and found again "
            + "by its next frame; its ports stay switch ports")
    void silentLinksExpire() {
        long[] now = {0};
        Discovery d = new Discovery(() -> now[0]);
        d.switchSeen(A, Set.of(1, 2));
        d.switchSeen(B, Set.of(1, 3));
        d.lldp(A, 2, new Lldp.Origin(B, 3));
        d.lldp(B, 3, new Lldp.Origin(A, 2));
        Duration maxAge = Duration.ofMillis(3500);
        now[0] = Duration.ofSeconds(3).toNanos();
        d.lldp(A, 2, new Lldp.Origin(B, 3)); // B -> A keeps arriving; A -> B has stopped
        long before = d.version();
        assertThat(d.expireLinks(maxAge)).as("3 s of silence is within 3.5 s").isEmpty();
        assertThat(d.version()).isEqualTo(before);

        now[0] = Duration.ofMillis(3600).toNanos();
        assertThat(d.expireLinks(maxAge)).containsExactly(String.format("%016x:2->%016x:3", A, B));
        assertThat(d.version()).isEqualTo(before + 1);
        assertThat(d.hasDirection(A, 2, B, 3)).isFalse();
        assertThat(d.hasDirection(B, 3, A, 2)).isTrue();
        assertThat(d.topology(EMPTY).links()).as("a link needs both directions").isEmpty();
        assertThat(d.hostPacket(B, 3, seen("02:00:00:00:00:09", "10.0.0.9")))
                .as("no host on a port that carried LLDP").isFalse();

        d.lldp(B, 3, new Lldp.Origin(A, 2));
        assertThat(d.topology(EMPTY).links()).hasSize(1);
        now[0] = Duration.ofSeconds(10).toNanos();
        assertThat(d.expireLinks(maxAge)).hasSize(2);
        assertThat(d.expireLinks(maxAge)).as("nothing left to expire").isEmpty();
    }

    @Test
    @DisplayName("host learning: not on LLDP ports, not from 0.0.0.0; LLDP later on a host port withdraws the "
            + "host back to its previous port")
    void hostsAreNotLearnedOnSwitchPorts() {
        Discovery d = abSeen();
        d.lldp(B, 3, new Lldp.Origin(A, 2));
        assertThat(d.isSwitchPort(A, 2)).as("the sending port too").isTrue();
        assertThat(d.hostPacket(A, 2, seen("02:00:00:00:00:01", "10.0.0.1"))).isFalse();
        assertThat(d.hostPacket(B, 3, seen("02:00:00:00:00:01", "10.0.0.1"))).isFalse();
        assertThat(d.hostPacket(A, 1, seen("02:00:00:00:00:01", "0.0.0.0"))).as("ARP probe").isFalse();
        d.hostPacket(A, 1, seen("02:00:00:00:00:01", "10.0.0.1"));
        d.hostPacket(B, 1, seen("02:00:00:00:00:01", "10.0.0.1"));
        assertThat(only(d).switchId()).as("seen on a transit port before its link was known")
                .isEqualTo(Discovery.switchName(B));
        d.lldp(B, 1, new Lldp.Origin(A, 3));
        assertThat(only(d)).isEqualTo(new Host("mac-020000000001", "02:00:00:00:00:01", "10.0.0.1",
                Discovery.switchName(A), 1, 1.0));
        d.lldp(A, 1, new Lldp.Origin(B, 2));
        assertThat(d.topology(EMPTY).hosts()).as("no earlier host port to return to").isEmpty();
        d.portDown(A, 1);
        assertThat(d.isSwitchPort(A, 1)).as("a port that went down may be recabled to a host").isFalse();
        d.hostPacket(A, 1, seen("02:00:00:00:00:01", "10.0.0.1"));
        assertThat(only(d).port()).isEqualTo(1);
    }

    @Test
    @DisplayName("host moves: the same MAC on another host port moves the host, its registered id stays; one host "
            + "per port and per IP")
    void hostMoves() {
        Discovery d = abSeen();
        assertThat(d.hostRegistered("h1", "02:00:00:00:00:01", "10.0.0.1", A, 1)).isTrue();
        long before = d.version();
        assertThat(d.hostPacket(B, 2, seen("02:00:00:00:00:01", "10.0.0.1"))).isTrue();
        assertThat(d.version()).isGreaterThan(before);
        assertThat(only(d)).isEqualTo(new Host("h1", "02:00:00:00:00:01", "10.0.0.1", Discovery.switchName(B), 2,
                1.0));
        d.hostPacket(B, 2, seen("02:00:00:00:00:07", "10.0.0.7"));
        assertThat(only(d).mac()).as("a new MAC on the port replaces the host there").isEqualTo("02:00:00:00:00:07");
        d.hostPacket(A, 3, seen("02:00:00:00:00:08", "10.0.0.7"));
        assertThat(only(d)).as("a new MAC with a known IP replaces the host that had it")
                .extracting(Host::mac, Host::port).containsExactly("02:00:00:00:00:08", 3);
        d.hostRegistered("h8", "02:00:00:00:00:18", "10.0.0.18", B, 1);
        assertThat(d.topology(EMPTY).hosts()).extracting(Host::id).containsExactly("h8", "mac-020000000008");
        d.hostRegistered("h8", "02:00:00:00:00:28", "10.0.0.28", B, 1);
        assertThat(d.topology(EMPTY).hosts()).as("h8 registered again with a new NIC").extracting(Host::mac)
                .containsExactly("02:00:00:00:00:28", "02:00:00:00:00:08");
        d.lldp(A, 2, new Lldp.Origin(B, 3));
        assertThatThrownBy(() -> d.hostRegistered("h2", "02:00:00:00:00:02", "10.0.0.2", A, 2))
                .hasMessageContaining("registered at port 2 of switch dpid-0000000000000100, which is a switch "
                        + "link");
    }

    @Test
    @DisplayName("speeds from curr_speed (kbit/s): a link runs at its slower end, a host at its port's speed; "
            + "unknown speeds fall back to the naming topology, then 1 Gbit/s; ports grow to what is used")
    void speedsAndPorts() {
        Discovery d = new Discovery();
        d.switchSeenWithSpeeds(A, java.util.Map.of(1, 25_000_000L, 2, 100_000_000L));
        d.switchSeenWithSpeeds(B, java.util.Map.of(3, 40_000_000L, 1, 0L));
        d.lldp(B, 3, new Lldp.Origin(A, 2));
        d.lldp(A, 2, new Lldp.Origin(B, 3));
        d.lldp(B, 5, new Lldp.Origin(A, 4));
        d.lldp(A, 4, new Lldp.Origin(B, 5));
        d.hostPacket(A, 1, seen("02:00:00:00:00:01", "10.0.0.1"));
        d.hostPacket(B, 1, seen("02:00:00:00:00:02", "10.0.0.2"));
        Topology naming = new Topology("n", List.of(new Switch("x", A, 4), new Switch("y", B, 5)),
                List.of(new Host("h2", "02:00:00:00:00:02", "10.0.0.2", "y", 1, 2.5)),
                List.of(new Link("x", 4, "y", 5, 7.0)));
        Topology t = d.topology(naming);
        assertThat(t.links()).containsExactly(new Link("x", 2, "y", 3, 40.0), new Link("x", 4, "y", 5, 7.0));
        assertThat(t.hosts()).extracting(Host::id, Host::gbps).containsExactly(
                org.assertj.core.groups.Tuple.tuple("h2", 2.5), org.assertj.core.groups.Tuple.tuple("mac-020000000001",
                        25.0));
        assertThat(d.topology(EMPTY).links()).contains(new Link(Discovery.switchName(A), 4, Discovery.switchName(B),
                5, 1.0));
        assertThat(d.topology(EMPTY).switches()).extracting(Switch::ports).containsExactly(4, 5);
    }

    @Provide
    Arbitrary<List<List<Integer>>> events() {
        return Arbitraries.integers().between(0, 4).list().ofSize(6).list().ofMinSize(1).ofMaxSize(60);
    }

    @Property(tries = 300, seed = "20261126")
    @Label("property: any sequence of switch, cable (both LLDP directions), one-way LLDP, packet, registration, "
            + "port and switch-loss events on 3 switches gives a valid topology with no host on a switch port")
    void anyEventsGiveAValidTopology(@ForAll("events") List<List<Integer>> events) {
        long[] dpids = {A, B, 0x102};
        Discovery d = new Discovery();
        for (List<Integer> e : events) {
            long dpid = dpids[e.get(1) % 3];
            int port = 1 + e.get(2);
            long other = dpids[e.get(3) % 3];
            int n = e.get(5);
            String mac = String.format("02:00:00:00:00:%02x", e.get(4));
            switch (e.get(0)) {
                case 0 -> d.switchSeen(dpid, Set.of(1, 2, 3, 4, 5));
                case 1 -> {
                    d.lldp(dpid, port, new Lldp.Origin(other, 1 + e.get(4)));
                    d.lldp(other, 1 + e.get(4), new Lldp.Origin(dpid, port));
                }
                case 2 -> d.hostPacket(dpid, port, seen(mac, "10.0.0." + (1 + n)));
                case 3 -> {
                    try {
                        d.hostRegistered("h" + n, mac, "10.0.0." + (1 + e.get(3)), dpid, port);
                    } catch (IllegalArgumentException x) {
                        assertThat(d.isSwitchPort(dpid, port)).as("only a switch port refuses a registration")
                                .isTrue();
                    }
                }
                default -> {
                    if (n < 2) {
                        d.portDown(dpid, port);
                    } else if (n == 2) {
                        d.switchGone(dpid);
                    } else {
                        d.lldp(dpid, port, new Lldp.Origin(other, 1 + e.get(4)));
                    }
                }
            }
            Topology t = d.topology(EMPTY);
            for (Host h : t.hosts()) {
                assertThat(d.isSwitchPort(t.requireSwitch(h.switchId()).dpid(), h.port()))
                        .as("host %s sits on a port that carried LLDP", h).isFalse();
            }
        }
    }

    @Test
    @DisplayName("what the model cannot hold is left out: a loop cable on one switch, a second link on a port, "
            + "a host id taken by another host")
    void leftOut() {
        Discovery d = abSeen();
        d.switchSeen(0x102, Set.of(1, 2, 3));
        d.lldp(A, 1, new Lldp.Origin(A, 2));
        d.lldp(A, 2, new Lldp.Origin(A, 1));
        for (long far : new long[] {B, 0x102}) {
            d.lldp(far, 1, new Lldp.Origin(A, 3));
            d.lldp(A, 3, new Lldp.Origin(far, 1));
        }
        assertThat(d.topology(EMPTY).links()).containsExactly(new Link(Discovery.switchName(A), 3,
                Discovery.switchName(B), 1, 1.0));
        d.hostRegistered("h1", "02:00:00:00:00:01", "10.0.0.1", B, 2);
        Topology naming = new Topology("n", List.of(), List.of(), List.of());
        assertThat(d.topology(naming).hosts()).hasSize(1);
    }

    @Test
    @DisplayName("namedByDpid names a file's fabric as discovery does without a naming file")
    void namedByDpid() {
        Topology ring = TestFabrics.ring(3);
        Discovery d = switchesSeen(ring);
        seeLinks(d, ring);
        seeHosts(d, ring);
        assertThat(TopologyComparison.differences(Discovery.namedByDpid(ring), d.topology(EMPTY), true)).isEmpty();
        assertThat(TopologyComparison.differences(ring, d.topology(EMPTY), true)).isNotEmpty();
    }
}

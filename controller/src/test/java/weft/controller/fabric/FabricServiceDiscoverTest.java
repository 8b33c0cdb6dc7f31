package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPacketInReason;
import org.projectfloodlight.openflow.protocol.OFPacketOut;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortReason;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.MacAddress;
import org.projectfloodlight.openflow.types.OFBufferId;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;
import weft.controller.discovery.Discovery;
import weft.controller.discovery.Lldp;
import weft.controller.openflow.SwitchSession;
import weft.controller.openflow.TransactionResult;
import weft.controller.program.FlowClass;
import weft.controller.program.RouteCompiler;
import weft.controller.testing.BfsRoutes;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Topology;

/**
 * Discover mode of {@link FabricService} against two switches whose sessions are Mockito collaborators that
 * confirm every transaction: discovery entries first, routes once discovery settled, a host registered by its
 * agent, a host move, a host port that turns out to be a switch link, a link port that goes down.
 */
class FabricServiceDiscoverTest {
    private static final long A = 0x5745460000000001L;
    private static final long B = 0x5745460000000002L;
    private static final long TEN_GBPS_KBPS = 10_000_000L;
    private static final RoutingEngine BFS = BfsRoutes.MIN_HOP_ENGINE;

    private final FabricService fabric = new FabricService(new FabricService.Config(
            new Topology("", List.of(), List.of(), List.of()), BFS, RoutingOptions.defaults(),
            RouteCompiler.Options.defaults(), (t, r) -> { }, Duration.ofSeconds(5), Duration.ofSeconds(60),
            Duration.ofSeconds(60)), Duration.ofMillis(300));

    @AfterEach
    void close() {
        fabric.close();
    }

    private static SwitchSession session(long dpid) {
        SwitchSession s = mock(SwitchSession.class);
        SortedMap<Integer, OFPortDesc> ports = new TreeMap<>();
        for (int p = 1; p <= 3; p++) {
            ports.put(p, SwitchSession.F.buildPortDesc().setPortNo(OFPort.of(p))
                    .setHwAddr(MacAddress.of(0x0a0000000000L | (dpid & 0xff) << 8 | p)).setName("p" + p)
                    .setCurrSpeed(TEN_GBPS_KBPS).build());
        }
        when(s.dpid()).thenReturn(dpid);
        when(s.dpidHex()).thenReturn(String.format("%016x", dpid));
        when(s.state()).thenReturn(SwitchSession.State.READY);
        when(s.ports()).thenReturn(ports);
        when(s.remote()).thenReturn("test");
        when(s.multipart(any())).thenAnswer(i -> CompletableFuture.completedFuture(List.of()));
        when(s.transaction(anyList())).thenAnswer(i -> CompletableFuture.completedFuture(new TransactionResult(
                String.format("%016x", dpid), ((List<?>) i.getArgument(0)).size(), List.of(), 0)));
        return s;
    }

    private static OFPacketIn packetIn(int port, byte[] frame) {
        return SwitchSession.F.buildPacketIn().setBufferId(OFBufferId.NO_BUFFER).setTotalLen(frame.length)
                .setReason(OFPacketInReason.NO_MATCH).setTableId(TableId.ZERO).setCookie(U64.ZERO)
                .setMatch(SwitchSession.F.buildMatch().setExact(MatchField.IN_PORT, OFPort.of(port)).build())
                .setData(frame).build();
    }

    private static byte[] arp(String mac, int... senderIp) {
        byte[] f = new byte[42];
        byte[] m = MacAddress.of(mac).getBytes();
        System.arraycopy(m, 0, f, 6, 6);
        f[12] = 0x08;
        f[13] = 0x06;
        for (int i = 0; i < 4; i++) {
            f[28 + i] = (byte) senderIp[i];
        }
        return f;
    }

    /** LLDP sent from (fromDpid, fromPort) arrives at port {@code at} of {@code to}. */
    private void lldp(SwitchSession to, int at, long fromDpid, int fromPort) {
        fabric.packetIn(to, packetIn(at, Lldp.frame(fromDpid, fromPort, new byte[] {2, 0, 0, 0, 0, 1})));
    }

    private Topology awaitRouted(String what, Predicate<Topology> done) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() - deadline < 0) {
            Topology t = fabric.currentTopology();
            if (t != null && done.test(t) && fabric.isConverged()) {
                return t;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("not routed within 10 s: " + what + "; now " + fabric.currentTopology()
                + "; events " + fabric.events());
    }

    private static Host host(Topology t, String mac) {
        return t.hosts().stream().filter(h -> h.mac().equals(mac)).findFirst().orElseThrow(
                () -> new AssertionError("no host " + mac + " in " + t.hosts()));
    }

    private static boolean hasFlow(List<? extends OFMessage> msgs, FlowClass cls) {
        return msgs.stream().anyMatch(m -> m instanceof OFFlowAdd f && f.getCookie().getValue() == cls.cookie());
    }

    @Test
    @DisplayName("discover mode: discovery entries on connect, LLDP answered, routes after settle on switches, "
            + "links (speed from curr_speed) and hosts from packets and registration; moves, links and a lost switch "
            + "rerouted")
    void routesWhatItDiscovers() throws Exception {
        fabric.start();
        SwitchSession a = session(A);
        SwitchSession b = session(B);
        fabric.switchReady(a);
        fabric.switchReady(b);
        verify(a, timeout(5000)).transaction(argThat(m -> hasFlow(m, FlowClass.LLDP)
                && hasFlow(m, FlowClass.TABLE_MISS)));
        verify(b, timeout(5000)).transaction(argThat(m -> hasFlow(m, FlowClass.TABLE_MISS)));

        // a:2 -> b:3 seen first: b answers with LLDP out of port 3 (a second frame after the one sent on
        // connect) so that b:3 -> a:2 follows.
        lldp(b, 3, A, 2);
        verify(b, timeout(5000).times(2)).send(argThat(m -> m instanceof OFPacketOut po
                && Lldp.parse(po.getData()).equals(java.util.Optional.of(new Lldp.Origin(B, 3)))));
        lldp(a, 2, B, 3);
        fabric.packetIn(a, packetIn(1, arp("02:00:00:00:00:01", 10, 0, 0, 1)));
        assertThat(fabric.hostRegistered("h2", "02:00:00:00:00:02", "10.0.0.2", "0x" + Long.toHexString(B), 1))
                .isTrue();
        assertThat(fabric.hostRegistered("h2", "02:00:00:00:00:02", "10.0.0.2", Discovery.switchName(B), 1))
                .as("the same registration again teaches nothing").isFalse();

        Topology t = awaitRouted("2 switches, 1 link, 2 hosts", x -> x.hosts().size() == 2 && x.links().size() == 1);
        assertThat(t.links()).containsExactly(new Link(Discovery.switchName(A), 2, Discovery.switchName(B), 3, 10.0));
        assertThat(host(t, "02:00:00:00:00:01")).isEqualTo(new Host("mac-020000000001", "02:00:00:00:00:01",
                "10.0.0.1", Discovery.switchName(A), 1, 10.0));
        assertThat(host(t, "02:00:00:00:00:02").id()).isEqualTo("h2");
        assertThat(fabric.routes().engine()).isEqualTo("bfs-min_hop");
        verify(a, timeout(5000)).transaction(argThat(m -> hasFlow(m, FlowClass.LOCAL)));
        verify(a, timeout(5000)).transaction(argThat(m -> hasFlow(m, FlowClass.LEARN)));

        // h1 moves to b:2 (no LLDP there): updated and rerouted.
        fabric.packetIn(b, packetIn(2, arp("02:00:00:00:00:01", 10, 0, 0, 1)));
        t = awaitRouted("h1 at b:2", x -> host(x, "02:00:00:00:00:01").switchId().equals(Discovery.switchName(B)));
        assertThat(host(t, "02:00:00:00:00:01").port()).isEqualTo(2);

        // LLDP shows up on b:2 (a second cable a:3-b:2): b:2 was a switch port after all; h1 goes back to a:1.
        lldp(b, 2, A, 3);
        lldp(a, 3, B, 2);
        t = awaitRouted("2 links, h1 back at a:1", x -> x.links().size() == 2
                && host(x, "02:00:00:00:00:01").switchId().equals(Discovery.switchName(A)));
        assertThat(host(t, "02:00:00:00:00:01").port()).isEqualTo(1);
        fabric.packetIn(b, packetIn(2, arp("02:00:00:00:00:01", 10, 0, 0, 1)));
        assertThat(fabric.discoveredTopology().hosts()).as("no host is learned on a switch port")
                .extracting(Host::port).containsOnly(1);

        // The link port a:3 goes down: routed around at once, down to one link.
        fabric.portStatus(a, SwitchSession.F.buildPortStatus().setReason(OFPortReason.MODIFY)
                .setDesc(SwitchSession.F.buildPortDesc().setPortNo(OFPort.of(3)).setName("p3")
                        .setHwAddr(MacAddress.of("0a:00:00:00:01:03")).setState(Set.of(OFPortState.LINK_DOWN))
                        .build()).build());
        t = awaitRouted("link a:3-b:2 gone", x -> x.links().size() == 1);
        assertThat(t.links().get(0).aPort()).isEqualTo(2);
        assertThat(fabric.events()).anyMatch(e -> e.kind() == FabricEvent.Kind.ROUTES
                && e.detail().startsWith("link port " + Discovery.switchName(A) + ":3 down"));

        // b disconnects: routed without it at once; its host h2 is out of the routes with it.
        fabric.switchDisconnected(b);
        t = awaitRouted("b gone", x -> x.switches().size() == 1);
        assertThat(t.links()).isEmpty();
        assertThat(t.hosts()).extracting(Host::id).containsExactly("mac-020000000001");
        assertThat(fabric.events()).anyMatch(e -> e.kind() == FabricEvent.Kind.ROUTES
                && e.detail().startsWith(Discovery.switchName(B) + " disconnected"));
    }

    @Test
    @DisplayName("agent registration: a host port of a connected switch by id or dpid; errors name the argument")
    void hostRegistration() throws Exception {
        SwitchSession a = session(A);
        fabric.switchReady(a);
        verify(a, timeout(5000)).transaction(anyList());
        assertThat(fabric.hostRegistered("h9", "02:00:00:00:00:09", "10.0.0.9", Discovery.switchName(A), 1))
                .isTrue();
        assertThat(fabric.discoveredTopology().hosts()).containsExactly(new Host("h9", "02:00:00:00:00:09",
                "10.0.0.9", Discovery.switchName(A), 1, 10.0));
        assertThat(fabric.hostRegistered("h9", "02:00:00:00:00:09", "10.0.0.9", Long.toHexString(A), 3))
                .as("a registration at another port is a move").isTrue();
        assertThat(fabric.discoveredTopology().hosts()).extracting(Host::port).containsExactly(3);

        lldp(a, 2, B, 7);
        assertThatThrownBy(() -> fabric.hostRegistered("h8", "02:00:00:00:00:08", "10.0.0.8", "0x" + Long
                .toHexString(A), 2)).isInstanceOf(HostRegistrationException.class)
                .hasMessageContaining("registration of host h8").hasMessageContaining("switch link");
        assertThatThrownBy(() -> fabric.hostRegistered("h8", "02:00:00:00:00:08", "10.0.0.8", "leaf-7", 1))
                .isInstanceOf(HostRegistrationException.class)
                .hasMessageContaining("switch 'leaf-7' is neither a known switch id");
        assertThatThrownBy(() -> fabric.hostRegistered("h8", "01:00:00:00:00:08", "10.0.0.8",
                Discovery.switchName(A), 1)).hasMessageContaining("mac 01:00:00:00:00:08 is not a unicast MAC");
        assertThatThrownBy(() -> fabric.hostRegistered("h8", "02:00:00:00:00:08", "10.0.0.300",
                Discovery.switchName(A), 1)).hasMessageContaining("ip 10.0.0.300");
        assertThatThrownBy(() -> fabric.hostRegistered("h8", "02:00:00:00:00:08", "10.0.0.8",
                Discovery.switchName(A), 0)).hasMessageContaining("port must be >= 1, got 0");

        // The agent registry's form, switch:port as the agent was told it: recorded the same way; a malformed or
        // unknown attachment is logged and ignored.
        fabric.hostRegistered("h7", "02:00:00:00:00:07", "10.0.0.7", Discovery.switchName(A) + ":1");
        fabric.hostRegistered("h6", "02:00:00:00:00:06", "10.0.0.6", "leaf-7:1");
        fabric.hostRegistered("h5", "02:00:00:00:00:05", "10.0.0.5", Discovery.switchName(A));
        assertThat(fabric.discoveredTopology().hosts()).extracting(Host::id, Host::port).containsExactly(
                org.assertj.core.groups.Tuple.tuple("h7", 1), org.assertj.core.groups.Tuple.tuple("h9", 3));
    }
}

package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.crp.ReservationOptions;
import weft.controller.crp.ReservationService;
import weft.controller.crp.ReservationsView;
import weft.model.crp.IncastFabric;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.SlotBytes;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * The registry carrying CRP's messages: sessions must register with the token before they may reserve, rules go to
 * every agent that registers, answers to the asking session, revocations to the owner's. The fabric is the lab's
 * incast (h1..h8 on s1, h9 on s2, a 24 Mbit/s link s1:9 - s2:2) routed by Up*\/Down*, with 10 ms slots; the
 * registry's clock is the epoch here (offset 0): 3 ms into slot 1000.
 */
class AgentRegistryReservationsTest {
    private static final long MS = 1_000_000L;
    private static final long NOW = 10_000 * MS + 3 * MS;
    private static final String TOKEN = AgentRegistryTest.TOKEN;

    private final Topology topology = IncastFabric.topology(0.024, 0.05);
    private final RoutingResult routes = RoutingEngines.byName("updown").compute(topology, RoutingOptions.defaults());
    private final AgentRegistry registry = new AgentRegistry(AgentToken.of(TOKEN, "test"), PathProvider.NONE, null,
            RegistrationCheck.syntax(List.of(), RegistrationCheck.SYNTAX), r -> { }, AgentLinkLimits.defaults());
    private final ReservationOptions options = new ReservationOptions(10 * MS, 32, 30_000, 30_000, 20 * MS, 0, 0, 2,
            8, 1_250_000, MS, java.util.Set.of(), 6700);

    private RegistryReservations tables = RegistryReservations.OFF;

    private void reserving() {
        tables = new RegistryReservations(new ReservationService(options, new SplittableRandom(1)), () -> topology,
                () -> routes, 0);
        registry.reservations(tables);
        tables.routesChanged(NOW);
    }

    private RegistryActions agent(long session, String host) {
        registry.connected(session, "127.0.0.1", 40000, NOW);
        return registry.received(session, new ControlMessage.Register(host, "10.0.0." + host.substring(1), null,
                7470, null, TOKEN), NOW);
    }

    private static List<ControlMessage> to(RegistryActions a, long session) {
        return a.sends().stream().filter(s -> s.session() == session).map(RegistryActions.Send::message).toList();
    }

    @Test
    @DisplayName("A session that has not registered with the token may not reserve: an error, no table changed")
    void noTokenNoReservation() {
        reserving();
        ReservationsView before = tables.view(NOW);
        registry.connected(1, "192.0.2.9", 40000, NOW);
        RegistryActions a = registry.received(1, new ControlMessage.Reserve(1, "10.0.0.9", 1000, null), NOW);
        assertThat(to(a, 1)).singleElement().isEqualTo(new ControlMessage.Error("agent link: 'reserve' before "
                + "'register'; send register with the shared token first"));
        RegistryActions wrong = registry.received(1, new ControlMessage.Register("h1", "10.0.0.1", null, 7470,
                null, "guess-guess-guess-1"), NOW);
        assertThat(wrong.closes()).containsExactly(1L);
        ReservationsView after = tables.view(NOW);
        assertThat(after.totals()).isEqualTo(before.totals());
        assertThat(after.tables()).usingRecursiveFieldByFieldElementComparator().isEqualTo(before.tables());
    }

    @Test
    @DisplayName("Registered agents get the rules (N_max 29,100 B: one slot of the link); h1's reserve is granted on "
            + "its session; the link's port going down sends the revocation to h1")
    void rulesGrantsAndRevocations() {
        reserving();
        RegistryActions reg = agent(1, "h1");
        assertThat(to(reg, 1)).hasSize(2).last().isEqualTo(new ControlMessage.Crp(10 * MS, 32, 7_275, 29_100, 2, MS,
                6700));
        agent(2, "h9");
        RegistryActions g = registry.received(1, new ControlMessage.Reserve(5, "10.0.0.9", 29_100, null), NOW);
        assertThat(to(g, 1)).singleElement().isEqualTo(new ControlMessage.Grant(5, "10.0.0.9", 1,
                List.of(new SlotBytes(1002, 29_100))));
        RegistryActions down = tables.portDown("s2", 2, NOW + MS);
        assertThat(to(down, 1)).singleElement().isEqualTo(new ControlMessage.Revoke(1, "10.0.0.9",
                List.of(new SlotBytes(1002, 29_100))));
        assertThat(to(down, 2)).isEmpty();
        assertThat(tables.view(NOW).totals().revoked()).isEqualTo(1);
    }

    @Test
    @DisplayName("Without --reserve crp a reserve is refused by name, and no rules are sent")
    void offWithoutReservations() {
        assertThat(to(agent(1, "h1"), 1)).singleElement().isInstanceOf(ControlMessage.Registered.class);
        RegistryActions a = registry.received(1, new ControlMessage.Reserve(5, "10.0.0.9", 100, null), NOW);
        assertThat(((ControlMessage.Refused) to(a, 1).get(0)).problem()).isEqualTo("off");
        assertThat(tables.view(NOW)).isNull();
        assertThat(tables.portDown("s1", 9, NOW).sends()).isEmpty();
    }

    @Test
    @DisplayName("Charges are applied; a line without a path comes back as an error to the agent")
    void charges() {
        reserving();
        agent(1, "h1");
        RegistryActions a = registry.received(1, new ControlMessage.Charge(List.of(
                new weft.model.protocol.DestinationBytes("10.0.0.77", 10))), NOW);
        assertThat(((ControlMessage.Error) to(a, 1).get(0)).message()).contains("no path to [10.0.0.77]");
        registry.received(1, new ControlMessage.Charge(List.of(new weft.model.protocol.DestinationBytes("10.0.0.9",
                1000))), NOW);
        assertThat(tables.view(NOW).totals().chargedBytes()).isEqualTo(1000);
    }

    /** A controller of a cluster whose state is {@code store}: a registry with tables, master unless told. */
    private static AgentRegistry member(weft.controller.ha.StateStore store, RegistryReservations[] tablesOut,
                                        ReservationOptions options, Topology t, RoutingResult r) {
        AgentRegistry reg = new AgentRegistry(AgentToken.of(TOKEN, "test"), PathProvider.NONE, null,
                RegistrationCheck.syntax(List.of(), RegistrationCheck.SYNTAX), x -> { }, AgentLinkLimits.defaults());
        reg.cluster(new AgentCluster() {
            @Override
            public ControlMessage.NotMaster standby() {
                return null;
            }

            @Override
            public void keep(String src, String dst, long bitsPerSecond, String policy) {
            }

            @Override
            public weft.controller.ha.StateStore store() {
                return store;
            }
        });
        tablesOut[0] = new RegistryReservations(new ReservationService(options, new SplittableRandom(1)), () -> t,
                () -> r, 0);
        reg.reservations(tablesOut[0]);
        return reg;
    }

    private static RegistryActions register(AgentRegistry reg, long session, String host) {
        reg.connected(session, "127.0.0.1", 40000, NOW);
        return reg.received(session, new ControlMessage.Register(host, "10.0.0." + host.substring(1), null, 7470,
                null, TOKEN), NOW);
    }

    @Test
    @DisplayName("Failover: the master keeps h1's grant (slot 1002, the whole link) in crp-reservations before it "
            + "answers; a new master on the same store restores it before its first reserve, so h2's grant starts at "
            + "slot 1003 as booking 2, where a controller without the kept state would grant slot 1002 twice")
    void failoverKeepsGrants() {
        weft.controller.ha.LocalStateStore store = new weft.controller.ha.LocalStateStore();
        RegistryReservations[] a = new RegistryReservations[1];
        AgentRegistry old = member(store, a, options, topology, routes);
        a[0].routesChanged(NOW);
        old.takeOver(List.of(), NOW);
        register(old, 1, "h1");
        RegistryActions g = old.received(1, new ControlMessage.Reserve(5, "10.0.0.9", 29_100, null), NOW);
        assertThat(to(g, 1)).singleElement().isEqualTo(new ControlMessage.Grant(5, "10.0.0.9", 1,
                List.of(new SlotBytes(1002, 29_100))));
        assertThat(store.list(weft.controller.crp.KeptBookings.NAMESPACE)).containsOnlyKeys("1");

        RegistryReservations[] b = new RegistryReservations[1];
        AgentRegistry next = member(store, b, options, topology, routes);
        RegistryActions took = next.takeOver(List.of(), NOW + MS); // before its first routes: restored with them
        assertThat(took.notes()).extracting(RegistryActions.Note::text).noneMatch(n -> n.startsWith("takeover"));
        RegistryActions routed = b[0].routesChanged(NOW + MS);
        assertThat(routed.notes()).extracting(RegistryActions.Note::text)
                .contains("takeover: 1 of 1 kept reservations restored (those whose slots passed are dropped)");
        assertThat(b[0].bookings(NOW + MS)).extracting(ReservationService.LiveBooking::src,
                ReservationService.LiveBooking::slot).containsExactly(org.assertj.core.groups.Tuple.tuple("h1", 1002L));
        register(next, 2, "h2");
        RegistryActions g2 = next.received(2, new ControlMessage.Reserve(6, "10.0.0.9", 29_100, null), NOW + MS);
        ControlMessage.Grant second = (ControlMessage.Grant) to(g2, 2).get(0);
        assertThat(second.booking()).as("a new id, not the restored one's").isEqualTo(2);
        assertThat(second.budget()).as("slot 1002 is full (29,100 B, one slot of the link)").isNotEmpty()
                .allMatch(u -> u.slot() >= 1003);
        assertThat(second.budget().stream().mapToLong(SlotBytes::bytes).sum()).isEqualTo(29_100);
        assertThat(store.list(weft.controller.crp.KeptBookings.NAMESPACE)).containsOnlyKeys("1", "2");

        RegistryReservations[] fresh = new RegistryReservations[1];
        AgentRegistry forgetful = member(new weft.controller.ha.LocalStateStore(), fresh, options, topology, routes);
        fresh[0].routesChanged(NOW + MS);
        register(forgetful, 2, "h2");
        assertThat(to(forgetful.received(2, new ControlMessage.Reserve(6, "10.0.0.9", 29_100, null), NOW + MS), 2))
                .as("the double booking the kept state prevents").singleElement().isEqualTo(new ControlMessage.Grant(
                        6, "10.0.0.9", 1, List.of(new SlotBytes(1002, 29_100))));
    }

    @Test
    @DisplayName("A grant the cluster cannot keep is withdrawn and refused (not-kept); passed bookings are deleted")
    void grantNotKept() {
        boolean[] refuse = {false};
        weft.controller.ha.LocalStateStore local = new weft.controller.ha.LocalStateStore();
        weft.controller.ha.StateStore store = new weft.controller.ha.StateStore() {
            @Override
            public java.util.Optional<Versioned> get(String namespace, String key) {
                return local.get(namespace, key);
            }

            @Override
            public java.util.Map<String, Versioned> list(String namespace) {
                return local.list(namespace);
            }

            @Override
            public int put(String namespace, String key, byte[] value, int expectedVersion) {
                if (refuse[0]) {
                    throw new weft.controller.ha.NotMasterException("c1 is no longer master");
                }
                return local.put(namespace, key, value, expectedVersion);
            }

            @Override
            public void delete(String namespace, String key, int expectedVersion) {
                local.delete(namespace, key, expectedVersion);
            }
        };
        RegistryReservations[] a = new RegistryReservations[1];
        AgentRegistry reg = member(store, a, options, topology, routes);
        a[0].routesChanged(NOW);
        register(reg, 1, "h1");
        refuse[0] = true;
        ControlMessage.Refused no = (ControlMessage.Refused) to(reg.received(1, new ControlMessage.Reserve(5,
                "10.0.0.9", 29_100, null), NOW), 1).get(0);
        assertThat(no.problem()).isEqualTo("not-kept");
        assertThat(a[0].bookings(NOW)).isEmpty();
        assertThat(local.list(weft.controller.crp.KeptBookings.NAMESPACE)).isEmpty();
        refuse[0] = false;
        assertThat(to(reg.received(1, new ControlMessage.Reserve(6, "10.0.0.9", 29_100, null), NOW), 1))
                .singleElement().isEqualTo(new ControlMessage.Grant(6, "10.0.0.9", 2,
                        List.of(new SlotBytes(1002, 29_100))));
        long later = NOW + 50 * MS; // slot 1005: booking 2's slot has passed
        reg.received(1, new ControlMessage.Reserve(7, "10.0.0.9", 100, null), later);
        assertThat(local.list(weft.controller.crp.KeptBookings.NAMESPACE)).containsOnlyKeys("3");
    }
}

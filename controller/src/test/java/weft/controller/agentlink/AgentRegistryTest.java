package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.VoqReport;
import weft.model.rate.RateAllocators;

/**
 * The registry as a pure state machine on a stepped clock: sessions, the authentication gate and its bounds,
 * registration checks, and the rates it pushes, read from the {@link RegistryActions} each call returns.
 * Every note of every test is checked for the tokens at the end.
 */
class AgentRegistryTest {
    static final String TOKEN = "9f2c4e6a8b1d3f5e7a9c";
    private static final long S = 1_000_000_000L;
    private final List<RegistryActions.Note> notes = new ArrayList<>();
    private final List<ControlMessage.Register> hooked = new ArrayList<>();
    private AgentRegistry registry = registry(RegistrationCheck.SYNTAX, null);
    private long now = 1_000 * S;

    private AgentRegistry registry(RegistrationCheck check, AgentRegistry.Allocator allocator) {
        return new AgentRegistry(AgentToken.of(TOKEN, "test"), PathProvider.NONE, allocator,
                RegistrationCheck.syntax(List.of(), check), hooked::add, AgentLinkLimits.defaults());
    }

    @AfterEach
    void noTokenInAnyNote() {
        assertThat(notes).allSatisfy(n -> assertThat(n.text()).doesNotContain(TOKEN).doesNotContain("guess"));
    }

    private RegistryActions keep(RegistryActions a) {
        notes.addAll(a.notes());
        return a;
    }

    private RegistryActions connect(long session, String address) {
        return keep(registry.connected(session, address, 40000 + (int) session, now));
    }

    private RegistryActions send(long session, ControlMessage m) {
        return keep(registry.received(session, m, now));
    }

    private static ControlMessage.Register register(String host, String ip, String token) {
        return new ControlMessage.Register(host, ip, null, 7470, null, token);
    }

    private RegistryActions agent(long session, String host, String ip) {
        connect(session, "127.0.0.1");
        RegistryActions a = send(session, register(host, ip, TOKEN));
        assertThat(to(a, session)).first().isInstanceOf(ControlMessage.Registered.class);
        return a;
    }

    private static List<ControlMessage> to(RegistryActions a, long session) {
        return a.sends().stream().filter(s -> s.session() == session).map(RegistryActions.Send::message).toList();
    }

    private static String errorTo(RegistryActions a, long session) {
        return to(a, session).stream().filter(ControlMessage.Error.class::isInstance)
                .map(m -> ((ControlMessage.Error) m).message()).findFirst().orElse(null);
    }

    @Test
    @DisplayName("A wrong token ends the session at once (one error, not 200) and is logged with the peer address")
    void aWrongTokenEndsTheSessionAndIsLogged() {
        connect(1, "192.0.2.7");
        RegistryActions a = send(1, new ControlMessage.SetRate("h1", "h2", 5, null, "guess-0"));
        assertThat(errorTo(a, 1)).isEqualTo("set-rate h1 -> h2: bad token");
        assertThat(a.closes()).containsExactly(1L);
        assertThat(a.notes()).singleElement().satisfies(n -> {
            assertThat(n.warning()).isTrue();
            assertThat(n.text()).contains("wrong token in set-rate h1 -> h2 from 192.0.2.7:40001")
                    .contains("failure 1 of 5");
        });
        for (int i = 1; i < 200; i++) {
            assertThat(send(1, new ControlMessage.SetRate("h1", "h2", 5, null, "guess-" + i)))
                    .as("the closing session reads nothing more").isEqualTo(RegistryActions.NONE);
        }
    }

    @Test
    @DisplayName("Five failures from one address refuse it until its minute is over; other addresses are unaffected")
    void repeatedFailuresRefuseThePeer() {
        for (long s = 1; s <= 5; s++) {
            connect(s, "192.0.2.7");
            send(s, register("h1", "10.0.0.1", "guess-" + s));
            keep(registry.disconnected(s, now));
        }
        assertThat(notes).last().extracting(RegistryActions.Note::text).asString()
                .contains("failure 5 of 5").contains("refusing 192.0.2.7 for the rest of the window");
        now += 10 * S;
        RegistryActions refused = connect(6, "192.0.2.7");
        assertThat(errorTo(refused, 6)).isEqualTo("agent link: too many failed authentications from 192.0.2.7; "
                + "try again in 50 s");
        assertThat(refused.closes()).containsExactly(6L);
        assertThat(send(6, register("h1", "10.0.0.1", TOKEN))).as("never opened").isEqualTo(RegistryActions.NONE);
        agent(7, "h2", "10.0.0.2");
        now += 50 * S;
        agent(8, "h1", "10.0.0.1");
    }

    @Test
    @DisplayName("A session must authenticate within 10 s and 16 lines; an authenticated one is closed after 30 s "
            + "of silence")
    void authenticationAndIdleTimeouts() {
        connect(1, "127.0.0.1");
        agent(2, "h1", "10.0.0.1");
        now += 9 * S;
        assertThat(keep(registry.tick(now))).isEqualTo(RegistryActions.NONE);
        now += S;
        RegistryActions late = keep(registry.tick(now));
        assertThat(errorTo(late, 1)).isEqualTo("agent link: no register or set-rate with the token within 10 s; "
                + "closing");
        assertThat(late.closes()).containsExactly(1L);
        send(2, new ControlMessage.Report("h1", List.of()));
        now += 29 * S;
        assertThat(keep(registry.tick(now)).closes()).as("29 s after its report").isEmpty();
        now += S;
        assertThat(keep(registry.tick(now)).closes()).containsExactly(2L);

        connect(3, "127.0.0.1");
        for (int i = 0; i < 16; i++) {
            assertThat(keep(registry.malformed(3, "control line is not JSON", now)).closes()).isEmpty();
        }
        RegistryActions last = keep(registry.malformed(3, "control line is not JSON", now));
        assertThat(errorTo(last, 3)).isEqualTo("agent link: 16 lines without register; closing");
        assertThat(last.closes()).containsExactly(3L);
    }

    @Test
    @DisplayName("At most 128 sessions wait to authenticate; the 129th is refused, and a closed one frees a place")
    void boundedWaitingSessions() {
        for (long s = 1; s <= 128; s++) {
            assertThat(connect(s, "10.1.0." + s)).isEqualTo(RegistryActions.NONE);
        }
        assertThat(connect(129, "10.1.1.1").closes()).containsExactly(129L);
        keep(registry.disconnected(1, now));
        assertThat(connect(130, "10.1.1.2").closes()).isEmpty();
    }

    @Test
    @DisplayName("Registrations with a host or address that is not one are refused and never pushed to other agents")
    void badRegistrationsAreRefused() {
        agent(1, "h1", "10.0.0.1");
        for (String[] bad : new String[][] {
                {"h2", "not-an-ip", "ip 'not-an-ip' is not a dotted IPv4 address"},
                {"h2", "10.0.0.256", "ip '10.0.0.256' is not a dotted IPv4 address"},
                {"h2", "010.0.0.2", "ip '010.0.0.2' is not a dotted IPv4 address"},
                {"h2", "224.0.0.1", "ip 224.0.0.1 is not a unicast host address"},
                {"h2", "0.0.0.0", "ip 0.0.0.0 is not a unicast host address"},
                {"h2\nforged", "10.0.0.2", "register h2\\nforged: host id has a control character at index 2"},
                {"h2", "10.0.0.1", "register h2: ip 10.0.0.1 is registered by host h1"}}) {
            connect(2, "127.0.0.1");
            RegistryActions a = send(2, register(bad[0], bad[1], TOKEN));
            assertThat(errorTo(a, 2)).as(bad[1]).contains(bad[2]);
            assertThat(a.closes()).containsExactly(2L);
            assertThat(to(a, 1)).as("nothing pushed to h1").isEmpty();
            keep(registry.disconnected(2, now));
        }
        assertThat(notes).filteredOn(RegistryActions.Note::warning).extracting(RegistryActions.Note::text)
                .allSatisfy(t -> assertThat(t).doesNotContain("\n"));
        assertThatThrownBy(() -> registry.setRate("h1", "h2", 5, null)).hasMessageContaining("unknown destination "
                + "host 'h2'");
        assertThat(hooked).extracting(ControlMessage.Register::host).containsExactly("h1");
    }

    @Test
    @DisplayName("The fabric's check refuses a host the topology does not have; subnets limit addresses")
    void fabricCheckAndSubnets() {
        registry = new AgentRegistry(AgentToken.of(TOKEN, "test"), PathProvider.NONE, null,
                RegistrationCheck.syntax(List.of("10.0.0.0/24"), r -> r.host().equals("h9")
                        ? "register h9: tiny has no host of that name" : null),
                hooked::add, AgentLinkLimits.defaults());
        connect(1, "127.0.0.1");
        assertThat(errorTo(send(1, register("h9", "10.0.0.9", TOKEN)), 1))
                .isEqualTo("register h9: tiny has no host of that name");
        connect(2, "127.0.0.1");
        assertThat(errorTo(send(2, register("h1", "10.0.1.1", TOKEN)), 2))
                .isEqualTo("register h1: ip 10.0.1.1 is outside the agent subnets [10.0.0.0/24]");
        assertThatThrownBy(() -> RegistrationCheck.syntax(List.of("10.0.0.0/33"), RegistrationCheck.SYNTAX))
                .hasMessage("agent subnet '10.0.0.0/33' is not CIDR notation such as 10.0.0.0/8");
        agent(3, "h1", "10.0.0.1");
    }

    @Test
    @DisplayName("An agent's error message with a newline is logged escaped, on one line")
    void errorMessagesCannotForgeLogLines() {
        agent(1, "h1", "10.0.0.1");
        RegistryActions a = send(1, new ControlMessage.Error("oops\n06:00:00.000 INFO  weft - all is well"));
        assertThat(a.notes()).singleElement().extracting(RegistryActions.Note::text)
                .isEqualTo("agent h1: oops\\n06:00:00.000 INFO  weft - all is well");
    }

    @Test
    @DisplayName("Before register only register and set-rate are accepted; a second host on one session is refused")
    void sessionRules() {
        connect(1, "127.0.0.1");
        assertThat(errorTo(send(1, new ControlMessage.Report("h1", List.of())), 1))
                .isEqualTo("agent link: 'report' before 'register'; send register with the shared token first");
        agent(2, "h1", "10.0.0.1");
        RegistryActions again = send(2, register("h2", "10.0.0.2", TOKEN));
        assertThat(errorTo(again, 2)).isEqualTo("register h2: this session is registered as h1");
        assertThat(to(send(3, new ControlMessage.Ok("x")), 3)).as("unknown session").isEmpty();
    }

    @Test
    @DisplayName("A host registering again from a new session closes the old one; rates set while it was away "
            + "are pushed when it returns")
    void reRegistrationAndStoredRates() {
        agent(1, "h1", "10.0.0.1");
        agent(2, "h2", "10.0.0.2");
        RegistryActions back = agent(3, "h1", "10.0.0.1");
        assertThat(errorTo(back, 1)).isEqualTo("agent link: h1 registered again from another session");
        assertThat(back.closes()).containsExactly(1L);
        keep(registry.disconnected(1, now));
        assertThat(registry.connectedHosts()).containsExactly("h1", "h2");
        keep(registry.disconnected(3, now));
        RegistryActions set = keep(registry.setRate("h1", "h2", 7_000_000L, "vlb"));
        assertThat(set.sends()).as("h1 is away").isEmpty();
        RegistryActions returned = agent(4, "h1", "10.0.0.1");
        assertThat(to(returned, 4)).element(1).isEqualTo(new ControlMessage.Rates(false, List.of(
                new DestinationRate("h2", "10.0.0.2", 7470, 7_000_000L, "vlb", List.of(), 0, true))));
        assertThat(registry.rate("h1", "h2")).isEqualTo(7_000_000L);
    }

    @Test
    @DisplayName("With max-min, reported flows get rates pushed as changes; a hand-set rate wins; the report time "
            + "is shown on the wall clock")
    void allocatesReportedFlows() {
        registry = registry(RegistrationCheck.SYNTAX, new AgentRegistry.Allocator(RateAllocators.byName("maxmin"),
                () -> OnlineAllocationTest.TINY, () -> OnlineAllocationTest.ROUTES));
        agent(1, "h1", "10.0.0.1");
        agent(2, "h2", "10.0.0.2");
        agent(3, "h3", "10.0.0.3");
        assertThat(to(send(1, new ControlMessage.Flows("h1", List.of("10.0.0.3"))), 1)).singleElement()
                .satisfies(m -> assertThat(((ControlMessage.Rates) m).rates()).singleElement()
                        .extracting(DestinationRate::bitsPerSecond).isEqualTo(100_000_000L));
        RegistryActions both = send(2, new ControlMessage.Flows("h2", List.of("10.0.0.3", "10.9.9.9")));
        assertThat(both.sends()).extracting(RegistryActions.Send::session).containsExactlyInAnyOrder(1L, 2L);
        assertThat(both.notes()).extracting(RegistryActions.Note::text)
                .contains("agent h2: flow towards 10.9.9.9, which no registered agent has; not allocated");
        keep(registry.setRate("h1", "h3", 20_000_000L, null));
        assertThat(registry.rate("h2", "h3")).as("what the hand-set 20 leaves").isEqualTo(80_000_000L);
        send(1, new ControlMessage.Report("h1", List.of(new VoqReport("h3", 0, 1, 1500, 0, 20_000_000L))));
        now += 3 * S;
        assertThat(registry.view(now, 50_000L)).first().satisfies(v -> {
            assertThat(v.host()).isEqualTo("h1");
            assertThat(v.lastReportMillis()).isEqualTo(47_000L);
            assertThat(v.rates()).singleElement().extracting(AgentView.RateView::source).isEqualTo("manual");
        });
    }

    @Test
    @DisplayName("In an HA cluster a standby answers agents with the master's address and refuses rates; the master "
            + "keeps a hand-set rate in the cluster before it accepts it, and a refused write is an error")
    void clusterRoles() {
        List<String> kept = new ArrayList<>();
        boolean[] standby = {false};
        boolean[] refuse = {false};
        ControlMessage.NotMaster elsewhere = new ControlMessage.NotMaster("c2", "10.0.0.12:6700", "c1 is a standby");
        registry.cluster(new AgentCluster() {
            @Override
            public ControlMessage.NotMaster standby() {
                return standby[0] ? elsewhere : null;
            }

            @Override
            public void keep(String src, String dst, long bitsPerSecond, String policy) {
                if (refuse[0]) {
                    throw new weft.controller.ha.NotMasterException("c1 is no longer master");
                }
                kept.add(src + "->" + dst + "=" + bitsPerSecond);
            }

            @Override
            public weft.controller.ha.StateStore store() {
                return new weft.controller.ha.LocalStateStore();
            }
        });
        agent(1, "h1", "10.0.0.1");
        agent(2, "h2", "10.0.0.2");
        connect(3, "127.0.0.1");
        assertThat(to(send(3, new ControlMessage.SetRate("h1", "h2", 5, "rr", TOKEN)), 3))
                .containsExactly(new ControlMessage.Ok("rate h1 -> h2 = 5 bit/s pushed"));
        assertThat(kept).containsExactly("h1->h2=5");
        refuse[0] = true;
        connect(4, "127.0.0.1");
        assertThat(errorTo(send(4, new ControlMessage.SetRate("h1", "h2", 7, null, TOKEN)), 4))
                .isEqualTo("c1 is no longer master");
        assertThat(registry.rate("h1", "h2")).as("not accepted").isEqualTo(5L);
        standby[0] = true;
        RegistryActions down = keep(registry.standBy(elsewhere));
        assertThat(down.closes()).containsExactlyInAnyOrder(1L, 2L, 3L, 4L);
        assertThat(to(down, 1)).containsExactly(elsewhere);
        connect(5, "127.0.0.1");
        RegistryActions back = send(5, register("h1", "10.0.0.1", TOKEN));
        assertThat(to(back, 5)).containsExactly(elsewhere);
        assertThat(back.closes()).containsExactly(5L);
        connect(6, "127.0.0.1");
        assertThat(errorTo(send(6, new ControlMessage.SetRate("h1", "h2", 7, null, TOKEN)), 6))
                .isEqualTo("set-rate h1 -> h2: c1 is a standby");
        standby[0] = false;
        RegistryActions master = keep(registry.takeOver(List.of(new weft.controller.ha.HandSetRate("h2", "h1",
                9, "sd")), now));
        assertThat(master.notes()).extracting(RegistryActions.Note::text)
                .contains("master: 1 hand-set rates from the cluster's state");
        assertThat(registry.hasManualRate("h2", "h1")).isTrue();
    }
}

package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.ProtocolException;
import weft.model.protocol.VoqReport;
import weft.model.rate.RateAllocators;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * The registry's allocation wiring over real sockets: agents (plain TCP clients speaking the JSON lines) register,
 * report {@code flows}, and receive the allocated rates; flows that end and routes that change are pushed again.
 */
class AgentLinkAllocationTest {
    private static final String TOKEN = "5e6f1c2a9b7d4e3f8a1b";
    private final ControlCodec codec = new ControlCodec();
    private final List<Socket> sockets = new ArrayList<>();
    private final List<ControlMessage.Register> registered = new CopyOnWriteArrayList<>();
    private AgentLinkServer server;

    /** One fake agent: writes lines, reads the controller's. */
    private final class Agent {
        final Writer out;
        final BufferedReader in;

        Agent(String host, String ip) throws IOException {
            Socket s = new Socket();
            s.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
            s.setSoTimeout(5_000);
            sockets.add(s);
            out = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            send(new ControlMessage.Register(host, ip, null, 7470, null, TOKEN));
            assertThat(read()).isInstanceOf(ControlMessage.Registered.class);
        }

        void send(ControlMessage m) throws IOException {
            out.write(codec.encode(m) + "\n");
            out.flush();
        }

        ControlMessage read() throws IOException {
            try {
                return codec.decode(in.readLine());
            } catch (ProtocolException e) {
                throw new AssertionError(e);
            }
        }

        /** The next rates message, skipping nothing else (the registry sends only rates after registered). */
        List<DestinationRate> rates() throws IOException {
            ControlMessage m = read();
            assertThat(m).isInstanceOf(ControlMessage.Rates.class);
            assertThat(((ControlMessage.Rates) m).replace()).isFalse();
            return ((ControlMessage.Rates) m).rates();
        }
    }

    private void start(Topology[] topology, RoutingResult[] routes) throws InterruptedException {
        server = new AgentLinkServer(new InetSocketAddress("127.0.0.1", 0), TOKEN, null,
                FabricPaths.provider(() -> topology[0], () -> routes[0]),
                new AgentRegistry.Allocator(RateAllocators.byName("maxmin"), () -> topology[0], () -> routes[0]),
                registered::add).start();
    }

    /** The registry on {@link OnlineAllocationTest#TINY} with max-min, and agents h1, h2 and h3 connected to it. */
    private List<Agent> startOnTiny() throws IOException, InterruptedException {
        start(new Topology[] {OnlineAllocationTest.TINY}, new RoutingResult[] {OnlineAllocationTest.ROUTES});
        return List.of(new Agent("h1", "10.0.0.1"), new Agent("h2", "10.0.0.2"), new Agent("h3", "10.0.0.3"));
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    @DisplayName("Two reported flows into the 100 Mbit/s link are pushed 50 and 50 Mbit/s; when one ends the "
            + "other gets 100 and the ended one 0; a hand-set rate wins for its pair")
    void reportedFlowsArePushedTheirAllocatedRates() throws Exception {
        List<Agent> agents = startOnTiny();
        Agent h1 = agents.get(0);
        Agent h2 = agents.get(1);
        assertThat(registered).extracting(ControlMessage.Register::host).containsExactly("h1", "h2", "h3");

        h1.send(new ControlMessage.Flows("h1", List.of("10.0.0.3")));
        assertThat(h1.rates()).singleElement().satisfies(r -> {
            assertThat(r.dst()).isEqualTo("h3");
            assertThat(r.dstIp()).isEqualTo("10.0.0.3");
            assertThat(r.bitsPerSecond()).as("alone on the s1-s2 link").isEqualTo(100_000_000L);
        });
        h2.send(new ControlMessage.Flows("h2", List.of("10.0.0.3")));
        assertThat(h2.rates()).singleElement().extracting(DestinationRate::bitsPerSecond).isEqualTo(50_000_000L);
        assertThat(h1.rates()).singleElement().extracting(DestinationRate::bitsPerSecond).isEqualTo(50_000_000L);
        assertThat(server.rate("h1", "h3")).isEqualTo(50_000_000L);

        h2.send(new ControlMessage.Flows("h2", List.of()));
        assertThat(h2.rates()).singleElement().extracting(DestinationRate::bitsPerSecond).as("ended").isEqualTo(0L);
        assertThat(h1.rates()).singleElement().extracting(DestinationRate::bitsPerSecond).isEqualTo(100_000_000L);

        server.setRate("h1", "h3", 20_000_000L, null);
        assertThat(h1.rates()).singleElement().extracting(DestinationRate::bitsPerSecond).as("by hand")
                .isEqualTo(20_000_000L);
        h2.send(new ControlMessage.Flows("h2", List.of("10.0.0.3")));
        assertThat(h2.rates()).singleElement().extracting(DestinationRate::bitsPerSecond)
                .as("what the hand-set 20 leaves").isEqualTo(80_000_000L);
        assertThat(server.view()).filteredOn(a -> a.host().equals("h1")).singleElement()
                .satisfies(a -> assertThat(a.rates()).singleElement().extracting(AgentView.RateView::source)
                        .isEqualTo("manual"));
    }

    @Test
    @DisplayName("With an allocator, a restarted registry adopts from an agent's report the rate it says was set by "
            + "hand (with its policy) and not the allocated one, which the flows' next report recomputes")
    void aRestartedRegistryKeepsHandSetRatesOnly() throws Exception {
        Agent h1 = startOnTiny().get(0);
        server.setRate("h1", "h3", 20_000_000L, "rr");
        assertThat(h1.rates()).singleElement().satisfies(r -> {
            assertThat(r.bitsPerSecond()).isEqualTo(20_000_000L);
            assertThat(r.manual()).as("pushed as hand-set").isTrue();
        });

        stop();
        sockets.clear();
        Agent back = startOnTiny().get(0);
        back.send(new ControlMessage.Report("h1", List.of(
                new VoqReport("h3", 0, 10, 14_000, 0, 20_000_000L, "10.0.0.3", "rr", true),
                new VoqReport("h2", 0, 10, 14_000, 0, 30_000_000L, "10.0.0.2", "sd", false))));
        assertThat(back.rates()).singleElement().satisfies(r -> {
            assertThat(r.dst()).isEqualTo("h3");
            assertThat(r.bitsPerSecond()).isEqualTo(20_000_000L);
            assertThat(r.policy()).isEqualTo("rr");
            assertThat(r.manual()).isTrue();
        });
        assertThat(server.rate("h1", "h2")).as("allocated before the restart: not adopted").isEqualTo(-1L);
    }

    @Test
    @DisplayName("A route change pushes the pairs' new paths: two ECMP paths over a 2x2 leaf-spine, none once a "
            + "spine link is gone")
    void routeChangePushesNewPaths() throws Exception {
        Topology t = weft.controller.testing.TestFabrics.leafSpine(2, 2, 1);
        Topology[] topology = {t};
        RoutingResult[] routes = {weft.model.routing.RoutingEngines.byName("ecmp").compute(t,
                weft.model.routing.RoutingOptions.defaults())};
        start(topology, routes);
        Agent h1 = new Agent("h1", t.requireHost("h1").ip());
        new Agent("h2", t.requireHost("h2").ip());
        h1.send(new ControlMessage.Flows("h1", List.of(t.requireHost("h2").ip())));
        assertThat(h1.rates()).singleElement().satisfies(r -> assertThat(r.paths()).hasSize(2));
        Topology cut = new Topology(t.name() + "-cut", t.switches(), t.hosts(), t.links().subList(1, 4));
        topology[0] = cut;
        routes[0] = weft.model.routing.RoutingEngines.byName("ecmp").compute(cut,
                weft.model.routing.RoutingOptions.defaults());
        server.routesChanged();
        assertThat(h1.rates()).singleElement().satisfies(r -> {
            assertThat(r.paths()).as("one spine left: the default path").isEmpty();
            assertThat(r.bitsPerSecond()).as("alone on its 1 Gbit/s links").isEqualTo(1_000_000_000L);
        });
    }
}

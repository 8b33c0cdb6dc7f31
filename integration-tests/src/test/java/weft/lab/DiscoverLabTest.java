package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.controller.discovery.Discovery;
import weft.controller.discovery.TopologyComparison;
import weft.controller.fabric.DeadlockVerification;
import weft.controller.fabric.FabricEvent;
import weft.controller.fabric.WeftController;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.RouteCompiler;
import weft.controller.rest.RestApi;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.RandomIrregular;
import weft.model.topology.io.TopologyJson;

/**
 * Discover mode on real OVS: the controller is given no topology, only a listen address; the lab builds a random
 * irregular fabric of 6 switches (seed 11) and the controller must find it, route it and keep it routed through a link
 * failure and a host move. A second case runs {@code weft lab run --discover --check}.
 */
@Tag("lab")
class DiscoverLabTest {
    private static final String NAME = "wdisc";
    private static final Duration SETTLE = Duration.ofSeconds(2);
    private static final int MOVED_TO_PORT = 20;

    @Test
    @DisplayName("--discover: the fabric found by FEATURES, LLDP and first packets equals the lab's (REST "
            + "/api/topology, hosts included), routes verify deadlock-free, every pair pings; a link taken down "
            + "is routed around and every pair still pings; a host moved to another switch is learned there by its "
            + "next packet and every pair pings again; the link back up is found and used")
    void discoversRoutesAndReroutes() throws Exception {
        Path dir = Path.of("target", "lab", "DiscoverLabTest");
        Files.createDirectories(dir);
        OvsLab.down(NAME);
        Topology fabric = RandomIrregular.generate(6, 4, 11, GeneratorOptions.defaults().withHosts(1));
        int port = LabHarness.freePort();
        WeftController controller = WeftController.startDiscovering(new WeftController.Config(
                new Topology("", List.of(), List.of(), List.of()), RoutingEngines.byName("updown"),
                RoutingOptions.defaults(), RouteCompiler.Options.defaults(), new DeadlockVerification(false),
                new InetSocketAddress("127.0.0.1", port), null, SessionConfig.defaults()), SETTLE);
        RestApi api = RestApi.start(new InetSocketAddress("127.0.0.1", 0), controller.fabric());
        OvsLab lab = null;
        try {
            lab = OvsLab.up(new LabConfig(NAME, fabric, port, 0));
            Topology expected = Discovery.namedByDpid(lab.topology());
            OvsLab built = lab;

            // Switches and links first: a host that sends before its switch holds the table-miss entry is lost.
            await("switches and links routed", Duration.ofSeconds(30), () -> {
                Topology t = controller.fabric().currentTopology();
                return t != null && t.switches().size() == expected.switches().size()
                        && t.links().size() == expected.links().size();
            }, () -> controller.fabric().currentTopology());
            assertThat(controller.fabric().events()).as("first routes only once discovery settled")
                    .filteredOn(e -> e.kind() == FabricEvent.Kind.ROUTES).first()
                    .satisfies(e -> assertThat(e.detail()).startsWith("discovery settled"));
            // Hosts speak first (Decision in docs/openflow.md): one ARP each for an address nobody has.
            for (Host h : lab.topology().hosts()) {
                lab.exec(h.id(), Duration.ofSeconds(5), "ping", "-c", "1", "-W", "1", "192.0.2.1");
            }
            awaitTopology("the REST topology equals the lab's, hosts included", expected, api, controller);
            assertThat(TopologyComparison.differences(expected, restTopology(api), true)).isEmpty();
            assertVerifies(controller, dir, "routes.txt");
            assertThat(Reachability.pingAll(lab, Duration.ofSeconds(1))).as("ping failures").isEmpty();

            Link cut = linkOnACycle(lab.topology());
            Probe acrossCut = Probe.start(lab, lab.topology().hostsOf(cut.a()).get(0).id(),
                    lab.topology().hostsOf(cut.b()).get(0).ip(), 10, dir.resolve("probe-link-down.log"));
            acrossCut.awaitReplies(10, Duration.ofSeconds(10));
            Shell.check("ip", "link", "set", lab.interfaceOf(cut.a(), cut.aPort()), "down");
            Topology withoutCut = Discovery.namedByDpid(withoutLink(lab.topology(), cut));
            awaitTopology("link " + cut + " routed around", withoutCut, api, controller);
            acrossCut.awaitReplies(10, Duration.ofSeconds(10));
            Probe.Result linkDown = acrossCut.stop();
            assertThat(linkDown.received()).as("probe across the link failure: %s", linkDown).isPositive();
            assertVerifies(controller, dir, "routes-after-link-down.txt");
            assertThat(Reachability.pingAll(built, Duration.ofSeconds(1))).as("ping failures after the link "
                    + "went down").isEmpty();

            // A host moves: its cable goes to port 20 of another switch. Its next packet meets the learning entry
            // there, the controller moves it and reroutes.
            Host mover = lab.topology().hosts().get(0);
            Host other = lab.topology().hosts().get(1);
            Switch target = lab.topology().switches().stream().filter(s -> !s.id().equals(mover.switchId())
                    && !s.id().equals(other.switchId())).findFirst().orElseThrow();
            String cable = lab.interfaceOf(mover.switchId(), mover.port());
            Probe fromMover = Probe.start(lab, mover.id(), other.ip(), 10, dir.resolve("probe-host-move.log"));
            fromMover.awaitReplies(10, Duration.ofSeconds(10));
            Shell.check("ovs-vsctl", "--timeout=30", "del-port", lab.bridgeOf(mover.switchId()), cable, "--",
                    "add-port", lab.bridgeOf(target.id()), cable, "--", "set", "interface", cable,
                    "ofport_request=" + MOVED_TO_PORT);
            Topology moved = Discovery.namedByDpid(movedHost(withoutLink(lab.topology(), cut), mover, target));
            awaitTopology("host " + mover.id() + " moved to " + target.id() + ":" + MOVED_TO_PORT + " (its probe's "
                    + "packets meet the learning entry there)", moved, api, controller);
            fromMover.awaitReplies(10, Duration.ofSeconds(10));
            Probe.Result move = fromMover.stop();
            assertThat(move.received()).as("probe across the move: %s", move).isPositive();
            String figures = String.format("link %s:%d-%s:%d down: %.0f ms without replies (%s)%n"
                            + "host %s moved %s:%d -> %s:%d: %.0f ms without replies, cable move included (%s)%n",
                    cut.a(), cut.aPort(), cut.b(), cut.bPort(), linkDown.interruptionMs(), linkDown, mover.id(),
                    mover.switchId(), mover.port(), target.id(), MOVED_TO_PORT, move.interruptionMs(), move);
            Files.writeString(dir.resolve("interruption.txt"), figures);
            System.out.print("DiscoverLabTest: " + figures);
            assertVerifies(controller, dir, "routes-after-host-move.txt");
            assertThat(Reachability.pingAll(built, Duration.ofSeconds(1))).as("ping failures after " + mover.id()
                    + " moved").isEmpty();

            // The cut link comes back: LLDP finds it again and the routes use it.
            Shell.check("ip", "link", "set", lab.interfaceOf(cut.a(), cut.aPort()), "up");
            Topology whole = Discovery.namedByDpid(movedHost(lab.topology(), mover, target));
            awaitTopology("link " + cut + " found again", whole, api, controller);
            assertVerifies(controller, dir, "routes-after-link-up.txt");
            assertThat(Reachability.pingAll(built, Duration.ofSeconds(1))).as("ping failures after the link came "
                    + "back").isEmpty();

            // The same link goes silent with both ports up: a foreign entry above Weft's LLDP entry drops the LLDP
            // frames arriving at one end, so that direction ages out after 3.5 LLDP intervals and is routed around.
            String bridge = lab.bridgeOf(cut.b());
            String silence = "priority=65001,in_port=" + cut.bPort() + ",dl_type=0x88cc";
            Shell.check("ovs-ofctl", "-O", "OpenFlow13", "add-flow", bridge, silence + ",actions=drop");
            awaitTopology("silent link " + cut + " aged out and routed around", moved, api, controller);
            assertThat(controller.fabric().events()).anyMatch(e -> e.kind() == FabricEvent.Kind.LINK_SILENT);
            assertVerifies(controller, dir, "routes-after-link-silent.txt");
            assertThat(Reachability.pingAll(built, Duration.ofSeconds(1))).as("ping failures after the link went "
                    + "silent").isEmpty();
            Shell.check("ovs-ofctl", "-O", "OpenFlow13", "del-flows", "--strict", bridge, silence);
            awaitTopology("link " + cut + " heard again", whole, api, controller);
        } finally {
            List<String> evidence = new ArrayList<>();
            controller.fabric().events().forEach(e -> evidence.add(e.toString()));
            Files.write(dir.resolve("events.txt"), evidence);
            if (lab != null) {
                List<String> flows = new ArrayList<>();
                for (Switch s : lab.topology().switches()) {
                    flows.add("== " + s.id() + " (" + lab.bridgeOf(s.id()) + ", dpid " + s.dpidHex() + ")");
                    flows.add(Shell.run(Duration.ofSeconds(10), null, "ovs-ofctl", "-O", "OpenFlow13",
                            "--no-stats", "dump-flows", lab.bridgeOf(s.id())).stdout());
                }
                Files.write(dir.resolve("flows.txt"), flows);
            }
            long errors = controller.fabric().openflowErrors();
            api.close();
            controller.close();
            if (lab != null) {
                lab.close();
            }
            assertThat(errors).as("OpenFlow errors; see %s", dir.resolve("events.txt")).isZero();
        }
    }

    @Test
    @DisplayName("weft lab run --discover --check: the controller is not given the lab's topology; every pair "
            + "pings and transfers over TCP")
    void labRunDiscoverCheck() throws Exception {
        Path topo = topologyFile("wdisr", LabFabrics.ring(4));
        int exit = new picocli.CommandLine(new LabCommand()).execute("run",
                "--topo", topo.toString(), "--engine", "updown", "--discover", "--settle", "1s", "--name", "wdisr",
                "--port", String.valueOf(LabHarness.freePort()), "--check", "--bytes", "65536");
        assertThat(exit).as("weft lab run --discover --check exit code").isZero();
    }

    @Test
    @DisplayName("weft lab up --discover --agents: the controller child process runs 'weft controller run "
            + "--discover' and its agents register by dpid; once up, hosts at either end of a 3-ring ping each "
            + "other; weft lab down removes the lab")
    void labUpDiscover() throws Exception {
        Path topo = topologyFile("wdisu", LabFabrics.ring(3));
        try {
            assertThat(new picocli.CommandLine(new LabCommand()).execute("up", "--topo", topo.toString(),
                    "--engine", "updown", "--discover", "--settle", "1s", "--name", "wdisu", "--port",
                    String.valueOf(LabHarness.freePort()), "--agents", "--agent-port",
                    String.valueOf(LabHarness.freePort()))).as("weft lab up --discover --agents exit code").isZero();
            String log = Files.readString(LabState.dir("wdisu").resolve("controller.log"));
            assertThat(log).contains("weft controller: discovering (settle 1000 ms)");
            // the agents register with their attachment by dpid, which a discovering controller accepts
            assertThat(log).contains("agent h1 registered", "agent h2 registered", "agent h3 registered")
                    .doesNotContain("attachment '");
            for (String[] pair : new String[][] {{"wdisuh1", "10.0.0.3"}, {"wdisuh3", "10.0.0.1"}}) {
                assertThat(Shell.run(Duration.ofSeconds(10), null, "ip", "netns", "exec", pair[0], "ping", "-n",
                        "-c", "1", "-W", "2", pair[1]).ok()).as("ping from %s to %s", pair[0], pair[1]).isTrue();
            }
        } finally {
            assertThat(new picocli.CommandLine(new LabCommand()).execute("down", "--name", "wdisu"))
                    .as("weft lab down exit code").isZero();
        }
    }

    /**
     * {@code t} written as JSON for a {@code weft lab} command that makes lab {@code name}, after removing a lab of
     * that name an earlier run left: {@code target/lab/DiscoverLabTest/<name>.json}.
     */
    private static Path topologyFile(String name, Topology t) throws Exception {
        Path dir = Path.of("target", "lab", "DiscoverLabTest");
        Files.createDirectories(dir);
        OvsLab.down(name);
        Path topo = dir.resolve(name + ".json");
        Files.writeString(topo, TopologyJson.write(t));
        return topo;
    }

    /** {@code t} with {@code mover} cabled to port {@link #MOVED_TO_PORT} of {@code target}. */
    private static Topology movedHost(Topology t, Host mover, Switch target) {
        List<Switch> switches = t.switches().stream().map(s -> s.id().equals(target.id())
                ? new Switch(s.id(), s.dpid(), Math.max(s.ports(), MOVED_TO_PORT)) : s).toList();
        List<Host> hosts = t.hosts().stream().map(h -> h.id().equals(mover.id()) ? new Host(h.id(), h.mac(), h.ip(),
                target.id(), MOVED_TO_PORT, h.gbps()) : h).toList();
        return new Topology(t.name(), switches, hosts, t.links());
    }

    private static void assertVerifies(WeftController c, Path dir, String file) throws Exception {
        VerificationReport report = DeadlockVerifier.verify(c.fabric().currentTopology(), c.fabric().routes());
        Files.writeString(dir.resolve(file), report.verdict());
        assertThat(report.ok()).as("routes on the discovered fabric: %s", report.verdict()).isTrue();
        assertThat(report.deadlockFree()).isTrue();
    }

    private static Topology restTopology(RestApi api) {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + api.port() + "/api/topology")).build(), HttpResponse.BodyHandlers.ofString());
            return TopologyJson.read("GET /api/topology", new ObjectMapper().readTree(r.body()).get("topology")
                    .asText());
        } catch (java.io.IOException e) {
            throw new AssertionError("GET /api/topology failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The first link whose loss leaves the fabric connected. */
    private static Link linkOnACycle(Topology t) {
        for (Link l : t.links()) {
            if (withoutLink(t, l).graph().isConnected()) {
                return l;
            }
        }
        throw new AssertionError(t + " is a tree: no link can go down without cutting it");
    }

    private static Topology withoutLink(Topology t, Link cut) {
        return t.withoutLink(t.links().indexOf(cut));
    }

    /** Waits up to 20 s until the REST topology equals {@code expected} and the fabric has converged. */
    private static void awaitTopology(String what, Topology expected, RestApi api, WeftController controller)
            throws InterruptedException {
        await(what, Duration.ofSeconds(20), () -> TopologyComparison.differences(expected, restTopology(api), true)
                .isEmpty() && controller.fabric().isConverged(),
                () -> TopologyComparison.differences(expected, restTopology(api), true));
    }

    private static void await(String what, Duration timeout, BooleanSupplier done, Supplier<Object> state)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + timeout + " for: " + what + "; last seen: " + state.get());
            }
            Thread.sleep(100);
        }
    }
}

package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import weft.controller.fabric.DeadlockVerification;
import weft.controller.fabric.FabricEvent;
import weft.controller.fabric.RouteVerifier;
import weft.controller.fabric.WeftController;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.PairRates;
import weft.controller.program.RouteCompiler;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingEngine;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * One lab test's fabric: OVS lab plus an in-process controller. {@link #close()} leaves evidence (flows, groups,
 * controller events) in {@code target/lab/<test>/}, tears down what the lab made, and fails the test on any
 * OpenFlow error.
 */
final class LabHarness implements AutoCloseable {
    final Path dir;
    final OvsLab lab;
    WeftController controller;
    private RoutingEngine engine;
    private final RouteVerifier verifier;
    private final int port;
    private final Topology planned;
    private PairRates rates = PairRates.none();

    private LabHarness(String test, String labName, Topology topology, RoutingEngine engine, RouteVerifier verifier)
            throws IOException {
        this.dir = Path.of("target", "lab", test);
        Files.createDirectories(dir);
        this.engine = engine;
        this.verifier = verifier;
        OvsLab.down(labName);
        this.port = freePort();
        LabConfig config = new LabConfig(labName, topology, port, 0);
        this.planned = OvsLab.plannedTopology(config);
        startController();
        try {
            this.lab = OvsLab.up(config);
        } catch (RuntimeException e) {
            stopController();
            throw e;
        }
    }

    /** The fabric with the real engines and the model's verifier. */
    static LabHarness of(String test, String labName, Topology topology, String engine) throws IOException {
        return new LabHarness(test, labName, topology, RoutingEngines.byName(engine),
                new DeadlockVerification(false));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    void startController() {
        controller = WeftController.start(new WeftController.Config(planned, engine,
                RoutingOptions.defaults(), new RouteCompiler.Options(true, true), verifier,
                new InetSocketAddress("127.0.0.1", port), null, SessionConfig.defaults()), rates);
    }

    /**
     * Sets the rated pairs ({@code weft-pair-rates/1} text) through the running controller's fabric service; a
     * restarted controller starts with them.
     */
    void setRates(String json) throws Exception {
        rates = PairRates.parse("test rates", json, planned);
        assertThat(controller.fabric().setPairRates(rates).get(60, java.util.concurrent.TimeUnit.SECONDS))
                .as("rates applied; events: %s", controller.fabric().events()).isTrue();
    }

    /** Replaces the controller with one running another engine; it reconciles the switches on connect. */
    void switchEngine(String name) {
        stopController();
        engine = RoutingEngines.byName(name);
        startController();
    }

    /**
     * The full check: converged, every host pair pings and transfers over TCP, every switch's forwarding
     * entries read back with ovs-ofctl equal the routing result, no duplicates or stale entries.
     */
    void checkAllPairs() throws InterruptedException {
        awaitConverged(Duration.ofSeconds(30));
        assertThat(Reachability.pingAll(lab, Duration.ofSeconds(1))).as("ping failures").isEmpty();
        if (!sinks) {
            Reachability.startSinks(lab, Reachability.SINK_PORT, dir);
            sinks = true;
        }
        assertThat(Reachability.tcpAll(lab, Reachability.SINK_PORT, 128 * 1024)).as("TCP failures").isEmpty();
        assertFlowsEqualRoutes();
    }

    private boolean sinks;

    /** Forwarding entries read back with ovs-ofctl equal the routing result; exactly the program's entries. */
    void assertFlowsEqualRoutes() {
        for (Switch s : lab.topology().switches()) {
            String flows = dumpFlows(s.id());
            assertThat(FlowDump.installed(s.id(), flows, dumpGroups(s.id())))
                    .as("forwarding entries of %s read back with ovs-ofctl", s.id())
                    .isEqualTo(FlowDump.expected(s.id(), controller.fabric().currentTopology(),
                            controller.fabric().routes()));
            assertThat(flows.lines().filter(l -> l.contains("cookie=")).count())
                    .as("entries on %s: exactly the program, no duplicates or stale ones", s.id())
                    .isEqualTo(controller.fabric().program().bySwitch().get(s.id()).flows().size());
        }
    }

    void stopController() {
        controller.close();
        controller = null;
    }

    void awaitConverged(Duration timeout) throws InterruptedException {
        assertThat(controller.fabric().awaitConverged(timeout))
                .as("fabric converged within %s; events: %s", timeout, controller.fabric().events()).isTrue();
    }

    /**
     * Lets every host send one packet that no route matches (an ARP for a TEST-NET-1 address), so the controller
     * learns it from the table-miss packet-in, then waits until the discovered fabric equals the lab's.
     */
    void assertDiscoveredEqualsLab(Duration timeout) throws InterruptedException {
        for (weft.model.topology.Host host : lab.topology().hosts()) {
            lab.exec(host.id(), Duration.ofSeconds(5), "ping", "-c", "1", "-W", "1", "-w", "1", "192.0.2.1");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> diffs = controller.fabric().discoveryDifferences(true);
        while (!diffs.isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(100);
            diffs = controller.fabric().discoveryDifferences(true);
        }
        assertThat(diffs).as("discovered fabric vs lab topology").isEmpty();
    }

    /** {@code ovs-ofctl -O OpenFlow13 dump-flows} of one switch, without counters. */
    String dumpFlows(String switchId) {
        return Shell.check("ovs-ofctl", "-O", "OpenFlow13", "--no-stats", "dump-flows", lab.bridgeOf(switchId))
                .stdout();
    }

    /** {@code ovs-ofctl -O OpenFlow13 dump-meters} of one switch. */
    String dumpMeters(String switchId) {
        return Shell.check("ovs-ofctl", "-O", "OpenFlow13", "dump-meters", lab.bridgeOf(switchId)).stdout();
    }

    String dumpGroups(String switchId) {
        return Shell.check("ovs-ofctl", "-O", "OpenFlow13", "dump-groups", lab.bridgeOf(switchId)).stdout();
    }

    private void leaveEvidence() throws IOException {
        List<String> flows = new ArrayList<>();
        for (Switch s : lab.topology().switches()) {
            flows.add("== " + s.id() + " (" + lab.bridgeOf(s.id()) + ", dpid " + s.dpidHex() + ")");
            flows.add(dumpFlows(s.id()));
            flows.add(dumpGroups(s.id()));
            flows.add(dumpMeters(s.id()));
        }
        Files.write(dir.resolve("flows.txt"), flows);
        if (controller != null) {
            Files.write(dir.resolve("events.txt"),
                    controller.fabric().events().stream().map(FabricEvent::toString).toList());
        }
    }

    @Override
    public void close() throws IOException {
        try {
            leaveEvidence();
            if (controller != null) {
                Files.write(dir.resolve("routes-verdict.txt"), List.of(weft.model.routing.verify.DeadlockVerifier
                        .verify(controller.fabric().currentTopology(), controller.fabric().routes()).verdict()));
                long errors = controller.fabric().openflowErrors();
                List<FabricEvent> events = controller.fabric().events();
                stopController();
                assertThat(errors).as("OpenFlow errors; events: %s", events).isZero();
            }
        } finally {
            lab.close();
        }
    }
}

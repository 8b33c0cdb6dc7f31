package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.controller.fabric.FabricEvent;
import weft.model.topology.Link;

@Tag("lab")
class RingFaultLabTest {
    @Test
    @DisplayName("6-ring: flows read back equal the routes; controller restart keeps traffic and leaves nothing "
            + "to fix; link down restores every pair with new routes, interruption measured; a switch that "
            + "disconnects is routed around")
    void restartAndLinkDown() throws Exception {
        try (LabHarness h = LabHarness.of("RingFaultLabTest", "wlflt", LabFabrics.ring(6), "updown")) {
            h.awaitConverged(Duration.ofSeconds(20));
            assertThat(Reachability.pingAll(h.lab, Duration.ofSeconds(1))).isEmpty();
            h.assertFlowsEqualRoutes();

            // Controller restart: the switches keep forwarding (fail_mode=secure) and reconcile finds nothing to do.
            Probe probe = Probe.start(h.lab, "h1", "10.0.0.4", 10, h.dir.resolve("probe-restart.log"));
            probe.awaitReplies(10, Duration.ofSeconds(10));
            h.stopController();
            Thread.sleep(500); // the controller's outage: half a second without it
            h.startController();
            h.awaitConverged(Duration.ofSeconds(20));
            probe.awaitReplies(10, Duration.ofSeconds(10));
            Probe.Result restart = probe.stop();
            assertThat(restart.interruptionMs()).as("interruption across a controller restart: %s", restart)
                    .isZero();
            assertThat(h.controller.fabric().events()).filteredOn(e -> e.kind() == FabricEvent.Kind.PROGRAMMED)
                    .allSatisfy(e -> assertThat(e.detail()).contains("0+0+0 messages"));
            h.assertFlowsEqualRoutes();

            // Link s1:2-s2:3 down: h1 -> h2 moves the long way round.
            Probe fault = Probe.start(h.lab, "h1", "10.0.0.2", 10, h.dir.resolve("probe-linkdown.log"));
            fault.awaitReplies(10, Duration.ofSeconds(10));
            Link failed = h.lab.topology().links().get(0);
            Shell.check("ip", "link", "set", h.lab.interfaceOf(failed.a(), failed.aPort()), "down");
            LabScripts.await("the link down in the controller's topology", () -> h.controller.fabric()
                    .currentTopology().links().size() == 5, 10);
            h.awaitConverged(Duration.ofSeconds(10));
            fault.awaitReplies(10, Duration.ofSeconds(10));
            Probe.Result down = fault.stop();
            assertThat(h.controller.fabric().currentTopology().links()).doesNotContain(failed);
            assertThat(Reachability.pingAll(h.lab, Duration.ofSeconds(1))).isEmpty();
            h.assertFlowsEqualRoutes();
            assertThat(down.received()).as("probe across the link failure: %s", down).isPositive();
            Files.writeString(h.dir.resolve("interruption.txt"), String.format(
                    "controller restart: %.0f ms (%s)%nlink %s:%d-%s:%d down: %.0f ms (%s)%n",
                    restart.interruptionMs(), restart, failed.a(), failed.aPort(), failed.b(), failed.bPort(),
                    down.interruptionMs(), down));
            // Switch s2 (now an end of the line) loses its controller: routes are recomputed without it; the rest
            // stays reachable.
            Shell.check("ovs-vsctl", "del-controller", h.lab.bridgeOf("s2"));
            LabScripts.await("s2 gone from the controller's topology", () -> h.controller.fabric()
                    .currentTopology().switches().size() == 5, 15);
            assertThat(h.controller.fabric().currentTopology().findSwitch("s2")).as("s2 dropped from the routes")
                    .isEmpty();
            h.awaitConverged(Duration.ofSeconds(10));
            assertThat(Reachability.pingAmong(h.lab, h.lab.topology().hosts().stream()
                    .filter(x -> !x.switchId().equals("s2")).toList(), Duration.ofSeconds(1))).isEmpty();
            System.out.printf("RingFaultLabTest: link down interruption %.0f ms, controller restart %.0f ms%n",
                    down.interruptionMs(), restart.interruptionMs());
        }
    }
}

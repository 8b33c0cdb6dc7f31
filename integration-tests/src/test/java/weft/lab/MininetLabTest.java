package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.controller.fabric.DeadlockVerification;
import weft.controller.fabric.WeftController;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.RandomIrregular;
import weft.model.topology.io.TopologyJson;

/**
 * The irregular fabric of {@link FabricsLabTest} under Mininet through {@code deploy/mininet/}: the same checks
 * (every pair pings and transfers over TCP; entries read back equal the routes). Dpids come from a lab range so
 * other Mininet runs on the machine cannot collide with them.
 */
@Tag("mininet")
class MininetLabTest {
    @Test
    @DisplayName("Mininet, random irregular 8-switch fabric, Up*/Down*: every pair; flows equal routes")
    void irregularUnderMininet() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mn")), "Mininet is not installed");
        Path dir = Path.of("target", "lab", "MininetLabTest");
        Files.createDirectories(dir);
        int port = LabHarness.freePort();
        Topology t = OvsLab.plannedTopology(new LabConfig("wmn", RandomIrregular.generate(8, 4, 7,
                GeneratorOptions.defaults().withHosts(1)), port, 0));
        Path file = dir.resolve("fabric.json");
        Files.writeString(file, TopologyJson.write(t));
        try (WeftController c = WeftController.start(WeftController.Config.of(t, RoutingEngines.byName("updown"),
                new DeadlockVerification(false), new InetSocketAddress("127.0.0.1", port)))) {
            Shell.Result r = Shell.check(Duration.ofMinutes(5), null, "/usr/bin/python3",
                    Path.of("..", "deploy", "mininet", "weft_mininet.py").toString(), "--topo", file.toString(),
                    "--port", Integer.toString(port), "--check", "--dump", dir.resolve("dump").toString());
            Files.writeString(dir.resolve("output.txt"), r.stdout() + r.stderr());
            RoutingResult expected = RoutingEngines.byName("updown").compute(t, RoutingOptions.defaults());
            assertThat(r.stdout()).contains("ping: 56 of 56 pairs ok").contains("tcp (131072 bytes): 56 of 56 "
                    + "pairs ok");
            for (Switch s : t.switches()) {
                String flows = Files.readString(dir.resolve("dump").resolve(s.id() + ".flows"), StandardCharsets.UTF_8);
                String groups = Files.readString(dir.resolve("dump").resolve(s.id() + ".groups"),
                        StandardCharsets.UTF_8);
                assertThat(FlowDump.installed(s.id(), flows, groups)).as("entries of %s under Mininet", s.id())
                        .isEqualTo(FlowDump.expected(s.id(), t, expected));
            }
            assertThat(c.fabric().openflowErrors()).isZero();
        }
    }
}

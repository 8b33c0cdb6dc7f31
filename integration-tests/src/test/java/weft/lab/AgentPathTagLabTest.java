package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.agent.cli.AgentCommand;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.FabricPaths;
import weft.controller.fabric.WeftController;
import weft.model.protocol.PathSpec;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Host;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;

/**
 * Path tags on the wire: under VLB (seed 004 §3.1.4) the controller pushes with a rate one path per root switch, each
 * with its DSCP tag; the agent writes that DSCP on the packets of the path's source port, and the source leaf's
 * DSCP-tagged entries (compiled by {@code RouteCompiler}) count the packets of both paths. The resequencer puts the
 * sprayed packets back in order.
 *
 * <p>Fabric: a 2-ary 2-tree (two leaves, two roots), one host per leaf, lab {@code wapt}. Rate 5 Mbit/s by hand,
 * round-robin policy, so both tags carry about half the packets.
 */
@Tag("lab")
class AgentPathTagLabTest {
    private static final String NAME = "wapt";
    private static final Path DIR = Path.of("target", "lab", "AgentPathTagLabTest");

    @Test
    @DisplayName("VLB: the pushed rate carries 2 DSCP-tagged paths; the leaf's entries for DSCP 0 and 1 both count "
            + "the agent's packets, and they arrive in order")
    void dscpTagsSteerTheAgentsPackets() throws Exception {
        Files.createDirectories(DIR);
        Topology tree = KaryNTree.generate(2, 2, GeneratorOptions.defaults().withHosts(1));
        try (ControlledLab session = ControlledLab.up(new LabConfig(NAME, tree, LabHarness.freePort(), 0),
                c -> LabAgentFabric.controller(c, "vlb", RoutingOptions.defaults(), LabAgentFabric.registry(0, null)),
                OvsLab::up)) {
            OvsLab lab = session.lab;
            WeftController controller = session.controller;
            // as in AgentLabTest: on this loaded machine a sprayed packet can trail its successor by more than the
            // default 10 ms starting age threshold, so the resequencer starts from 100 ms and adapts from there
            AgentLinkServer registry = LabAgentFabric.startAgents(lab, controller, List.of("--reseq-initial-us",
                    "100000"));
            Host h1 = lab.topology().hosts().get(0);
            Host h2 = lab.topology().hosts().get(1);
            registry.setRate(h1.id(), h2.id(), 5_000_000L, "rr");
            List<PathSpec> paths = registry.pushedPaths(h1.id(), h2.id());
            assertThat(paths).as("paths pushed with %s -> %s", h1.id(), h2.id()).hasSize(2);
            assertThat(paths).extracting(PathSpec::dscp).containsExactly(0, 1);
            assertThat(paths).extracting(PathSpec::tag).containsExactly(FabricPaths.TAG_PORT_BASE,
                    FabricPaths.TAG_PORT_BASE + 1);

            Shell.Result perf = lab.exec(h1.id(), Duration.ofSeconds(60), LabAgentFabric.JAVA, "-Xmx128m", "-cp",
                    LabAgentFabric.CLASSPATH, AgentCommand.class.getName(), "perf", "--to", h2.ip(), "--seconds",
                    "3", "--json");
            String flows = Shell.check("ovs-ofctl", "-O", "OpenFlow13", "dump-flows",
                    lab.bridgeOf(h1.switchId())).stdout();
            Files.writeString(DIR.resolve("perf.txt"), perf.stdout() + perf.stderr(), StandardCharsets.UTF_8);
            Files.writeString(DIR.resolve("flows-" + h1.switchId() + ".txt"), flows, StandardCharsets.UTF_8);
            assertThat(perf.exit()).as("perf: %s %s", perf.stdout(), perf.stderr()).isZero();
            JsonNode r = new ObjectMapper().readTree(perf.stdout().lines().filter(l -> l.startsWith("{"))
                    .findFirst().orElseThrow());
            long sent = r.get("sent_packets").asLong();
            long tag0 = packets(flows, h2.ip(), 0);
            long tag1 = packets(flows, h2.ip(), 1);
            assertThat(tag0).as("packets on DSCP 0 at %s; flows:%n%s", h1.switchId(), flows)
                    .isGreaterThan(sent / 4);
            assertThat(tag1).as("packets on DSCP 1 at %s; flows:%n%s", h1.switchId(), flows)
                    .isGreaterThan(sent / 4);
            assertThat(r.get("in_order_delivery").asBoolean()).as("in order at the application: %s", r).isTrue();
            assertThat(controller.fabric().openflowErrors()).as("OpenFlow errors").isZero();
        }
    }

    /** n_packets of the IPv4 entry towards {@code ip} that matches DSCP {@code dscp} ({@code nw_tos = 4 dscp}). */
    private static long packets(String flows, String ip, int dscp) {
        Pattern p = Pattern.compile("n_packets=(\\d+).*\\bip\\b.*nw_dst=" + Pattern.quote(ip) + ",nw_tos=" + (dscp << 2)
                + "\\b");
        long total = 0;
        for (String line : flows.lines().toList()) {
            Matcher m = p.matcher(line);
            if (m.find()) {
                total += Long.parseLong(m.group(1));
            }
        }
        return total;
    }
}

package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import weft.controller.cli.RatesSetCommand;
import weft.model.topology.Host;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;

/**
 * {@code weft lab up --agents}: a 3-switch ring whose three host namespaces each run an agent that registers with the
 * lab's agent registry over its own veth; {@code weft lab down} leaves nothing behind.
 */
@Tag("lab")
class LabAgentsLabTest {
    private static final String NAME = "wlagt";

    @Test
    @DisplayName("lab up --agents --rest: every host's agent registers (weft rates set is pushed to each and the "
            + "REST API lists it), lab down leaves no namespace, bridge, veth or process of the lab")
    void agentsRegisterAndTeardownIsClean() throws Exception {
        OvsLab.down(NAME);
        Path dir = Path.of("target", "lab", "LabAgentsLabTest");
        Files.createDirectories(dir);
        Topology ring = LabFabrics.ring(3);
        Path topo = dir.resolve("ring3.json");
        Files.writeString(topo, TopologyJson.write(ring), StandardCharsets.UTF_8);
        int agentPort = LabHarness.freePort();
        List<String> hosts = ring.hosts().stream().map(Host::id).toList();
        LabState state;
        String token;
        String controllerPort = String.valueOf(LabHarness.freePort());
        String rest = "127.0.0.1:" + LabHarness.freePort();
        try {
            String upOut = capture(() -> assertThat(new CommandLine(new LabCommand()).execute("up", "--topo",
                    topo.toString(), "--engine", "updown", "--name", NAME, "--port", controllerPort, "--agents",
                    "--agent-port", String.valueOf(agentPort), "--rest", rest))
                    .as("weft lab up --agents exit code").isZero());
            Files.writeString(dir.resolve("up.txt"), upOut, StandardCharsets.UTF_8);
            for (String h : hosts) {
                assertThat(upOut).as("lab up output lists the agent of %s", h).containsPattern("(?m)^" + h + " +\\d+ +"
                        + NAME + "a\\d+ +(198\\.1[89]|100\\.\\d+)\\.");
            }
            state = LabState.load(NAME);
            assertThat(state.pids()).as("controller (with the agent registry) and one agent per host")
                    .hasSize(1 + hosts.size());
            token = Files.readString(LabState.dir(NAME).resolve("agent-token"), StandardCharsets.UTF_8);
            String running = token;
            assertThat(state.pids()).as("no process of the lab shows the agent token in ps").allSatisfy(pid ->
                    assertThat(ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse(""))
                            .doesNotContain(running));
            for (int i = 0; i < hosts.size(); i++) {
                String src = hosts.get(i);
                String dst = hosts.get((i + 1) % hosts.size());
                assertThat(setRate(agentPort, src, dst)).as("weft rates set %s -> %s", src, dst)
                        .contains("pushed");
            }
            assertThat(upOut).contains("dashboard: http://" + rest + "/");
            HttpResponse<String> agents = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://" + rest + "/api/agents")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(agents.statusCode()).as("GET /api/agents").isEqualTo(200);
            assertThat(agents.body()).as("GET /api/agents").contains("\"h1\"", "\"h2\"", "\"h3\"");
        } finally {
            assertThat(new CommandLine(new LabCommand()).execute("down", "--name", NAME)).isZero();
        }
        assertThat(Shell.check("ip", "netns", "list").stdout()).doesNotContain(NAME);
        assertThat(Shell.check("ovs-vsctl", "list-br").stdout()).doesNotContain(NAME);
        assertThat(Shell.check("ip", "-o", "link", "show").stdout()).doesNotContain(NAME);
        for (long pid : state.pids()) {
            assertThat(ProcessHandle.of(pid)).as("recorded process %d", pid).isEmpty();
        }
        String tok = token;
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(tok)))
                .as("processes holding the lab's agent token").isEmpty();
        assertThat(LabState.exists(NAME)).isFalse();
    }

    private static String setRate(int port, String src, String dst) {
        return capture(() -> assertThat(new CommandLine(new RatesSetCommand()).execute("--controller",
                "127.0.0.1:" + port, "--token-file", LabState.dir(NAME).resolve("agent-token").toString(), "--src",
                src, "--dst", dst, "--mbps", "50"))
                .as("weft rates set %s -> %s exit code", src, dst).isZero());
    }

    private static String capture(Runnable r) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setOut(old);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        old.print(out);
        return out;
    }
}

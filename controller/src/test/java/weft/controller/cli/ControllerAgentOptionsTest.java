package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import weft.controller.testing.TestFabrics;
import weft.model.topology.io.TopologyJson;

/** The agent registry options of {@code weft controller run}: bad combinations fail before anything starts. */
class ControllerAgentOptionsTest {
    @TempDir
    Path dir;

    private String run(int expectedExit, String... extra) throws Exception {
        Path topo = dir.resolve("ring3.json");
        Files.writeString(topo, TopologyJson.write(TestFabrics.ring(3)));
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new ControllerCommand()).setErr(new PrintWriter(err, true));
        String[] args = new String[4 + extra.length];
        args[0] = "run";
        args[1] = "--topo";
        args[2] = topo.toString();
        args[3] = "--listen=127.0.0.1:0";
        System.arraycopy(extra, 0, args, 4, extra.length);
        assertThat(cl.execute(args)).as("exit of %s; stderr %s", String.join(" ", args), err).isEqualTo(expectedExit);
        return err.toString();
    }

    @Test
    void agentOptionsNeedTheRegistryAndExactlyOneToken() throws Exception {
        assertThat(run(2, "--allocate", "maxmin")).contains("need --agents-listen HOST:PORT");
        assertThat(run(2, "--agents-listen", "127.0.0.1:0"))
                .contains("--agents-listen needs exactly one of --agent-token and --agent-token-file");
        assertThat(run(2, "--agents-listen", "127.0.0.1:0", "--agent-token", "t", "--agent-token-file", "f"))
                .contains("exactly one of");
        assertThat(run(1, "--agents-listen", "127.0.0.1:0", "--agent-token-file", dir.resolve("none").toString()))
                .contains("--agent-token-file " + dir.resolve("none") + ": cannot read");
        assertThat(run(2, "--agents-listen", "127.0.0.1:0", "--agent-token", "t", "--allocate", "fastest"))
                .contains("unknown rate algorithm fastest; expected one of [saa, saam, ffa, afa, maxmin, bp]");
        assertThat(run(2, "--agents-listen", "nowhere", "--agent-token", "t"))
                .contains("--agents-listen must be HOST:PORT, got nowhere");
    }
}

package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import weft.controller.testing.TestFabrics;
import weft.model.topology.io.TopologyJson;

/** The agent registry options of {@code weft controller run}: bad combinations fail before anything starts. */
class ControllerAgentOptionsTest {
    private static final String GOOD = "7c1e9a3f5b2d8e4a6c0f";
    @TempDir
    Path dir;

    private String run(int expectedExit, String... extra) throws Exception {
        return run(Map.of(), expectedExit, extra);
    }

    private String run(Map<String, String> env, int expectedExit, String... extra) throws Exception {
        Path topo = dir.resolve("ring3.json");
        Files.writeString(topo, TopologyJson.write(TestFabrics.ring(3)));
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new ControllerCommand()).setErr(new PrintWriter(err, true));
        cl.getSubcommands().get("run").<ControllerCommand.Run>getCommand().env = env;
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
    void agentOptionsNeedTheRegistryAndAToken() throws Exception {
        Map<String, String> env = Map.of(AgentTokenSource.ENV, GOOD);
        assertThat(run(2, "--allocate", "maxmin")).contains("need --agents-listen HOST:PORT");
        assertThat(run(2, "--agent-subnet", "10.0.0.0/8")).contains("need --agents-listen HOST:PORT");
        assertThat(run(2, "--agents-listen", "127.0.0.1:0"))
                .contains("no agent token: give --agent-token-file FILE or set the environment variable "
                        + "WEFT_AGENT_TOKEN");
        assertThat(run(1, "--agents-listen", "127.0.0.1:0", "--agent-token-file", dir.resolve("none").toString()))
                .contains("--agent-token-file " + dir.resolve("none") + ": cannot read");
        assertThat(run(env, 2, "--agents-listen", "127.0.0.1:0", "--allocate", "fastest"))
                .contains("unknown rate algorithm fastest; expected one of [saa, saam, ffa, afa, maxmin, bp]");
        assertThat(run(env, 2, "--agents-listen", "nowhere"))
                .contains("--agents-listen must be HOST:PORT, got nowhere");
        assertThat(run(env, 1, "--agents-listen", "127.0.0.1:0", "--agent-subnet", "10.0.0/8"))
                .contains("agent subnet '10.0.0/8' is not CIDR notation such as 10.0.0.0/8");
        assertThat(run(env, 2, "--agents-listen", "127.0.0.1:0", "--agent-tls-ca", "ca.pem"))
                .contains("--agent-tls-ca needs --agent-tls-cert and --agent-tls-key");
    }

    @Test
    @DisplayName("The token is never taken from the command line; a weak one is refused naming its source; a token "
            + "file others may read is warned about")
    void tokensComeFromAFileOrTheEnvironment() throws Exception {
        assertThat(run(2, "--agents-listen", "127.0.0.1:0", "--agent-token", GOOD)).contains("Unknown option");
        assertThat(run(Map.of(AgentTokenSource.ENV, "x"), 1, "--agents-listen", "127.0.0.1:0"))
                .contains("WEFT_AGENT_TOKEN: the agent token has 1 characters, expected at least 16");
        Path weak = dir.resolve("weak");
        Files.writeString(weak, "secret\n");
        assertThat(run(1, "--agents-listen", "127.0.0.1:0", "--agent-token-file", weak.toString()))
                .contains("--agent-token-file " + weak + ": the token has 6 characters")
                .doesNotContain("secret\n");
        Path shared = dir.resolve("shared");
        Files.writeString(shared, GOOD + "\n");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(run(2, "--agents-listen", "127.0.0.1:0", "--agent-token-file", shared.toString(),
                "--allocate", "fastest"))
                .contains("warning: --agent-token-file " + shared + " is readable by group or others; chmod 600 it");
    }
}

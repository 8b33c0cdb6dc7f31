package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.PathProvider;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;

/** {@code weft rates set} against a real agent registry: set, clear, and every way a request can be refused. */
class RatesSetCommandTest {
    private static final String TOKEN = "5e6f1c2a9b7d4e3f8a1b";
    private AgentLinkServer server;
    private Socket h1;
    private Socket h2;
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        server = new AgentLinkServer(0, TOKEN, null, PathProvider.NONE).start();
        h1 = register("h1", "10.0.0.1");
        h2 = register("h2", "10.0.0.2");
    }

    /** A fake agent: registers and keeps its session open (the registry pushes to connected agents only). */
    private Socket register(String host, String ip) throws Exception {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", server.port()), 2_000);
        Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
        w.write(new ControlCodec().encode(new ControlMessage.Register(host, ip, null, 7470, null, TOKEN)) + "\n");
        w.flush();
        assertThat(new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine())
                .contains("registered");
        return s;
    }

    @AfterEach
    void stop() throws Exception {
        h1.close();
        h2.close();
        server.close();
    }

    @TempDir
    Path dir;

    private int run(String... args) {
        RatesSetCommand command = new RatesSetCommand();
        command.env = Map.of();
        CommandLine cl = new CommandLine(command);
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    /** A token file of mode 600 holding {@code token}. */
    private String tokenFile(String token) throws Exception {
        Path f = Files.createTempFile(dir, "token", "");
        Files.writeString(f, token + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        return f.toString();
    }

    private String[] to(String... more) throws Exception {
        String[] base = {"--controller", "127.0.0.1:" + server.port(), "--token-file", tokenFile(TOKEN), "--src", "h1",
            "--dst", "h2"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void setsAndClearsAHandSetRate() throws Exception {
        assertThat(run(to("--mbps", "50"))).isZero();
        assertThat(server.rate("h1", "h2")).isEqualTo(50_000_000L);
        assertThat(run(to("--clear"))).isZero();
        assertThat(server.rate("h1", "h2")).as("forgotten").isEqualTo(-1L);
        assertThat(run(to("--clear"))).as("nothing left to clear").isEqualTo(CliFailure.INPUT);
        assertThat(err.toString()).contains("clear h1 -> h2: no rate set by hand for this pair");
    }

    @Test
    void refusesBadRequestsNamingTheProblem() throws Exception {
        assertThat(run(to("--mbps", "5", "--clear"))).as("both").isEqualTo(CliFailure.USAGE);
        assertThat(run(to())).as("neither").isEqualTo(CliFailure.USAGE);
        assertThat(run(to("--mbps", "-1"))).isEqualTo(CliFailure.USAGE);
        assertThat(err.toString()).contains("--mbps must be >= 0, got -1.0");
        assertThat(run("--controller", "127.0.0.1:" + server.port(), "--token-file",
                tokenFile("wrong-token-0123456789"), "--src", "h1", "--dst", "h2", "--mbps", "5"))
                .isEqualTo(CliFailure.INPUT);
        assertThat(err.toString()).contains("set-rate h1 -> h2: bad token");
        assertThat(run("--controller", "localhost", "--token-file", tokenFile(TOKEN), "--src", "h1", "--dst", "h2",
                "--mbps", "5"))
                .isEqualTo(CliFailure.USAGE);
        assertThat(err.toString()).contains("--controller must be HOST:PORT, got localhost");
        assertThat(run("--controller", "127.0.0.1:" + server.port(), "--token-file", tokenFile(TOKEN), "--src", "h1",
                "--dst", "h9", "--mbps", "5")).isEqualTo(CliFailure.INPUT);
        assertThat(err.toString()).contains("unknown destination host 'h9'");
        assertThat(run("--src", "h1", "--dst", "h2", "--mbps", "5")).isEqualTo(CliFailure.USAGE);
        assertThat(err.toString()).contains("no agent token: give --token-file FILE or set the environment variable "
                + "WEFT_AGENT_TOKEN");
        assertThat(run("--token", TOKEN, "--src", "h1", "--dst", "h2", "--mbps", "5")).as("never on the command line")
                .isEqualTo(CliFailure.USAGE);
        assertThat(err.toString()).contains("Unknown options: '--token'");
    }
}

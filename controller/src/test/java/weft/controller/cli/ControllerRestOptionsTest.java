package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import weft.controller.testing.TestCerts;
import weft.controller.testing.TestFabrics;
import weft.model.topology.io.TopologyJson;

/**
 * The listen and REST options of {@code weft controller run}: bad values and ports in use are one line on stderr
 * and exit status 2 (usage) or 1 (input, or the environment), never a stack trace.
 */
class ControllerRestOptionsTest {
    @TempDir
    Path dir;

    private String run(int expectedExit, String... extra) throws Exception {
        Path topo = dir.resolve("ring3.json");
        Files.writeString(topo, TopologyJson.write(TestFabrics.ring(3)));
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new ControllerCommand()).setErr(new PrintWriter(err, true));
        String[] args = new String[3 + extra.length];
        args[0] = "run";
        args[1] = "--topo";
        args[2] = topo.toString();
        System.arraycopy(extra, 0, args, 3, extra.length);
        assertThat(cl.execute(args)).as("exit of %s; stderr %s", String.join(" ", args), err).isEqualTo(expectedExit);
        assertThat(err.toString()).as("one line, no stack trace").doesNotContain("\tat ").hasLineCount(1);
        return err.toString();
    }

    @Test
    @DisplayName("operator review: --rest 127.0.0.1:99999 and --listen with a bad port are usage errors (exit 2)")
    void badPorts() throws Exception {
        assertThat(run(2, "--listen=127.0.0.1:0", "--rest", "127.0.0.1:99999"))
                .contains("--rest 127.0.0.1:99999: port 99999 is outside 0..65535");
        assertThat(run(2, "--listen", "127.0.0.1:99999")).contains("--listen 127.0.0.1:99999: port 99999 is "
                + "outside 0..65535");
        assertThat(run(2, "--listen", "127.0.0.1:http")).contains("--listen must be HOST:PORT with a numeric port");
        assertThat(run(2, "--listen=127.0.0.1:0", "--rest-token-file", "t"))
                .contains("need --rest HOST:PORT");
    }

    @Test
    @DisplayName("operator review: an OpenFlow or REST port already in use is one line naming it (exit 1)")
    void portInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            assertThat(run(1, "--listen", "127.0.0.1:" + port))
                    .contains("cannot listen for OpenFlow on 127.0.0.1:" + port + ": Address already in use");
            assertThat(run(1, "--listen=127.0.0.1:0", "--rest", "127.0.0.1:" + port))
                    .contains("--rest 127.0.0.1:" + port + ": cannot listen on 127.0.0.1:" + port
                            + ": Address already in use");
        }
    }

    @Test
    @DisplayName("REST credentials: an unreadable or short token file, and a TLS key that does not match its "
            + "certificate, are refused before anything listens (exit 1)")
    void credentials() throws Exception {
        assertThat(run(1, "--listen=127.0.0.1:0", "--rest", "127.0.0.1:0", "--rest-token-file",
                dir.resolve("none").toString())).contains("--rest-token-file " + dir.resolve("none")
                + ": cannot read");
        Path shortToken = Files.writeString(dir.resolve("short"), "abc\n");
        assertThat(run(1, "--listen=127.0.0.1:0", "--rest", "127.0.0.1:0", "--rest-token-file",
                shortToken.toString())).contains("the token has 3 characters, expected 16 to 512");
        TestCerts certs = TestCerts.make(dir);
        assertThat(run(1, "--listen=127.0.0.1:0", "--rest", "127.0.0.1:0", "--rest-tls-cert",
                certs.serverCert.toString(), "--rest-tls-key", certs.otherKey.toString()))
                .contains("--rest-tls-key " + certs.otherKey + " does not match the certificate CN=localhost");
        assertThat(run(2, "--listen=127.0.0.1:0", "--rest", "127.0.0.1:0", "--rest-tls-ca",
                certs.caCert.toString())).contains("--rest-tls-ca needs --rest-tls-cert");
    }
}

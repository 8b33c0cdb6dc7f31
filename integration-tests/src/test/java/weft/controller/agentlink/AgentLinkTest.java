package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.controller.agentlink.LoopbackAgents.await;
import static weft.controller.agentlink.LoopbackAgents.rate;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;

/**
 * The agent channel end to end on loopback: agents register with the shared token, {@code weft rates set}'s
 * request reaches the agent, a restarted controller ends in the same rates (adopted from the agents' reports), and a
 * rate set while an agent is away is pushed when it returns.
 */
class AgentLinkTest extends LoopbackPairTest {
    private static final String TOKEN = "s3cret-token-2d9a7c4e1b8f";
    AgentLinkTest() throws java.io.IOException {
        super(TOKEN);
    }

    @Test
    @Timeout(60)
    void agentsRegisterAndGetRatesOverTls(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.io.File cert = dir.resolve("cert.pem").toFile();
        java.io.File key = dir.resolve("key.pem").toFile();
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                key.getPath(), "-out", cert.getPath(), "-days", "1", "-subj", "/CN=127.0.0.1", "-addext",
                "subjectAltName=IP:127.0.0.1").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).as("openssl made a test certificate").isZero();
        server = new AgentLinkServer(0, TOKEN, io.netty.handler.ssl.SslContextBuilder.forServer(cert, key).build(),
                PathProvider.NONE).start();
        var trust = io.netty.handler.ssl.SslContextBuilder.forClient().trustManager(cert).build();
        h1 = agents.start("h1", "127.0.0.11", server.port(), trust);
        h2 = agents.start("h2", "127.0.0.12", server.port(), trust);
        LoopbackAgents.awaitRegistered(server, "h1", "h2");
        server.setRate("h1", "h2", 25_000_000L, "vlb");
        await("h1's VOQ to h2 at 25 Mbit/s", () -> rate(h1, "h2") == 25_000_000L);
    }

    private static ControlMessage request(int port, ControlMessage m) throws Exception {
        ControlCodec codec = new ControlCodec();
        try (Socket s = new Socket("127.0.0.1", port)) {
            Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            w.write(codec.encode(m) + "\n");
            w.flush();
            return codec.decode(new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
                    .readLine());
        }
    }

    @Test
    @Timeout(90)
    void ratesSurviveAControllerRestartAndReachAReturningAgent() throws Exception {
        int port = startRegistryAndPair("127.0.0.11", "127.0.0.12");

        assertThat(request(port, new ControlMessage.SetRate("h1", "h2", 50_000_000L, null, "wrong")))
                .isEqualTo(new ControlMessage.Error("set-rate h1 -> h2: bad token"));
        assertThat(request(port, new ControlMessage.SetRate("h1", "h9", 50_000_000L, null, TOKEN)))
                .isEqualTo(new ControlMessage.Error("set-rate h1 -> h9: unknown destination host 'h9', "
                        + "registered hosts: [h1, h2]"));
        assertThat(request(port, new ControlMessage.SetRate("h1", "h2", 50_000_000L, null, TOKEN)))
                .isEqualTo(new ControlMessage.Ok("rate h1 -> h2 = 50000000 bit/s pushed"));
        await("h1's VOQ to h2 at 50 Mbit/s", () -> rate(h1, "h2") == 50_000_000L);

        // the controller dies; the agent keeps its rate, and a new controller adopts it from the report
        server.close();
        await("h1 to lose its controller session", () -> !h1.registered());
        assertThat(rate(h1, "h2")).isEqualTo(50_000_000L);
        server = new AgentLinkServer(port, TOKEN, null, PathProvider.NONE).start();
        await("the restarted controller to adopt h1 -> h2", () -> server.rate("h1", "h2") == 50_000_000L);

        // h1 goes away, its rate changes meanwhile, it comes back and gets the new rate
        h1.close();
        h1 = null;
        await("the registry to see h1's session end", () -> !server.connectedHosts().contains("h1"));
        assertThat(request(port, new ControlMessage.SetRate("h1", "h2", 10_000_000L, null, TOKEN)))
                .isEqualTo(new ControlMessage.Ok("rate h1 -> h2 = 10000000 bit/s stored; h1 is not connected"));
        h1 = agents.start("h1", "127.0.0.11", port);
        await("the returning h1 to get 10 Mbit/s", () -> rate(h1, "h2") == 10_000_000L);
    }

    @Test
    @Timeout(30)
    void aBadTokenIsRefusedAndMalformedLinesDoNotEndTheSession() throws Exception {
        server = new AgentLinkServer(0, TOKEN, null, PathProvider.NONE).start();
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            BufferedReader r = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            w.write("{\"v\":1,\"type\":\"beam\"}\n");
            w.write("x".repeat(ControlCodec.MAX_LINE_BYTES + 10) + "\n");
            w.write("{\"v\":1,\"type\":\"report\",\"host\":\"h1\",\"voqs\":[]}\n");
            w.write("{\"v\":1,\"type\":\"register\",\"host\":\"h1\",\"ip\":\"10.0.0.1\",\"dataPort\":1,"
                    + "\"token\":\"nope\"}\n");
            w.flush();
            assertThat(r.readLine()).contains("unknown type 'beam'");
            assertThat(r.readLine()).contains("longer than 65536 bytes, skipped");
            assertThat(r.readLine()).contains("'report' before 'register'");
            assertThat(r.readLine()).contains("register h1: bad token");
            assertThat(r.readLine()).isNull(); // closed after the bad token
        }
    }
}

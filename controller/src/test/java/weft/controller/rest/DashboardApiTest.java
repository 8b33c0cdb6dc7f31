package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import weft.controller.fabric.FabricService;
import weft.controller.openflow.OfServer;
import weft.controller.openflow.SessionConfig;
import weft.controller.testing.FakeSwitch;
import weft.controller.testing.RestClient;
import weft.controller.testing.TestFabrics;
import weft.controller.testing.TestLoop;
import weft.controller.testing.TestServices;
import weft.controller.testing.Await;

/** What the dashboard reads: the fabric view, a pair's path, the event stream, and the page itself. */
class DashboardApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    final TestLoop group = new TestLoop();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /**
     * A started fabric service for a ring of {@code n} switches (updown, nothing periodic), its OpenFlow listener
     * and its REST API, each on a loopback port the system picks; closed in the reverse order.
     */
    private record Dashboard(FabricService fabric, OfServer server, RestApi api) implements AutoCloseable {
        static Dashboard ring(int n) throws Exception {
            FabricService fabric = TestServices.quietUpdown(TestFabrics.ring(n));
            OfServer server = OfServer.plain(new InetSocketAddress("127.0.0.1", 0), SessionConfig.defaults(), fabric);
            fabric.start();
            return new Dashboard(fabric, server, RestApi.start(new InetSocketAddress("127.0.0.1", 0), fabric));
        }

        @Override
        public void close() {
            try {
                api.close();
            } finally {
                try {
                    server.close();
                } finally {
                    fabric.close();
                }
            }
        }
    }

    @Test
    @DisplayName("/api/fabric: every switch, host and link, connection and up state; /api/path: a pair's switches, "
            + "links and layer; the page and its script are served with a content security policy")
    void fabricAndPath() throws Exception {
        try (Dashboard d = Dashboard.ring(4)) {
            FabricService fabric = d.fabric();
            RestClient rest = new RestClient(d.api().port());
            FakeSwitch s4 = null;
            for (long dpid = 0x100; dpid <= 0x103; dpid++) {
                s4 = new FakeSwitch(dpid, 3).connect(group, d.server().port());
            }
            Await.until("four switches connected", () -> fabric.sessions().size() >= 4);
            s4.channel().close().syncUninterruptibly();
            Await.until("three switches connected, s4 routed around", () -> fabric.sessions().size() == 3
                    && fabric.currentTopology().switches().size() == 3);
            JsonNode f = JSON.readTree(rest.get("/api/fabric").body());
            assertThat(f.path("name").asText()).isEqualTo("ring4");
            assertThat(f.path("mode").asText()).isEqualTo("configured");
            assertThat(f.path("switches")).hasSize(4);
            assertThat(f.path("hosts")).hasSize(4);
            assertThat(f.path("links")).hasSize(4);
            List<String> down = new ArrayList<>();
            f.path("links").forEach(l -> {
                if (!l.path("up").asBoolean()) {
                    down.add(l.path("id").asText());
                }
            });
            assertThat(down).containsExactlyInAnyOrder("s3:2-s4:3", "s4:2-s1:3");
            assertThat(f.path("switches").get(3).path("connected").asBoolean()).isFalse();

            JsonNode p = JSON.readTree(rest.get("/api/path?src=h1&dst=h3").body());
            assertThat(p.path("srcSwitch").asText()).isEqualTo("s1");
            assertThat(p.path("layers").get(0).asInt()).isZero();
            assertThat(p.path("paths").get(0).path("switches").toString()).isEqualTo("[\"s1\",\"s2\",\"s3\"]");
            assertThat(p.path("paths").get(0).path("links").toString())
                    .isEqualTo("[\"s1:2-s2:3\",\"s2:2-s3:3\"]");
            HttpResponse<String> unknown = rest.get("/api/path?src=h1&dst=h9");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(unknown.body()).contains("dst: no host h9 in the routed topology ring4");
            assertThat(rest.get("/api/path?src=h1").statusCode()).isEqualTo(400);

            HttpResponse<String> page = rest.get("/");
            assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
            assertThat(page.headers().firstValue("Content-Security-Policy")).isPresent();
            assertThat(page.body()).contains("<svg id=\"fabric\"").contains("/dashboard.js");
            assertThat(rest.get("/dashboard.js").body()).contains("/api/events/stream");
            assertThat(rest.get("/dashboard.css").statusCode()).isEqualTo(200);
        }
    }

    @Test
    @DisplayName("/api/events/stream: the kept events after ?since, then each new event as it happens, as "
            + "server-sent events with the sequence number as id")
    void eventStream() throws Exception {
        try (Dashboard d = Dashboard.ring(3)) {
            HttpResponse<java.io.InputStream> r = http.send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + d.api().port() + "/api/events/stream?since=0")).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertThat(r.headers().firstValue("Content-Type")).hasValue("text/event-stream; charset=utf-8");
            try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(),
                    StandardCharsets.UTF_8))) {
                assertThat(in.readLine()).isEqualTo("id: 1");
                assertThat(in.readLine()).isEqualTo("event: fabric");
                JsonNode first = JSON.readTree(in.readLine().substring("data: ".length()));
                assertThat(first.path("kind").asText()).isEqualTo("ROUTES");
                assertThat(first.path("seq").asLong()).isEqualTo(1);
                assertThat(in.readLine()).isEmpty();
                FakeSwitch s1 = new FakeSwitch(0x100, 3).connect(group, d.server().port());
                String data;
                do {
                    data = in.readLine();
                } while (data != null && !data.startsWith("data: ") || data != null && !data.contains("SWITCH_UP"));
                assertThat(data).contains("\"kind\":\"SWITCH_UP\"").contains("s1 (dpid 0000000000000100) at "
                        + s1.address());
            }
        }
    }
}

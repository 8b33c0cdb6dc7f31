package weft.controller.crp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import weft.agent.WeftAgent;
import weft.agent.datapath.AgentClient;
import weft.agent.datapath.DataPathConfig;
import weft.controller.fabric.DeadlockVerification;
import weft.controller.fabric.WeftController;
import weft.controller.rest.RestApi;
import weft.controller.rest.RestAuth;
import weft.model.protocol.ControlMessage;
import weft.model.routing.RoutingEngines;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * The live CRP end to end on loopback, without switches: a controller with {@code --reserve crp} (tables for the
 * routes of its configured fabric, SNTP on the registry's port) and two real agents. h1 (127.0.0.21, on s1) sends
 * through its agent to h3 (127.0.0.23, on s2) behind a 24 Mbit/s link; the agents learn the rules, measure their
 * clock against the controller's SNTP, reserve, pace the grants and deliver. Checked: the tables saw the requests and
 * granted them on the link and h3's port, nothing was refused, and the data arrived; the REST API shows the tables
 * and bookings, and {@code /metrics} the same grants.
 */
class CrpLoopbackTest {
    private static final String TOKEN = "crp-loopback-token-7c1e9a";
    private static final long MS = 1_000_000L;
    private WeftController controller;
    private WeftAgent h1;
    private WeftAgent h3;

    @AfterEach
    void tearDown() throws Exception {
        for (AutoCloseable c : new AutoCloseable[] {h1, h3, controller}) {
            if (c != null) {
                c.close();
            }
        }
    }

    private static Topology fabric() {
        return new Topology("crploop", List.of(new Switch("s1", 0x7101, 3), new Switch("s2", 0x7102, 2)),
                List.of(new Host("h1", "02:00:00:00:71:01", "127.0.0.21", "s1", 1, 1.0),
                        new Host("h2", "02:00:00:00:71:02", "127.0.0.22", "s1", 2, 1.0),
                        new Host("h3", "02:00:00:00:71:03", "127.0.0.23", "s2", 1, 0.05)),
                List.of(new Link("s1", 3, "s2", 2, 0.024)));
    }

    private static int freeUdpAndTcpPort() throws Exception {
        while (true) {
            try (java.net.ServerSocket tcp = new java.net.ServerSocket(0)) {
                int port = tcp.getLocalPort();
                try {
                    new DatagramSocket(port).close();
                    return port;
                } catch (java.net.SocketException busy) {
                    // the UDP port is taken: try another
                }
            }
        }
    }

    private WeftAgent agent(String host, String ip, int localPort, int registry) throws Exception {
        DataPathConfig config = DataPathConfig.defaults(InetAddress.getByName(ip)).withPorts(37570, localPort);
        return new WeftAgent(config, new InetSocketAddress("127.0.0.1", registry), null,
                new ControlMessage.Register(host, ip, null, 37570, null, TOKEN), null).clock(null, 100).start();
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    @DisplayName("Agents learn the rules, measure the clock by the controller's SNTP, reserve, get grants on the link "
            + "and the destination's port, and the reserved data arrives")
    void reserveGrantAndDeliver() throws Exception {
        int registry = freeUdpAndTcpPort();
        ReservationOptions options = new ReservationOptions(10 * MS, 32, 30_000, 30_000, 20 * MS, 0, 0, 2, 8,
                1_250_000, MS, Set.of(), registry);
        controller = WeftController.start(WeftController.Config.of(fabric(), RoutingEngines.byName("updown"),
                        new DeadlockVerification(false), new InetSocketAddress("127.0.0.1", 0)),
                new WeftController.Agents(new InetSocketAddress("127.0.0.1", registry), TOKEN, null, null, null)
                        .withReservations(options));
        h1 = agent("h1", "127.0.0.21", 37571, registry);
        h3 = agent("h3", "127.0.0.23", 37573, registry);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!controller.agents().connectedHosts().containsAll(List.of("h1", "h3"))) {
            assertThat(System.nanoTime() - deadline).as("h1 and h3 registered within 30 s").isNegative();
            Thread.sleep(50);
        }
        assertThat(controller.agents().reservations().tables()).extracting(ReservationsView.Table::resource)
                .contains("s1:3", "s2:1");
        try (AgentClient receiver = new AgentClient(37573); AgentClient sender = new AgentClient(37571)) {
            receiver.subscribe();
            byte[] data = new byte[14_000];
            InetAddress to = InetAddress.getByName("127.0.0.23");
            for (int i = 0; i < 40; i++) {
                sender.send(to, data, 0, data.length);
            }
            sender.flush();
            java.util.concurrent.atomic.AtomicLong got = new java.util.concurrent.atomic.AtomicLong();
            Thread reader = new Thread(() -> {
                try {
                    while (got.get() < 40 * 14_000) {
                        got.addAndGet(receiver.receive().data().length);
                    }
                } catch (java.io.IOException e) {
                    // closed at the end of the test
                }
            });
            reader.start();
            reader.join(60_000);
            assertThat(got.get()).as("bytes delivered to h3; h1's VOQ: %s; tables: %s", h1.dataPath().report().join(),
                    controller.agents().reservations().totals()).isEqualTo(40 * 14_000);
        }
        ReservationsView v = controller.agents().reservations();
        ReservationsView.Table link = v.tables().stream().filter(t -> t.resource().equals("s1:3")).findFirst()
                .orElseThrow();
        assertThat(v.totals().grants()).as("grants; %s", v.totals()).isPositive();
        assertThat(v.totals().refused()).as("refusals; %s", v.totals()).isZero();
        assertThat(link.grants()).as("grants through the link").isEqualTo(v.totals().grants());
        assertThat(v.totals().grantedBytes()).as("data granted covers what was sent, less what went unreserved")
                .isGreaterThan(40 * 14_000 / 2);
        assertThat(controller.sntp().answered()).as("SNTP exchanges answered").isPositive();
        try (RestApi api = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0), RestAuth.none()),
                controller.fabric(), controller.agents())) {
            JsonNode tables = new ObjectMapper().readTree(get(api.port(), "/api/reservations"));
            JsonNode linkTable = null;
            for (JsonNode t : tables.get("tables")) {
                linkTable = t.get("resource").asText().equals("s1:3") ? t : linkTable;
            }
            assertThat(linkTable).as("GET /api/reservations: %s", tables).isNotNull();
            assertThat(linkTable.get("grants").asLong()).isEqualTo(tables.get("totals").get("grants").asLong())
                    .isPositive();
            assertThat(new ObjectMapper().readTree(get(api.port(), "/api/reservations/bookings")).isArray()).isTrue();
            String metrics = get(api.port(), "/metrics");
            java.util.regex.Matcher grants = java.util.regex.Pattern.compile(
                    "weft_crp_grants_total\\{[^}]*resource=\"s1:3\"[^}]*} ([0-9.E]+)").matcher(metrics);
            assertThat(grants.find()).as("weft_crp_grants_total of s1:3 in /metrics").isTrue();
            assertThat(Double.parseDouble(grants.group(1))).isEqualTo(tables.get("totals").get("grants").asDouble());
            assertThat(metrics).contains("weft_crp_answers_total{outcome=\"refused\"} 0.0");
        }
    }

    private static String get(int port, String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + path)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("GET %s: %s", path, r.body()).isEqualTo(200);
        return r.body();
    }
}

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
    private WeftAgent h2;
    private WeftAgent h3;

    @AfterEach
    void tearDown() throws Exception {
        for (AutoCloseable c : new AutoCloseable[] {h1, h2, h3, controller}) {
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

    /**
     * Starts the controller with {@code --reserve crp} (10 ms slots, 32 of them, 3% headroom and {@code ε}, a 20 ms
     * round trip, 1 ms tolerance, SNTP on the registry's port) and the allocator, if any; returns the registry's port.
     */
    private int startController(weft.model.rate.RateAllocator allocatorOrNull) throws Exception {
        int registry = freeUdpAndTcpPort();
        ReservationOptions options = new ReservationOptions(10 * MS, 32, 30_000, 30_000, 20 * MS, 0, 0, 2, 8,
                1_250_000, MS, Set.of(), registry);
        controller = WeftController.start(WeftController.Config.of(fabric(), RoutingEngines.byName("updown"),
                        new DeadlockVerification(false), new InetSocketAddress("127.0.0.1", 0)),
                new WeftController.Agents(new InetSocketAddress("127.0.0.1", registry), TOKEN, null, null,
                        allocatorOrNull).withReservations(options));
        return registry;
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
        int registry = startController(null);
        h1 = agent("h1", "127.0.0.21", 37571, registry);
        h3 = agent("h3", "127.0.0.23", 37573, registry);
        awaitTrue(() -> controller.agents().connectedHosts().containsAll(List.of("h1", "h3")), "h1 and h3 registered");
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

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    @DisplayName("--allocate maxmin --reserve crp: the allocator gives h1 -> h3 and h2 -> h3 12 Mbit/s each (the "
            + "24 Mbit/s link shared); h1's bulk reserves and is sent under grants, h2's small messages go "
            + "unreserved at their allocated rate and are charged to the link and h3's port; the REST API shows "
            + "each table's occupancy, grants, retries and overhead")
    void crpForTheCriticalResourcesAllocatorForTheRest() throws Exception {
        int registry = startController(weft.model.rate.RateAllocators.byName("maxmin"));
        h1 = agent("h1", "127.0.0.21", 37581, registry);
        h2 = agent("h2", "127.0.0.22", 37582, registry);
        h3 = agent("h3", "127.0.0.23", 37583, registry);
        awaitTrue(() -> controller.agents().connectedHosts().containsAll(List.of("h1", "h2", "h3")),
                "h1, h2 and h3 registered");
        InetAddress to = InetAddress.getByName("127.0.0.23");
        byte[] small = new byte[1000];
        byte[] bulk = new byte[14_000];
        try (AgentClient receiver = new AgentClient(37583); AgentClient a1 = new AgentClient(37581);
             AgentClient a2 = new AgentClient(37582)) {
            receiver.subscribe();
            java.util.concurrent.atomic.AtomicLong got = new java.util.concurrent.atomic.AtomicLong();
            Thread reader = new Thread(() -> {
                try {
                    while (true) {
                        got.addAndGet(receiver.receive().data().length);
                    }
                } catch (java.io.IOException e) {
                    // closed at the end of the test
                }
            });
            reader.setDaemon(true);
            reader.start();
            a1.send(to, small, 0, small.length);
            a1.flush();
            a2.send(to, small, 0, small.length);
            a2.flush();
            awaitTrue(() -> controller.agents().rate("h1", "h3") > 0 && controller.agents().rate("h2", "h3") > 0,
                    "rates allocated for h1 -> h3 and h2 -> h3");
            assertThat(controller.agents().rate("h1", "h3")).as("max-min share of the 24 Mbit/s link")
                    .isEqualTo(12_000_000L);
            assertThat(controller.agents().rate("h2", "h3")).isEqualTo(12_000_000L);
            awaitTrue(() -> got.get() == 2L * small.length, "the first messages delivered");
            awaitTrue(() -> crpOn(h1) && crpOn(h2), "CRP on at h1 and h2 (rules and a good clock)");
            ReservationReportPair before = new ReservationReportPair(crp(h1), crp(h2));
            for (int i = 0; i < 40; i++) {
                a1.send(to, bulk, 0, bulk.length);
            }
            a1.flush();
            for (int i = 0; i < 20; i++) {
                a2.send(to, small, 0, small.length);
                a2.flush();
                Thread.sleep(20); // h2's traffic: 1,000 B every 20 ms, never N_min backlogged
            }
            long all = 2L * small.length + 40L * bulk.length + 20L * small.length;
            awaitTrue(() -> got.get() == all, "all data delivered to h3");
            weft.model.protocol.ReservationReport r1 = crp(h1);
            weft.model.protocol.ReservationReport r2 = crp(h2);
            assertThat(r1.grants() - before.h1().grants()).as("h1's bulk reserved: %s", r1).isPositive();
            assertThat(r1.reservedBytes() - before.h1().reservedBytes()).as("h1 sent under grants: %s", r1)
                    .isGreaterThan(40L * bulk.length / 2);
            assertThat(r2.requests()).as("h2 asked nothing after its rate came: %s", r2)
                    .isEqualTo(before.h2().requests());
            assertThat(r2.unreservedBytes() - before.h2().unreservedBytes()).as("h2's messages unreserved: %s", r2)
                    .isGreaterThanOrEqualTo(20L * small.length);
        }
        ReservationsView v = controller.agents().reservations();
        ReservationsView.Table port = v.tables().stream().filter(t -> t.resource().equals("s2:1")).findFirst()
                .orElseThrow();
        assertThat(port.chargedBytes()).as("h2's unreserved bytes charged to h3's port; %s", port)
                .isGreaterThanOrEqualTo(20L * small.length);
        assertThat(port.grants()).as("h1's grants on h3's port").isPositive();
        try (RestApi api = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0), RestAuth.none()),
                controller.fabric(), controller.agents())) {
            JsonNode tables = new ObjectMapper().readTree(get(api.port(), "/api/reservations"));
            for (String field : List.of("requests", "grants", "retriesDestinationFull", "retriesNoCommonSlot",
                    "epsilonBytes", "grantedBytes", "chargedBytes", "retryRatio")) {
                assertThat(tables.get("totals").has(field)).as("totals.%s in %s", field, tables).isTrue();
            }
            JsonNode link = null;
            for (JsonNode t : tables.get("tables")) {
                link = t.get("resource").asText().equals("s1:3") ? t : link;
            }
            assertThat(link).as("the link's table in %s", tables).isNotNull();
            assertThat(link.get("occupancy").isNumber()).isTrue();
            assertThat(link.get("grants").asLong()).isPositive();
            assertThat(link.get("epsilonBytes").asLong()).as("the 3%% overhead reserved with the grants").isPositive();
            assertThat(link.get("chargedBytes").asLong()).as("h2's bytes charged to the link").isPositive();
            assertThat(link.has("retriesNoCommonSlot") && link.has("retriesDestinationFull")).isTrue();
        }
    }

    private record ReservationReportPair(weft.model.protocol.ReservationReport h1,
                                         weft.model.protocol.ReservationReport h2) {
    }

    /** Whether the agent's VOQ towards h3 has reservation state (CRP is on for it). */
    private static boolean crpOn(WeftAgent agent) {
        return agent.dataPath().report().join().stream().anyMatch(r -> "127.0.0.23".equals(r.dstIp())
                && r.crp() != null);
    }

    /** What the agent's VOQ towards h3 did with reservations so far (zeros before CRP is on for it). */
    private static weft.model.protocol.ReservationReport crp(WeftAgent agent) {
        return agent.dataPath().report().join().stream().filter(r -> "127.0.0.23".equals(r.dstIp()))
                .map(weft.model.protocol.VoqReport::crp).filter(java.util.Objects::nonNull).findFirst()
                .orElse(new weft.model.protocol.ReservationReport(0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition, String what) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("%s within 30 s", what).isNegative();
            Thread.sleep(50);
        }
    }

    private static String get(int port, String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + path)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("GET %s: %s", path, r.body()).isEqualTo(200);
        return r.body();
    }
}

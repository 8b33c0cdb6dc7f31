package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.ha.ClusterMetrics;
import weft.controller.ha.HaOptions;
import weft.controller.ha.Mastership;
import weft.controller.ha.Member;
import weft.controller.metrics.WeftMetrics;
import weft.controller.openflow.SessionConfig;
import weft.controller.program.PairRates;
import weft.controller.program.RouteCompiler;
import weft.controller.rest.RestApi;
import weft.controller.rest.RestAuth;
import weft.controller.testing.TestFabrics;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Topology;
import weft.controller.testing.Await;

/**
 * Two {@link WeftController}s of one cluster on curator-test's TestingServer, on loopback: the standby sends
 * agents and writes to the master, the master keeps a hand-set rate in the cluster's state before it answers,
 * and when the master leaves the standby takes over and pushes that rate to the agents that come to it.
 */
class ClusterFailoverTest {
    private static final String TOKEN = "cluster-token-5a8c1e9f3d";
    private final ControlCodec codec = new ControlCodec();
    private TestingServer zk;
    private WeftController c1;
    private WeftController c2;

    @BeforeEach
    void startZooKeeper() throws Exception {
        zk = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 100, -1), true);
    }

    @AfterEach
    void stop() throws Exception {
        for (WeftController c : new WeftController[] {c2, c1}) {
            if (c != null) {
                c.close();
            }
        }
        zk.close();
    }

    private WeftController controller(String id) {
        Topology t = TestFabrics.ring(4);
        WeftController.Config config = new WeftController.Config(t, RoutingEngines.byName("updown"),
                RoutingOptions.defaults(), RouteCompiler.Options.defaults(), new DeadlockVerification(false),
                new InetSocketAddress("127.0.0.1", 0), null, SessionConfig.defaults());
        WeftController.Agents agents = new WeftController.Agents(new InetSocketAddress("127.0.0.1", 0), TOKEN, null,
                null, null);
        HaOptions ha = HaOptions.parse("zk://" + zk.getConnectString() + "/weft", id, Duration.ofMillis(1500),
                new Member(id, "127.0.0.1:0", "127.0.0.1:0", null));
        return WeftController.start(config, PairRates.none(), agents, null, ha);
    }

    /** One line-protocol session to an agent registry. */
    private final class Line implements AutoCloseable {
        final Socket socket;
        final Writer out;
        final BufferedReader in;

        Line(int port) throws Exception {
            socket = new Socket("127.0.0.1", port);
            socket.setSoTimeout(10_000);
            out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        }

        ControlMessage ask(ControlMessage m) throws Exception {
            out.write(codec.encode(m) + "\n");
            out.flush();
            return next();
        }

        ControlMessage next() throws Exception {
            String line = in.readLine();
            return line == null ? null : codec.decode(line);
        }

        @Override
        public void close() throws java.io.IOException {
            socket.close();
        }
    }

    private static ControlMessage.Register register(String host) {
        return new ControlMessage.Register(host, "10.0.0." + host.substring(1), null, 7470, null, TOKEN);
    }

    @Test
    @DisplayName("a standby redirects agents and refuses writes naming the master; the next master keeps the hand-set "
            + "rate and the rated pairs")
    void failover() throws Exception {
        c1 = controller("c1");
        Await.until("c1 master", () -> c1.cluster().mastership().mayWrite());
        c2 = controller("c2");
        Await.until("c2 standby of c1", () -> "c1".equals(c2.cluster().mastership().master()));
        assertThat(c2.fabric().role()).isEqualTo(Mastership.Role.STANDBY);
        assertThat(c1.fabric().role()).isEqualTo(Mastership.Role.MASTER);

        String restToken = "cluster-rest-token-0123";
        try (Line toStandby = new Line(c2.agents().port())) {
            ControlMessage answer = toStandby.ask(register("h1"));
            assertThat(answer).isInstanceOfSatisfying(ControlMessage.NotMaster.class, n -> {
                assertThat(n.master()).isEqualTo("c1");
                assertThat(n.address()).isEqualTo("127.0.0.1:0");
                assertThat(n.detail()).contains("refused by c2, a standby; the master is c1");
            });
            assertThat(toStandby.next()).as("the standby closes the session").isNull();
        }
        try (Line admin = new Line(c2.agents().port())) {
            ControlMessage refused = admin.ask(new ControlMessage.SetRate("h1", "h2", 10_000_000L, "sd", TOKEN));
            assertThat(refused).isInstanceOfSatisfying(ControlMessage.Error.class, e -> assertThat(e.message())
                    .startsWith("set-rate h1 -> h2: agent registry: refused by c2, a standby; the master is c1"));
        }
        try (WeftMetrics metrics = new WeftMetrics().bind(c2.fabric());
             RestApi standbyRest = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0),
                     RestAuth.of(restToken, false, false)), c2.fabric(), c2.agents(), metrics, c2.cluster())) {
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> put = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + standbyRest.port() + "/api/rates")).header("Authorization", "Bearer " + restToken)
                    .PUT(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(put.statusCode()).isEqualTo(503);
            assertThat(put.body()).contains("PUT /api/rates: refused by c2, a standby; the master is c1");
            String cluster = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + standbyRest.port()
                    + "/api/cluster")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(cluster).contains("\"self\" : \"c2\"").contains("\"role\" : \"STANDBY\"")
                    .contains("\"epoch\" : 1").contains("\"id\" : \"c1\"");
        }

        try (WeftMetrics metrics = new WeftMetrics().bind(c1.fabric());
             RestApi masterRest = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0),
                     RestAuth.of(restToken, false, false)), c1.fabric(), c1.agents(), metrics, c1.cluster())) {
            HttpResponse<String> put = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + masterRest.port() + "/api/rates")).header("Authorization", "Bearer "
                    + restToken).PUT(HttpRequest.BodyPublishers.ofString("{\"rates\": [{\"src\": \"h1\", "
                    + "\"dst\": \"h3\", \"mbps\": 20}]}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        }
        PairRates rated = c1.fabric().pairRates();
        assertThat(rated.rates()).hasSize(1);
        assertThat(c2.fabric().pairRates().rates()).as("a standby enforces nothing of its own").isEmpty();

        try (Line h1 = new Line(c1.agents().port()); Line h2 = new Line(c1.agents().port())) {
            assertThat(h1.ask(register("h1"))).isInstanceOf(ControlMessage.Registered.class);
            assertThat(h2.ask(register("h2"))).isInstanceOf(ControlMessage.Registered.class);
            try (Line admin = new Line(c1.agents().port())) {
                assertThat(admin.ask(new ControlMessage.SetRate("h1", "h2", 10_000_000L, "sd", TOKEN)))
                        .isInstanceOf(ControlMessage.Ok.class);
            }
        }
        WeftMetrics c2Metrics = new WeftMetrics().bind(c2.fabric());
        ClusterMetrics.bind(c2Metrics.registry(), c2.cluster());
        assertThat(c2Metrics.scrape()).contains("weft_cluster_master 0.0").contains("weft_cluster_epoch 1.0");
        c1.close();
        c1 = null;
        Await.until("c2 master", () -> c2.cluster().mastership().mayWrite());
        Await.until("the fabric service told", () -> c2.fabric().role() == Mastership.Role.MASTER);
        assertThat(c2.fabric().pairRates()).as("the rated pairs the cluster kept").isEqualTo(rated);
        // the cluster tells its listeners in turn on its own thread: the fabric service first, the metrics after
        Await.until("the metrics to count the takeover", () -> c2Metrics.scrape()
                .contains("weft_cluster_role_changes_total{role=\"MASTER\"} 1.0"));
        assertThat(c2Metrics.scrape()).contains("weft_cluster_master 1.0").contains("weft_cluster_epoch 2.0")
                .contains("weft_cluster_role_changes_total{role=\"MASTER\"} 1.0")
                .contains("weft_cluster_takeover_seconds_count 1");
        c2Metrics.close();
        try (Line h1 = new Line(c2.agents().port()); Line h2 = new Line(c2.agents().port())) {
            assertThat(h2.ask(register("h2"))).isInstanceOf(ControlMessage.Registered.class);
            assertThat(h1.ask(register("h1"))).isInstanceOf(ControlMessage.Registered.class);
            ControlMessage rates = h1.next();
            while (rates instanceof ControlMessage.Rates r && r.rates().isEmpty()) {
                rates = h1.next();
            }
            assertThat(rates).isInstanceOfSatisfying(ControlMessage.Rates.class, r -> {
                List<DestinationRate> list = r.rates();
                assertThat(list).hasSize(1);
                assertThat(list.get(0).dst()).isEqualTo("h2");
                assertThat(list.get(0).bitsPerSecond()).isEqualTo(10_000_000L);
                assertThat(list.get(0).manual()).isTrue();
            });
        }
        assertThat(c2.agents().view()).filteredOn(a -> a.host().equals("h1")).singleElement()
                .satisfies(a -> assertThat(a.rates()).singleElement().satisfies(r ->
                        assertThat(r.source()).isEqualTo("manual")));
    }
}

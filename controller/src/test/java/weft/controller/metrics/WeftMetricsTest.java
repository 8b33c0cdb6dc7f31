package weft.controller.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import weft.controller.fabric.FabricService;
import weft.controller.openflow.OfServer;
import weft.controller.openflow.SessionConfig;
import weft.controller.rest.RestApi;
import weft.controller.rest.RestAuth;
import weft.controller.testing.FakeSwitch;
import weft.controller.testing.RestClient;
import weft.controller.testing.TestFabrics;
import weft.controller.testing.TestLoop;
import weft.controller.testing.TestServices;

/**
 * GET /metrics on a ring of three switches (fake switches over loopback): the series an operator graphs are there
 * with the values the fabric has.
 */
class WeftMetricsTest {
    private static final String TOKEN = "metrics-test-token-0123456789";
    @RegisterExtension
    final TestLoop group = new TestLoop();

    @Test
    @DisplayName("switches, transactions, route and update timers, events by kind, link capacity, pair rates, REST "
            + "requests and the JVM, in the Prometheus text format")
    void scrape() throws Exception {
        try (FabricService fabric = TestServices.quietUpdown(TestFabrics.ring(3));
             OfServer server = OfServer.plain(new InetSocketAddress("127.0.0.1", 0), SessionConfig.defaults(),
                     fabric)) {
            WeftMetrics metrics = new WeftMetrics();
            fabric.addObserver(metrics);
            fabric.start();
            try (RestApi api = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0),
                    RestAuth.of(TOKEN, false, false)), fabric, null, metrics.bind(fabric))) {
                for (long dpid = 0x100; dpid <= 0x102; dpid++) {
                    new FakeSwitch(dpid, 3).connect(group, server.port());
                }
                assertThat(fabric.awaitConverged(Duration.ofSeconds(20))).isTrue();
                HttpResponse<String> put = new RestClient(api.port(), TOKEN).send("PUT", "/api/rates",
                        "{\"rates\":[{\"src\":\"h1\",\"dst\":\"h3\",\"mbps\":20}]}");
                assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
                HttpResponse<String> r = new RestClient(api.port()).get("/metrics");
                assertThat(r.statusCode()).isEqualTo(200);
                assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> v.startsWith("text/plain"));
                String m = r.body();
                Map<String, Double> exact = new LinkedHashMap<>();
                exact.put("weft_switches{state=\"connected\"}", 3.0);
                exact.put("weft_switches{state=\"disconnected\"}", 0.0);
                exact.put("weft_switch_connected{dpid=\"0000000000000100\",switch=\"s1\"}", 1.0);
                exact.put("weft_routes_compute_seconds_count", 2.0);
                exact.put("weft_routes_verify_seconds_count", 2.0);
                exact.put("weft_routes_converged", 1.0);
                exact.put("weft_events_total{kind=\"SWITCH_UP\"}", 3.0);
                exact.put("weft_events_total{kind=\"FAILURE\"}", 0.0);
                exact.put("weft_link_capacity_bits_per_second{link=\"s1:2-s2:3\"}", 1e9);
                exact.put("weft_pair_rate_bits_per_second{dst=\"h3\",src=\"h1\"}", 2e7);
                exact.put("weft_rest_requests_total{method=\"PUT\",status=\"200\"}", 1.0);
                exact.forEach((series, expected) -> assertThat(value(m, series)).as(series).isEqualTo(expected));
                assertThat(value(m, "weft_openflow_barriers_total")).isGreaterThanOrEqualTo(3);
                assertThat(value(m, "weft_openflow_mods_total")).isGreaterThan(0);
                assertThat(value(m, "weft_openflow_transaction_seconds_count"))
                        .isEqualTo(value(m, "weft_openflow_barriers_total"));
                assertThat(value(m, "weft_update_phase_seconds_count{phase=\"first\"}")).isGreaterThanOrEqualTo(1);
                assertThat(value(m, "weft_update_seconds_count{result=\"ok\"}")).isGreaterThanOrEqualTo(3);
                assertThat(m).contains("jvm_memory_used_bytes").contains("process_uptime_seconds")
                        .contains("# HELP weft_openflow_transaction_seconds");
                grafanaQueriesNameExistingMetrics(m, metrics.familiesWithoutSeriesYet());
            }
        }
    }

    /**
     * Every metric the shipped Grafana dashboard queries is one this controller exports: a family in the scrape,
     * or one of those that have series only once the fabric carries traffic, pairs or agents.
     */
    private static void grafanaQueriesNameExistingMetrics(String scrape, java.util.Set<String> laterFamilies)
            throws Exception {
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(Path.of("..", "deploy", "grafana",
                "weft-controller.json")));
        java.util.Set<String> families = new java.util.TreeSet<>(laterFamilies);
        scrape.lines().filter(l -> l.startsWith("# HELP ")).forEach(l -> families.add(l.split(" ")[2]
                .replaceAll("_total$", "")));
        java.util.Set<String> queried = new java.util.TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                Matcher m = Pattern.compile("\\b((?:weft|jvm|process)_[a-z_]+)").matcher(target.path("expr").asText());
                while (m.find()) {
                    queried.add(m.group(1).replaceAll("_(bucket|sum|count|max|total)$", ""));
                }
            }
        }
        assertThat(queried).isNotEmpty();
        assertThat(families).as("metric families exported").containsAll(queried);
    }

    /** The value of one series, by its exact name and labels as exported. */
    private static double value(String exposition, String series) {
        Matcher m = Pattern.compile("^" + Pattern.quote(series) + " (\\S+)$", Pattern.MULTILINE).matcher(exposition);
        assertThat(m.find()).as("series %s in%n%s", series, exposition.lines()
                .filter(l -> l.startsWith(series.replaceAll("[{].*", ""))).toList()).isTrue();
        return Double.parseDouble(m.group(1));
    }
}

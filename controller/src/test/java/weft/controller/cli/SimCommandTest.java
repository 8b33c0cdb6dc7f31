package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.io.RoutesDocument;
import weft.model.routing.io.RoutesJson;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.Ring;
import weft.model.topology.generate.Torus;
import weft.model.topology.io.TopologyJson;

class SimCommandTest {
    @RegisterExtension
    final CliRun cli = new CliRun(SimCommand::new);

    @BeforeEach
    void fabrics() throws IOException {
        Topology torus = Torus.generate(List.of(4, 4), GeneratorOptions.defaults());
        Files.writeString(cli.path("torus.json"), TopologyJson.write(torus));
        Files.writeString(cli.path("lash.json"), RoutesJson.write(RoutesDocument.of(
                RoutingEngines.byName("lash").compute(torus, RoutingOptions.defaults()))));
        Topology ring = Ring.generate(6, GeneratorOptions.defaults());
        Files.writeString(cli.path("ring.json"), TopologyJson.write(ring));
        Files.writeString(cli.path("ring-updown.json"), RoutesJson.write(RoutesDocument.of(
                RoutingEngines.byName("updown").compute(ring, RoutingOptions.defaults()))));
    }

    @Test
    @DisplayName("a load sweep prints one row per load and writes weft-sim/1 with the contract's fields and SVGs")
    void sweepWritesJsonAndPictures() throws IOException {
        int status = cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--load", "0.2,0.6",
                "--duration-us", "100", "--json", cli.file("out.json"), "--plot", cli.file("lat.svg"), "--link-plot",
                cli.file("links.svg"));
        assertThat(status).as(cli.err()).isZero();
        assertThat(cli.out()).contains("weft sim: ", "lash ", " 0.20 ", " 0.60 ", "ok");
        JsonNode root = new ObjectMapper().readTree(Files.readString(cli.path("out.json")));
        assertThat(root.get("format").asText()).isEqualTo("weft-sim/1");
        JsonNode runs = root.get("runs");
        assertThat(runs).hasSize(2);
        JsonNode first = runs.get(0);
        assertThat(first.get("load").asDouble()).isEqualTo(0.2);
        assertThat(first.get("accepted").asDouble()).isBetween(0.12, 0.28);
        for (String f : List.of("mean", "p50", "p99", "max")) {
            assertThat(first.get("latency_ns").get(f).isNumber()).as(f).isTrue();
        }
        assertThat(first.get("delivered_packets").asLong()).isPositive();
        assertThat(first.get("dropped_packets").asLong()).isZero();
        assertThat(first.get("deadlock").isNull()).isTrue();
        assertThat(Files.readString(cli.path("lat.svg"))).startsWith("<svg").contains("lash");
        assertThat(Files.readString(cli.path("links.svg"))).startsWith("<svg").contains("<line");
    }

    @Test
    @DisplayName("an unknown engine in --engines is a usage error naming --engines; nothing runs")
    void unknownEngine() {
        assertThat(cli.run("--topo", cli.file("ring.json"), "--engines", "updown,nosuch"))
                .isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("--engines: unknown routing engine 'nosuch'");
        assertThat(cli.out()).doesNotContain("updown");
    }

    @Test
    @DisplayName("--engines compares routings side by side; a ring under minhop deadlocks: exit 3 and its cycle")
    void enginesSideBySide() throws IOException {
        int status = cli.run("--topo", cli.file("ring.json"), "--engines", "minhop,updown", "--load", "1.0",
                "--buffer-packets", "1", "--duration-us", "300", "--json", cli.file("out.json"));
        assertThat(status).as(cli.err()).isEqualTo(SimCommand.DEADLOCK);
        assertThat(cli.out()).contains("minhop", "DEADLOCK at", "cycle: ", "updown");
        JsonNode runs = new ObjectMapper().readTree(Files.readString(cli.path("out.json"))).get("runs");
        assertThat(runs.get(0).get("routes").asText()).isEqualTo("minhop");
        assertThat(runs.get(0).get("deadlock").get("cycle").size()).isPositive();
        assertThat(runs.get(1).get("deadlock").isNull()).isTrue();
    }

    @Test
    @DisplayName("bad input: unknown traffic, routes of another topology, unknown flow hosts, no routes")
    void badInput() throws IOException {
        assertThat(cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic", "tornado"))
                .isEqualTo(2);
        assertThat(cli.err()).contains("unknown traffic 'tornado'");
        assertThat(cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("ring-updown.json"))).isEqualTo(1);
        assertThat(cli.err()).contains("another topology");
        Files.writeString(cli.path("flows.json"), "{\"format\": \"weft-flows/1\", \"flows\": [{\"id\": \"f1\", "
                + "\"src\": \"h1\", \"dst\": \"h99\", \"bytes\": 4096}]}");
        assertThat(cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic",
                "flows:" + cli.file("flows.json"))).isEqualTo(1);
        assertThat(cli.err()).contains("h99");
        assertThat(cli.run("--topo", cli.file("torus.json"))).isEqualTo(2);
        assertThat(cli.err()).contains("--routes");
    }

    @Test
    @DisplayName("flows run in phases and report each application's completion")
    void flowsInPhases() throws IOException {
        Files.writeString(cli.path("flows.json"), "{\"format\": \"weft-flows/1\", \"flows\": ["
                + "{\"id\": \"f1\", \"src\": \"h1\", \"dst\": \"h2\", \"bytes\": 40960, \"app\": \"a\"},"
                + "{\"id\": \"f2\", \"src\": \"h3\", \"dst\": \"h2\", \"bytes\": 40960, \"app\": \"a\"}]}");
        int status = cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic",
                "flows:" + cli.file("flows.json"), "--phases", "2", "--json", cli.file("out.json"));
        assertThat(status).as(cli.err()).isZero();
        JsonNode run = new ObjectMapper().readTree(Files.readString(cli.path("out.json"))).get("runs").get(0);
        assertThat(run.get("phases")).hasSize(2);
        assertThat(run.get("flows")).hasSize(2);
        assertThat(run.get("flows").get(0).get("bytes").asLong()).isEqualTo(2 * 40960);
        assertThat(run.get("stop").asText()).isEqualTo("all phases complete");
    }

    @Test
    @DisplayName("--allocate: a simulated controller allocates online; the JSON records every round; --allocate "
            + "with --rates, with open-loop traffic or with an unknown allocator is a usage error")
    void allocateOnline() throws IOException {
        Files.writeString(cli.path("flows.json"), "{\"format\": \"weft-flows/1\", \"flows\": ["
                + "{\"id\": \"f1\", \"src\": \"h1\", \"dst\": \"h2\", \"bytes\": 204800},"
                + "{\"id\": \"f2\", \"src\": \"h3\", \"dst\": \"h2\", \"bytes\": 204800}]}");
        int status = cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic",
                "flows:" + cli.file("flows.json"), "--allocate", "maxmin", "--allocation-interval-us", "20",
                "--control-delay-us", "2", "--json", cli.file("out.json"));
        assertThat(status).as(cli.err()).isZero();
        JsonNode run = new ObjectMapper().readTree(Files.readString(cli.path("out.json"))).get("runs").get(0);
        assertThat(run.get("allocation").get("allocator").asText()).isEqualTo("maxmin");
        assertThat(run.get("allocation").get("interval_ns").asDouble()).isEqualTo(20_000.0);
        JsonNode first = run.get("allocation_rounds").get(0);
        assertThat(first.get("time_ns").asDouble()).isZero();
        assertThat(first.get("applied_ns").asDouble()).isEqualTo(2_000.0);
        assertThat(first.get("flows")).hasSize(2);
        assertThat(first.get("flows").get(0).get("backlog_bytes").asLong()).isEqualTo(204800);
        double host = first.get("flows").get(0).get("gbps").asDouble() * 2;
        assertThat(first.get("flows").get(1).get("gbps").asDouble() * 2).isEqualTo(host);
        assertThat(run.get("stop").asText()).isEqualTo("all phases complete");

        assertThat(cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic",
                "flows:" + cli.file("flows.json"), "--allocate", "maxmin", "--rates", cli.file("flows.json")))
                .isEqualTo(2);
        assertThat(cli.err()).contains("at most one of --rates FILE and --allocate ALG");
        assertThat(cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--allocate",
                "maxmin")).isEqualTo(2);
        assertThat(cli.err()).contains("--allocate needs flows");
        assertThat(cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic",
                "flows:" + cli.file("flows.json"), "--allocate", "nope")).isEqualTo(2);
        assertThat(cli.err()).contains("unknown rate algorithm nope");
    }

    @Test
    @DisplayName("--rates: hosts inject at the assigned rates (Periodic Selection); rates for unknown flows and flows "
            + "without a rate are refused")
    void ratesFromAFile() throws IOException {
        Files.writeString(cli.path("flows.json"), "{\"format\": \"weft-flows/1\", \"flows\": ["
                + "{\"id\": \"f1\", \"src\": \"h1\", \"dst\": \"h2\", \"bytes\": 204800},"
                + "{\"id\": \"f2\", \"src\": \"h3\", \"dst\": \"h4\", \"bytes\": 204800}]}");
        Files.writeString(cli.path("rates.json"), "{\"format\": \"weft-rates/1\", \"algo\": \"ffa\", "
                + "\"rates\": [{\"flow\": \"f1\", \"gbps\": 2.0}, {\"flow\": \"f2\", \"gbps\": 4.0}]}");
        int status = cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic",
                "flows:" + cli.file("flows.json"), "--rates", cli.file("rates.json"), "--json", cli.file("out.json"));
        assertThat(status).as(cli.err()).isZero();
        JsonNode flows = new ObjectMapper().readTree(Files.readString(cli.path("out.json"))).get("runs").get(0)
                .get("flows");
        assertThat(flows.get(0).get("assigned_gbps").asDouble()).isEqualTo(2.0);
        assertThat(flows.get(0).get("delivered_gbps").asDouble()).isBetween(1.9, 2.05);
        assertThat(flows.get(1).get("delivered_gbps").asDouble()).isBetween(3.8, 4.1);

        Files.writeString(cli.path("bad.json"), "{\"format\": \"weft-rates/1\", \"rates\": ["
                + "{\"flow\": \"f1\", \"gbps\": 2.0}, {\"flow\": \"f2\", \"gbps\": 2.0},"
                + "{\"flow\": \"f9\", \"gbps\": 1.0}]}");
        assertThat(cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic",
                "flows:" + cli.file("flows.json"), "--rates", cli.file("bad.json"))).isEqualTo(1);
        assertThat(cli.err()).contains("rate for unknown flow f9");
        Files.writeString(cli.path("short.json"), "{\"format\": \"weft-rates/1\", \"rates\": ["
                + "{\"flow\": \"f1\", \"gbps\": 2.0}]}");
        assertThat(cli.run("--topo", cli.file("torus.json"), "--routes", cli.file("lash.json"), "--traffic",
                "flows:" + cli.file("flows.json"), "--rates", cli.file("short.json"))).isEqualTo(1);
        assertThat(cli.err()).contains("no rate for flow f2");
    }

    @Test
    @DisplayName("--control runs seed 001's hosts on two clusters: ECN notifies hotspot senders, CRP reserves with "
            + "requests and retries, no control neither; a bad scheme or message size is a usage error naming it")
    void control() throws IOException {
        Topology clusters = weft.model.topology.generate.Clusters.generate(2, 3, 3, 1, 0.064,
                GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));
        Files.writeString(cli.path("clusters.json"), TopologyJson.write(clusters));
        String[] common = {"--topo", cli.file("clusters.json"), "--engines", "nca", "--packet-bytes", "256",
            "--buffer-packets", "16", "--speedup", "infinite", "--router-delay-ns", "26", "--host-latency-ns", "1",
            "--duration-us", "30", "--warmup-us", "0"};
        for (String scheme : List.of("none", "ecn", "crp")) {
            cli.clearOut();
            List<String> args = new java.util.ArrayList<>(List.of(common));
            args.addAll(List.of("--control", scheme, "--traffic", "hotspot", "--load", "1", "--json",
                    cli.file(scheme + ".json")));
            assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
            String row = cli.out().lines().filter(l -> l.startsWith("nca")).findFirst().orElseThrow();
            String[] cells = row.trim().split(" +");
            assertThat(cli.out()).contains("control " + scheme + ", traffic hotspot, messages of 8 packets");
            long requests = Long.parseLong(cells[9]);
            long notified = Long.parseLong(cells[11]);
            assertThat(requests > 0).as(row).isEqualTo(scheme.equals("crp"));
            assertThat(notified > 0).as(row).isEqualTo(scheme.equals("ecn"));
            assertThat(Long.parseLong(cells[12])).as(row).isZero();
            JsonNode root = new ObjectMapper().readTree(Files.readString(cli.path(scheme + ".json")));
            assertThat(root.get("format").asText()).isEqualTo("weft-sim/1");
            JsonNode runs = root.get("runs");
            assertThat(runs).hasSize(1);
            JsonNode c = runs.get(0).get("control");
            assertThat(c.get("scheme").asText()).isEqualTo(scheme);
            assertThat(c.get("traffic").asText()).isEqualTo("hotspot");
            assertThat(c.get("message_packets").asText()).isEqualTo("8");
            JsonNode rates = c.get("accepted_flits_per_cycle");
            assertThat(rates.get("mean").asDouble()).isCloseTo(Double.parseDouble(cells[3]), within(5e-5));
            assertThat(rates.get("min").asDouble()).isCloseTo(Double.parseDouble(cells[4]), within(5e-5))
                    .isLessThanOrEqualTo(rates.get("mean").asDouble());
            assertThat(rates.get("sd").asDouble() / rates.get("mean").asDouble())
                    .isCloseTo(Double.parseDouble(cells[5]), within(5e-4));
            assertThat(c.get("control_overhead").asDouble()).isCloseTo(Double.parseDouble(cells[8]), within(5e-5));
            assertThat(c.get("arrived_data_flits").asLong()).isPositive();
            assertThat(c.get("control_per_data").asDouble()).isCloseTo(
                    c.get("control_flits").asDouble() / c.get("arrived_data_flits").asDouble(), within(1e-6));
            assertThat(c.get("requests").asLong()).isEqualTo(requests);
            assertThat(c.get("notifications").asLong()).isEqualTo(notified);
            long grants = c.get("grants").asLong();
            long retries = c.get("retries").asLong();
            JsonNode causes = c.get("retries_by_cause");
            assertThat(causes.get("destination_full").asLong() + causes.get("no_common_slot").asLong()
                    + causes.get("grant_conflict").asLong()).isEqualTo(retries);
            JsonNode speculative = c.get("speculative");
            if (scheme.equals("crp")) {
                assertThat(grants).isPositive();
                assertThat(c.get("retry_probability").asDouble())
                        .isCloseTo((double) retries / (grants + retries), within(1e-6));
                assertThat(speculative.get("packets_sent").asLong()).isPositive();
                assertThat(speculative.get("flits_sent").asLong())
                        .isEqualTo(32 * speculative.get("packets_sent").asLong());
                assertThat(c.get("control_flits").asLong()).isPositive();
            } else {
                assertThat(grants + retries + speculative.get("packets_sent").asLong()).isZero();
                assertThat(c.get("retry_probability").isNull()).isTrue();
            }
        }
        assertThat(cli.run("--topo", cli.file("clusters.json"), "--engines", "nca", "--control", "red"))
                .isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("--control: control 'red': expected none, ecn, crp or tcp");
        cli.clearOut();
        List<String> tcp = new java.util.ArrayList<>(List.of(common));
        tcp.addAll(List.of("--control", "tcp", "--traffic", "cluster-uniform", "--load", "0.3", "--flow-control",
                "lossy", "--tcp-min-rto-us", "5", "--json", cli.file("tcp.json")));
        assertThat(cli.run(tcp.toArray(String[]::new))).as(cli.err()).isZero();
        assertThat(cli.out()).contains("control tcp, traffic cluster-uniform").contains(" tcp: ");
        JsonNode tcpRun = new ObjectMapper().readTree(Files.readString(cli.path("tcp.json"))).get("runs").get(0);
        assertThat(tcpRun.get("control").get("scheme").asText()).isEqualTo("tcp");
        assertThat(tcpRun.get("tcp").get("segments").asLong()).isPositive();
        assertThat(cli.run("--topo", cli.file("clusters.json"), "--engines", "nca", "--control", "tcp",
                "--packet-bytes", "60")).isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("--control tcp: tcp: packets of 60 B cannot carry");
        assertThat(cli.run("--topo", cli.file("clusters.json"), "--engines", "nca", "--control", "crp",
                "--message-packets", "5-2")).isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("--message-packets: ");
    }

    @Test
    @DisplayName("--speedup 2 runs seed 001's router (VOQs, 512 B output buffers, separable input-first allocation) "
            + "and says so in the header and the JSON; a speedup out of range or a too small output buffer is a usage "
            + "error naming --speedup")
    void paperRouter() throws IOException {
        Topology clusters = weft.model.topology.generate.Clusters.generate(2, 2, 2, 1, 0.064,
                GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));
        Files.writeString(cli.path("c.json"), TopologyJson.write(clusters));
        assertThat(cli.run("--topo", cli.file("c.json"), "--engines", "nca", "--packet-bytes", "256",
                "--buffer-packets", "16", "--speedup", "2", "--control", "crp", "--traffic", "hotspot", "--load", "1",
                "--duration-us", "20", "--warmup-us", "0", "--json", cli.file("voq.json"))).as(cli.err()).isZero();
        JsonNode config = new ObjectMapper().readTree(Files.readString(cli.path("voq.json"))).get("config");
        assertThat(config.get("speedup").asText()).isEqualTo("2");
        assertThat(config.get("allocator").asText()).isEqualTo("separable-input-first");
        cli.clearOut();
        assertThat(cli.run("--topo", cli.file("c.json"), "--engines", "nca", "--speedup", "2",
                "--output-buffer-bytes", "4096", "--duration-us", "5", "--warmup-us", "0")).as(cli.err()).isZero();
        assertThat(cli.out()).contains("speedup 2 (VOQ, 4096 B output buffers, separable input-first)");
        Map<String, String> bad = Map.of("17", "--speedup: expected 1, infinite or 2..16 (with "
                + "--output-buffer-bytes >= 1), got '17'", "2 100", "output buffers of 100 B for 2048 B packets");
        bad.forEach((speedupAndBuffer, message) -> {
            String[] v = (speedupAndBuffer + " 512").split(" ");
            assertThat(cli.run("--topo", cli.file("c.json"), "--engines", "nca", "--speedup", v[0],
                    "--output-buffer-bytes", v[1])).as(speedupAndBuffer).isEqualTo(CliFailure.USAGE);
            assertThat(cli.err()).contains(message);
        });
    }
}

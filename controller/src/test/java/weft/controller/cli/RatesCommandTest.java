package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesJson;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.topology.io.TopologyJson;

class RatesCommandTest {
    @RegisterExtension
    final CliRun cli = new CliRun(RatesCommand::new);

    private static Host host(String id, int n, String sw, int port) {
        return new Host(id, String.format("02:00:00:00:00:%02x", n), "10.0.0." + n, sw, port, 10);
    }

    /**
     * Seed 000 Fig. 1.1 on Ethernet: f1-f4 enter sw1 from h1-h4 and cross sw1->sw2 (10 Gbit/s); f1, f2 go to d1 and f3,
     * f4 to d2; f5, f6 enter sw2 from h5, h6 and go to d2. Every rate is 10/4 = 2.5 Gbit/s (§1.3: the controlled rates
     * are 1/4 of a link each).
     */
    @BeforeEach
    void files() throws IOException {
        Topology t = new Topology("fig-1.1", List.of(new Switch("sw1", 1, 8), new Switch("sw2", 2, 8)),
                List.of(host("h1", 1, "sw1", 1), host("h2", 2, "sw1", 2), host("h3", 3, "sw1", 3),
                        host("h4", 4, "sw1", 4), host("h5", 5, "sw2", 1), host("h6", 6, "sw2", 2),
                        host("d1", 7, "sw2", 3), host("d2", 8, "sw2", 4)),
                List.of(new Link("sw1", 8, "sw2", 8, 10)));
        Files.writeString(cli.path("t.json"), TopologyJson.write(t));
        RoutingResult r = new RoutingResult("hand", 1, List.of(new PairLayer("sw1", "sw2", 0),
                new PairLayer("sw2", "sw1", 0)), List.of(ForwardingEntry.of("sw1", "sw2", 0, 8),
                ForwardingEntry.of("sw2", "sw1", 0, 8)), true);
        Files.writeString(cli.path("r.json"), RoutesJson.write(r));
        Files.writeString(cli.path("f.json"), "{\"format\": \"weft-flows/1\", \"flows\": ["
                + "{\"id\": \"f1\", \"src\": \"h1\", \"dst\": \"d1\", \"bytes\": 1000000},"
                + "{\"id\": \"f2\", \"src\": \"h2\", \"dst\": \"d1\", \"bytes\": 1000000},"
                + "{\"id\": \"f3\", \"src\": \"h3\", \"dst\": \"d2\", \"bytes\": 1000000},"
                + "{\"id\": \"f4\", \"src\": \"h4\", \"dst\": \"d2\", \"bytes\": 1000000},"
                + "{\"id\": \"f5\", \"src\": \"h5\", \"dst\": \"d2\", \"bytes\": 1000000},"
                + "{\"id\": \"f6\", \"src\": \"h6\", \"dst\": \"d2\", \"bytes\": 1000000}]}");
    }

    /** {@code weft rates} on t.json with the routes and flows files named, then {@code more}. */
    private int rates(String routes, String flows, String... more) {
        List<String> args = new ArrayList<>(List.of("--topo", cli.file("t.json"), "--routes",
                cli.file(routes), "--flows", cli.file(flows)));
        args.addAll(List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    @Test
    void seed000Figure11GivesEveryFlowAQuarterOfTheLink() throws IOException {
        for (String algo : List.of("saa", "ffa")) {
            assertThat(rates("r.json", "f.json", "--algo", algo, "--exact", "-o", cli.file(algo + ".json")))
                    .as(cli.err()).isZero();
            JsonNode rates = new ObjectMapper().readTree(cli.path(algo + ".json").toFile());
            assertThat(rates.get("format").asText()).isEqualTo("weft-rates/1");
            assertThat(rates.get("algo").asText()).isEqualTo(algo);
            for (JsonNode r : rates.get("rates")) {
                assertThat(r.get("gbps").asDouble()).isEqualTo(2.5);
                assertThat(r.get("exact").asText()).isEqualTo("5/2");
            }
            // 4 MB through sw1->sw2 at 10 Gbit/s: W = 3.2 ms (seed 000 Theorem 4.1.1).
            assertThat(rates.get("completion_s").asDouble()).isEqualTo(0.0032);
            boolean trunk = false;
            for (JsonNode l : rates.get("links")) {
                if (l.get("a").asText().equals("sw1") && l.get("b").asText().equals("sw2")) {
                    trunk = true;
                    assertThat(l.get("load_gbps").asDouble()).isEqualTo(10.0);
                }
            }
            assertThat(trunk).isTrue();
        }
        assertThat(cli.out()).contains("algo      ffa (exact arithmetic", "flows     6");
    }

    @Test
    void badInputsExitNonZeroNamingTheProblem() throws IOException {
        assertThat(rates("r.json", "f.json", "--algo", "wfq")).isEqualTo(CliFailure.USAGE);
        assertThat(cli.err()).contains("unknown rate algorithm wfq");
        Files.writeString(cli.path("bad.json"), "{\"format\": \"weft-flows/1\", \"flows\": [{\"id\": \"x\","
                + " \"src\": \"h1\", \"dst\": \"nowhere\"}]}");
        assertThat(rates("r.json", "bad.json", "--algo", "ffa")).isEqualTo(CliFailure.INPUT);
        assertThat(cli.err()).contains("flows[0] (x): unknown host nowhere");
        assertThat(rates("missing.json", "f.json", "--algo", "ffa")).isEqualTo(CliFailure.INPUT);
        assertThat(cli.err()).contains("missing.json: no such file");
        assertThat(rates("r.json", "f.json", "--algo", "maxmin", "--min-mbps", "6000", "--control-bytes",
                "84")).isEqualTo(CliFailure.INPUT);
        assertThat(cli.err()).contains("VOQs need");
    }
}

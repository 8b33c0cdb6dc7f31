package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument;
import weft.model.routing.io.RoutesJson;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.Ring;
import weft.model.topology.generate.Torus;
import weft.model.topology.io.TopologyJson;

class RouteCommandTest {
    @RegisterExtension
    final CliRun cli = new CliRun(RouteCommand::new);

    @BeforeEach
    void fabrics() throws IOException {
        Files.writeString(cli.path("torus.json"), TopologyJson.write(Torus.generate(List.of(4, 4),
                GeneratorOptions.defaults())));
        Files.writeString(cli.path("ring.json"), TopologyJson.write(Ring.generate(6, GeneratorOptions.defaults())));
    }

    @Test
    void routesVerifiesAndWritesTheFile() throws IOException {
        assertThat(cli.run("--topo", cli.file("torus.json"), "--engine", "updown", "--paths", "-o", cli.file("r.json")))
                .isZero();
        assertThat(cli.out()).contains("engine    updown", "layers    1",
                "verifier  ok: connected, loop-free, deadlock-free in all 1 layer(s)", "paths     240 pairs walked",
                "channels  most paths on one channel: ", "compute   ", "wrote     ");
        RoutesDocument doc = RoutesJson.read("r.json", Files.readString(cli.path("r.json")));
        RoutingResult r = doc.result();
        assertThat(doc.paths()).hasSize(16 * 15);
        assertThat(doc.paths().get(0).switches()).startsWith("s1").endsWith("s2");
        assertThat(doc.stats()).containsKeys("compute_ms", "verdict", "max_paths_on_one_channel");
        assertThat(r.engine()).isEqualTo("updown");
        assertThat(r.layerOf()).hasSize(16 * 15);

        cli.clearOut();
        assertThat(cli.run("verify", "--topo", cli.file("torus.json"), "--routes", cli.file("r.json"))).isZero();
        assertThat(cli.out()).contains("verifier  ok", "layer 0  ");
    }

    @Test
    void lashGivenLayersSpreadsItsPairsOverAllOfThem() throws IOException {
        // The 4x4 torus needs 2 LASH layers; given 3, every one holds pairs and the verifier checks all three.
        assertThat(cli.run("--topo", cli.file("torus.json"), "--engine", "lash", "--layers", "3", "-o",
                cli.file("l.json"))).isZero();
        assertThat(cli.out()).contains("layers    3", "deadlock-free in all 3 layer(s)");
        RoutingResult r = RoutesJson.read("l.json", Files.readString(cli.path("l.json"))).result();
        assertThat(r.layerOf().stream().map(p -> p.layer()).distinct()).containsExactlyInAnyOrder(0, 1, 2);
        cli.clearOut();
        assertThat(cli.run("--topo", cli.file("torus.json"), "--engine", "lash", "--layers", "5", "--classes", "2"))
                .isEqualTo(2);
        assertThat(cli.err().trim()).isEqualTo("route: --layers must be in 0..--max-layers / --classes (4), got 5");
    }

    @Test
    void chainFallsBackAndSaysWhichEngineWon() {
        // D-mod-k cannot route a torus; Up*/Down* can.
        assertThat(cli.run("--topo", cli.file("torus.json"), "--engine", "dmodk,updown")).isZero();
        assertThat(cli.out()).contains("fallback  dmodk: fabric ", "engine    updown (won in chain dmodk,updown)");
    }

    @Test
    void chainSkipsRoutesTheVerifierRejects() {
        assertThat(cli.run("--topo", cli.file("ring.json"), "--engine", "minhop,updown")).isZero();
        assertThat(cli.out()).contains("fallback  minhop: verifier: DEADLOCK: layer 0 has a dependency cycle ",
                "engine    updown (won in chain minhop,updown)");
    }

    @Test
    void verifierProblemsGiveExitThree() {
        assertThat(cli.run("--topo", cli.file("ring.json"), "--engine", "minhop", "-o", cli.file("m.json")))
                .isEqualTo(3);
        assertThat(cli.out()).contains("verifier  DEADLOCK: layer 0 has a dependency cycle ");
        cli.clearOut();
        assertThat(cli.run("verify", "--topo", cli.file("ring.json"), "--routes", cli.file("m.json"))).isEqualTo(3);
        assertThat(cli.out()).contains("layer 0   ", "CYCLE ");
    }

    @Test
    void badInputIsOneLineAndNonZero() throws IOException {
        assertThat(cli.run("--topo", cli.file("torus.json"), "--engine", "nosuch")).isEqualTo(2);
        assertThat(cli.err()).startsWith("route: --engine: unknown routing engine 'nosuch'; known: minhop,");
        cli.clearErr();
        assertThat(cli.run("--topo", cli.file("missing.json"))).isEqualTo(1);
        assertThat(cli.err()).contains("missing.json: no such file");
        cli.clearErr();
        assertThat(cli.run("--topo", cli.file("torus.json"), "--engine", "dor", "--max-layers", "2")).isEqualTo(1);
        assertThat(cli.err().trim()).isEqualTo("route: no engine could route " + cli.file("torus.json")
                + ": dor: needs 4 layers for 2 wrapped dimension(s), 2 available (--max-layers 2 / --classes 1)");
        cli.clearErr();
        Topology islands = TopologyJson.read("x", TopologyJson.write(Ring.generate(3,
                GeneratorOptions.defaults()))).withoutLink(0).withoutLink(0);
        Files.writeString(cli.path("islands.json"), TopologyJson.write(islands));
        assertThat(cli.run("--topo", cli.file("islands.json"), "--engine", "updown")).isEqualTo(1);
        assertThat(cli.err()).contains("updown: fabric ", " is disconnected: ");
        cli.clearErr();
        Files.writeString(cli.path("bad.json"), "{\"format\": \"weft-routes/1\"}");
        assertThat(cli.run("verify", "--topo", cli.file("torus.json"), "--routes", cli.file("bad.json"))).isEqualTo(1);
        assertThat(cli.err().trim()).isEqualTo("route verify: " + cli.file("bad.json")
                + ": engine: missing field (expected a non-empty string)");
        cli.clearErr();
        assertThat(cli.run("--engine", "updown")).isEqualTo(2);
        assertThat(cli.err().trim()).isEqualTo("route: --topo FILE is required");
    }
}

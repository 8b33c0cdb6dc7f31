package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument;
import weft.model.routing.io.RoutesJson;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.Ring;
import weft.model.topology.generate.Torus;
import weft.model.topology.io.TopologyJson;

class RouteCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = new CommandLine(new RouteCommand());
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    private String file(String name) {
        return dir.resolve(name).toString();
    }

    @BeforeEach
    void fabrics() throws IOException {
        Files.writeString(dir.resolve("torus.json"), TopologyJson.write(Torus.generate(List.of(4, 4),
                GeneratorOptions.defaults())));
        Files.writeString(dir.resolve("ring.json"), TopologyJson.write(Ring.generate(6, GeneratorOptions.defaults())));
    }

    @Test
    void routesVerifiesAndWritesTheFile() throws IOException {
        assertThat(run("--topo", file("torus.json"), "--engine", "updown", "--paths", "-o", file("r.json")))
                .isZero();
        assertThat(out.toString()).contains("engine    updown", "layers    1",
                "verifier  ok: connected, loop-free, deadlock-free in all 1 layer(s)", "paths     240 pairs walked",
                "channels  most paths on one channel: ", "compute   ", "wrote     ");
        RoutesDocument doc = RoutesJson.read("r.json", Files.readString(dir.resolve("r.json")));
        RoutingResult r = doc.result();
        assertThat(doc.paths()).hasSize(16 * 15);
        assertThat(doc.paths().get(0).switches()).startsWith("s1").endsWith("s2");
        assertThat(doc.stats()).containsKeys("compute_ms", "verdict", "max_paths_on_one_channel");
        assertThat(r.engine()).isEqualTo("updown");
        assertThat(r.layerOf()).hasSize(16 * 15);

        out.getBuffer().setLength(0);
        assertThat(run("verify", "--topo", file("torus.json"), "--routes", file("r.json"))).isZero();
        assertThat(out.toString()).contains("verifier  ok", "layer 0  ");
    }

    @Test
    void chainFallsBackAndSaysWhichEngineWon() {
        // D-mod-k cannot route a torus; Up*/Down* can.
        assertThat(run("--topo", file("torus.json"), "--engine", "dmodk,updown")).isZero();
        assertThat(out.toString()).contains("fallback  dmodk: fabric ", "engine    updown (won in chain dmodk,updown)");
    }

    @Test
    void chainSkipsRoutesTheVerifierRejects() {
        assertThat(run("--topo", file("ring.json"), "--engine", "minhop,updown")).isZero();
        assertThat(out.toString()).contains("fallback  minhop: verifier: DEADLOCK: layer 0 has a dependency cycle ",
                "engine    updown (won in chain minhop,updown)");
    }

    @Test
    void verifierProblemsGiveExitThree() {
        assertThat(run("--topo", file("ring.json"), "--engine", "minhop", "-o", file("m.json"))).isEqualTo(3);
        assertThat(out.toString()).contains("verifier  DEADLOCK: layer 0 has a dependency cycle ");
        out.getBuffer().setLength(0);
        assertThat(run("verify", "--topo", file("ring.json"), "--routes", file("m.json"))).isEqualTo(3);
        assertThat(out.toString()).contains("layer 0   ", "CYCLE ");
    }

    @Test
    void badInputIsOneLineAndNonZero() throws IOException {
        assertThat(run("--topo", file("torus.json"), "--engine", "nosuch")).isEqualTo(2);
        assertThat(err.toString()).startsWith("route: --engine: unknown routing engine 'nosuch'; known: minhop,");
        err.getBuffer().setLength(0);
        assertThat(run("--topo", file("missing.json"))).isEqualTo(1);
        assertThat(err.toString()).contains("missing.json: no such file");
        err.getBuffer().setLength(0);
        assertThat(run("--topo", file("torus.json"), "--engine", "dor", "--max-layers", "2")).isEqualTo(1);
        assertThat(err.toString().trim()).isEqualTo("route: no engine could route " + file("torus.json")
                + ": dor: needs 4 layers for 2 wrapped dimension(s), 2 available (--max-layers 2 / --classes 1)");
        err.getBuffer().setLength(0);
        Topology islands = TopologyJson.read("x", TopologyJson.write(Ring.generate(3,
                GeneratorOptions.defaults()))).withoutLink(0).withoutLink(0);
        Files.writeString(dir.resolve("islands.json"), TopologyJson.write(islands));
        assertThat(run("--topo", file("islands.json"), "--engine", "updown")).isEqualTo(1);
        assertThat(err.toString()).contains("updown: fabric ", " is disconnected: ");
        err.getBuffer().setLength(0);
        Files.writeString(dir.resolve("bad.json"), "{\"format\": \"weft-routes/1\"}");
        assertThat(run("verify", "--topo", file("torus.json"), "--routes", file("bad.json"))).isEqualTo(1);
        assertThat(err.toString().trim()).isEqualTo("route verify: " + file("bad.json")
                + ": engine: missing field (expected a non-empty string)");
        err.getBuffer().setLength(0);
        assertThat(run("--engine", "updown")).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("route: --topo FILE is required");
    }
}

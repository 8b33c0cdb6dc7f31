package weft.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SimBenchCommandTest {
    @TempDir
    Path dir;

    /** What one command run printed and returned. */
    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = new CommandLine(new SimBenchCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    @DisplayName("without a BookSim source tree the bench names the directory and says how to get BookSim")
    void missingBookSimSaysHowToGetIt() {
        Path missing = dir.resolve("no-booksim");
        Run r = run("--booksim", missing.toString(), "--quick");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains(missing.toString(), "is not a directory",
                "git clone https://github.com/booksim/booksim2");
        assertThat(r.out()).isEmpty();
    }

    @Test
    @DisplayName("a directory that is not BookSim's source is refused before anything runs")
    void wrongTreeIsRefused() throws IOException {
        Files.writeString(dir.resolve("README"), "not booksim");
        Run r = run("--booksim", dir.toString(), "--quick");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains("is not a BookSim 2 source tree", "src/Makefile", "WEFT_BOOKSIM");
    }

    /**
     * The cross-check end to end at the quick size (8x8 mesh, single-flit uniform traffic), against a BookSim 2 source
     * tree named by {@code WEFT_BOOKSIM}: both simulators agree within the targets of docs/sim.md (zero-load latency
     * within 15%, saturation throughput within 10%) and below saturation accept what is offered.
     */
    @Test
    @DisplayName("BookSim cross-check, quick: 8x8 mesh uniform, zero-load latency within 15%, saturation within 10%")
    void quickCrossCheck() throws IOException {
        String source = System.getenv("WEFT_BOOKSIM");
        assumeTrue(source != null && Files.isRegularFile(Path.of(source, "src", "Makefile")),
                "set WEFT_BOOKSIM to a BookSim 2 source tree (git clone https://github.com/booksim/booksim2) to run "
                        + "the cross-check");
        Path json = dir.resolve("bench.json");
        Run r = run("--booksim", source, "--quick", "--work", dir.resolve("work").toString(), "--json",
                json.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("mesh 8x8 uniform, 1 flit", "zero load", "Weft / BookSim");
        JsonNode row = new ObjectMapper().readTree(Files.readString(json)).get("rows").get(0);
        double bookZero = row.get("zero_load_latency_booksim").asDouble();
        double bookSat = row.get("saturation_booksim").asDouble();
        assertThat(row.get("zero_load_latency_weft").asDouble()).isBetween(0.85 * bookZero, 1.15 * bookZero);
        assertThat(row.get("saturation_weft").asDouble()).isBetween(0.9 * bookSat, 1.1 * bookSat);
        JsonNode first = row.get("sweep").get(0);
        assertThat(first.get("offered").asDouble()).isEqualTo(0.1);
        assertThat(first.get("accepted_weft").asDouble()).isBetween(0.09, 0.11);
        assertThat(first.get("accepted_booksim").asDouble()).isBetween(0.09, 0.11);
    }
}

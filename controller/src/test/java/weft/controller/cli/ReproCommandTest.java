package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReproCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = new CommandLine(new ReproCommand());
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    @Test
    void listShowsEveryReproductionWithItsSeedClaimsAndParameters() {
        assertThat(run("list")).isZero();
        assertThat(out.toString()).contains("contention (seed 000)", "fluid (seed 000)", "C5.max",
                "paper -50 % (±10)", "parameters: --k 16 (quick 4)");
    }

    @Test
    void runsOneWritesJsonAndPlotAndTheTableReadsItBack(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("c.json");
        Path svg = dir.resolve("c.svg");
        int code = run("contention", "--quick", "--runs", "10", "--json", json.toString(), "--plot", svg.toString());
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("contention (seed 000)", "quick size: 4-ary 3-tree (64 hosts)",
                "10 random permutations", "claim", "paper", "Weft", "difference", "C5.max",
                "D-mod-k, plain tree (static baseline)");
        assertThat(Files.readString(json)).contains("\"format\" : \"weft-repro/1\"", "\"name\" : \"contention\"",
                "\"seed\" : \"000\"", "\"id\" : \"C5.max\"", "\"holds\"");
        assertThat(Files.readString(svg)).startsWith("<svg").contains("D-mod-k, plain tree");
        out.getBuffer().setLength(0);
        assertThat(run("table", json.toString())).isZero();
        assertThat(out.toString()).contains("| seed | claim | paper | Weft | command |",
                "| 000 | C5.max: max per-flow contention", "`weft repro contention` |");
    }

    @Test
    void badParameterIsAUsageErrorNamingIt() {
        assertThat(run("contention", "--quick", "--k", "1")).isEqualTo(CliFailure.USAGE);
        assertThat(err.toString()).startsWith("repro contention: ").contains("--k must be in 2..64, got 1");
    }

    @Test
    void unreadableResultFileIsAnInputError(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"format\":\"weft-repro/1\"}");
        assertThat(run("table", bad.toString())).isEqualTo(CliFailure.INPUT);
        assertThat(err.toString()).contains("bad.json: claims: missing field");
    }
}

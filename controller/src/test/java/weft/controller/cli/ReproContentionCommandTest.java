package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ReproContentionCommandTest {
    @Test
    void printsTheTableForASmallTree() {
        StringWriter out = new StringWriter();
        CommandLine cmd = new CommandLine(new ReproCommand());
        cmd.setOut(new PrintWriter(out, true));
        assertThat(cmd.execute("contention", "--k", "4", "--n", "3", "--runs", "20")).isZero();
        String text = out.toString();
        assertThat(text).contains("4-ary 3-tree (64 hosts), 20 random permutations", "D-mod-k, plain tree",
                "adaptive, enriched tree width 2, ForcedDir(8)", "thesis (Fig. 6.4, width >= 2)");
        // The enriched adaptive row must improve on D-mod-k (reference re-simulation, docs/sources.md §4: k=4, n=3
        // gives 3.05 -> 2.0, 1.81 -> 1.12).
        String change = text.lines().filter(l -> l.startsWith("enriched adaptive vs D-mod-k")).findFirst()
                .orElseThrow();
        assertThat(change).matches(".*-\\d+\\.\\d% +-\\d+\\.\\d%");
    }

    @Test
    void badShapeIsAUsageError() {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new ReproCommand());
        cmd.setErr(new PrintWriter(err, true));
        assertThat(cmd.execute("contention", "--k", "1")).isEqualTo(2);
        assertThat(err.toString()).startsWith("repro contention: ").contains("--k must be >= 2");
    }
}

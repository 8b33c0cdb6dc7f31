package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ReproFluidCommandTest {
    @Test
    void printsTheThreeExperimentsOnASmallTree() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new ReproCommand());
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute("fluid", "--k", "4", "--n", "3", "--runs", "2", "--max-permutations", "2",
                "--max-flows", "2");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("4-ary 3-tree (64 hosts)", "1. Single application", "W static",
                "2. Independent flows", "FFA adaptive", "3. Multiple applications", "AFA", "FFA (min/app)");
    }

    @Test
    void refusesBadParameters() {
        StringWriter err = new StringWriter();
        CommandLine cmd = new CommandLine(new ReproCommand());
        cmd.setErr(new PrintWriter(err, true));
        assertThat(cmd.execute("fluid", "--runs", "0")).isEqualTo(CliFailure.USAGE);
        assertThat(err.toString()).contains("--runs");
    }
}

package weft.controller.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.model.repro.ClaimResult;
import weft.model.repro.ReproOptions;
import weft.model.repro.ReproResult;
import weft.model.repro.Reproduction;
import weft.model.repro.Reproductions;
import weft.model.repro.io.ReproText;

/**
 * {@code weft repro all [--quick] [--seed S] [--out DIR] [--only A,B]}: every registered reproduction in turn (the
 * demo: all of them at quick size in a few minutes), each report as {@code weft repro NAME} prints it, then one line
 * per reproduction. With {@code --out}, writes {@code DIR/NAME.json} and {@code DIR/NAME.svg}: at paper size, the
 * files {@code weft repro table} makes the README's table from.
 */
@Command(name = "all", mixinStandardHelpOptions = true,
        header = "Run every reproduction (--quick: all of them in a few minutes) and summarise.",
        description = {"Runs every registered reproduction in turn, prints each report and a summary line per "
                + "reproduction (claims within tolerance, claims in their quick band, wall time).",
            "With --quick the exit status is 1 when a claim falls outside its quick band (what CI checks); at paper "
                + "size a claim that differs from the paper is a result (docs/reproductions.md) and the status is 0."})
public final class ReproAllCommand extends CliCommand {
    /** Exit status when a quick-size claim leaves its quick band (README: 1 = bad input or a failed check). */
    private static final int FAILED_CHECK = 1;

    @Mixin
    private ReproSizeOptions size;

    @Option(names = "--out", paramLabel = "DIR", description = "write DIR/NAME.json (weft-repro/1) and DIR/NAME.svg")
    private Path out;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "run only these reproductions")
    private List<String> only;

    @Override
    protected int run() {
        List<String> names = only == null ? Reproductions.names() : only;
        List<Reproduction> repros = new ArrayList<>();
        for (String name : names) {
            repros.add(CliFailure.parsing("--only", () -> Reproductions.byName(name)));
        }
        if (out != null) {
            try {
                Files.createDirectories(out);
            } catch (IOException e) {
                throw new CliFailure(out + ": cannot create the directory: " + e.getMessage(), CliFailure.INPUT);
            }
        }
        List<ReproResult> results = new ArrayList<>();
        List<Double> seconds = new ArrayList<>();
        boolean outsideBand = false;
        for (Reproduction r : repros) {
            Path json = out == null ? null : out.resolve(r.name() + ".json");
            Path plot = out == null ? null : out.resolve(r.name() + ".svg");
            long start = System.nanoTime();
            ReproOptions options = ReproOptions.of(r, size.quick, size.seed, Map.of());
            ReproResult result = ReproRunCommand.runAndWrite(spec(), r, options, size.threads, json,
                    plot);
            results.add(result);
            seconds.add((System.nanoTime() - start) / 1e9);
            spec().commandLine().getOut().println();
            outsideBand |= size.quick && !result.claims().stream().allMatch(ClaimResult::inQuickBand);
        }
        spec().commandLine().getOut().print(ReproText.summary(results, seconds));
        spec().commandLine().getOut().flush();
        return outsideBand ? FAILED_CHECK : 0;
    }
}

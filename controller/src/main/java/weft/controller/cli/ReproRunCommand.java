package weft.controller.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import weft.model.io.SvgChart;
import weft.model.repro.Claim;
import weft.model.repro.Parameter;
import weft.model.repro.ReproOptions;
import weft.model.repro.ReproResult;
import weft.model.repro.Reproduction;
import weft.model.repro.io.ReproJson;
import weft.model.repro.io.ReproText;

/**
 * {@code weft repro NAME [--quick] [--seed S] [--json F] [--plot F.svg] [--PARAM VALUE ...]}: runs one registered
 * reproduction, prints the paper's figure, Weft's and the difference per claim, then its tables, and writes
 * {@code weft-repro/1} and the chart. Each of the reproduction's parameters is an option of its own.
 */
@Command(mixinStandardHelpOptions = true)
public final class ReproRunCommand extends CliCommand {
    private final Reproduction repro;

    @Mixin
    private ReproSizeOptions size;

    @Option(names = "--json", paramLabel = "FILE", description = "write weft-repro/1 here ('-' = stdout)")
    private Path json;

    @Option(names = "--plot", paramLabel = "FILE.svg", description = "write the figure as SVG")
    private Path plot;

    private ReproRunCommand(Reproduction repro) {
        this.repro = repro;
    }

    /** The subcommand of one reproduction: its name, title as header, claims as description, parameters as options. */
    static CommandLine commandLine(Reproduction repro) {
        ReproRunCommand command = new ReproRunCommand(repro);
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        spec.name(repro.name());
        spec.usageMessage().header(repro.title().replace("%", "%%") + " (seed " + repro.seed() + ")");
        StringBuilder d = new StringBuilder("Claims:%n");
        for (Claim c : repro.claims()) {
            d.append("  ").append(c.id()).append(": ").append(c.what().replace("%", "%%")).append("%n");
        }
        spec.usageMessage().description(d.toString());
        for (Parameter p : repro.parameters()) {
            spec.addOption(OptionSpec.builder("--" + p.name()).paramLabel("VALUE").type(String.class)
                    .description(p.description() + " (paper size: " + p.paper() + ", quick: " + p.quick() + ")")
                    .build());
        }
        return new CommandLine(spec);
    }

    @Override
    protected int run() {
        Map<String, String> overrides = new LinkedHashMap<>();
        for (Parameter p : repro.parameters()) {
            OptionSpec o = spec().findOption("--" + p.name());
            if (spec().commandLine().getParseResult().hasMatchedOption(o)) {
                overrides.put(p.name(), o.getValue());
            }
        }
        ReproOptions options;
        try {
            options = ReproOptions.of(repro, size.quick, size.seed, overrides);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.USAGE);
        }
        runAndWrite(spec(), repro, options, size.threads, json, plot);
        return 0;
    }

    /**
     * Runs {@code repro} with its independent simulations on {@code threads} threads, prints its report (with its
     * wall time) to the command's stdout, and writes the {@code weft-repro/1} file and the chart where {@code json}
     * and {@code plot} are set.
     *
     * @throws CliFailure a usage error for a parameter the reproduction cannot use, an input error for an unwritable
     *                    file
     */
    static ReproResult runAndWrite(CommandSpec spec, Reproduction repro, ReproOptions options, int threads,
                                   Path json, Path plot) {
        if (threads < 1) {
            throw new CliFailure("--threads must be at least 1, got " + threads, CliFailure.USAGE);
        }
        ReproResult result;
        long start = System.nanoTime();
        try (ParallelTasks tasks = new ParallelTasks(threads)) {
            result = repro.run(options.withRunner(tasks));
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.USAGE);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        CommandLine cl = spec.commandLine();
        cl.getOut().print(ReproText.report(result, seconds));
        cl.getOut().flush();
        if (json != null) {
            String text = ReproJson.write(result, seconds);
            TopologyFiles.write(json, cl.getOut(), w -> w.write(text));
        }
        if (plot != null) {
            String svg = SvgChart.render(result.chartOrClaims());
            TopologyFiles.write(plot, cl.getOut(), w -> w.write(svg));
        }
        return result;
    }
}

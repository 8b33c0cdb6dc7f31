package weft.controller.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import weft.model.repro.ReproResult;
import weft.model.repro.io.ReproJson;
import weft.model.repro.io.ReproText;

/**
 * {@code weft repro table F.json...}: the README's table ("seed, claim, paper, Weft, command") in markdown, from the
 * {@code weft-repro/1} files of paper-size runs, so the README and docs/reproductions.md are made from the same data.
 */
@Command(name = "table", mixinStandardHelpOptions = true,
        description = "Markdown table (seed, claim, paper, Weft, command) from weft-repro/1 result files.")
public final class ReproTableCommand implements Callable<Integer> {
    private static final long MAX_CHARS = 16L << 20;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RESULT.json", description = "weft-repro/1 files")
    private List<Path> files;

    @Override
    public Integer call() {
        try {
            List<ReproResult> results = new ArrayList<>();
            for (Path f : files) {
                String text = TopologyFiles.readText(f, MAX_CHARS, "a weft-repro/1 file");
                try {
                    results.add(ReproJson.read(f.toString(), text));
                } catch (IllegalArgumentException e) {
                    throw new CliFailure(e.getMessage(), CliFailure.INPUT);
                }
            }
            spec.commandLine().getOut().print(ReproText.markdown(results));
            spec.commandLine().getOut().flush();
            return 0;
        } catch (CliFailure e) {
            return e.report(spec);
        }
    }
}

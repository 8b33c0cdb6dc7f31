package weft.controller.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import weft.model.repro.ClaimResult;
import weft.model.repro.ReproResult;
import weft.model.repro.io.ReproJson;
import weft.model.repro.io.ReproText;

/**
 * {@code weft repro table [--readme README.md] RESULT.json|DIR...}: the README's reproduction table ("seed, claim,
 * paper, Weft, difference, within tolerance, command") in markdown, from the {@code weft-repro/1} files of paper-size
 * runs (a directory stands for its {@code *.json} files), so the README and docs/reproductions.md are made from the
 * same data. With {@code --readme}, the table replaces the lines between the README's two markers
 * ({@link ReproText#TABLE_BEGIN}, {@link ReproText#TABLE_END}) in place, and every reproduction with a claim outside
 * its tolerance is checked to have its section (an anchor named after it) in docs/reproductions.md beside the README.
 */
@Command(name = "table", mixinStandardHelpOptions = true,
        header = "The README's reproduction table from weft-repro/1 result files.",
        description = "Markdown table (seed, claim, paper, Weft, difference, within tolerance, command) from "
                + "weft-repro/1 files or directories of them; --readme rewrites the README's table in place.")
public final class ReproTableCommand extends CliCommand {
    private static final long MAX_CHARS = 16L << 20;

    @Option(names = "--readme", paramLabel = "README.md",
            description = "replace the table between the README's 'weft repro table' markers instead of printing it")
    private Path readme;

    @Parameters(arity = "1..*", paramLabel = "RESULT.json|DIR", description = "weft-repro/1 files, or directories "
            + "whose *.json files are all weft-repro/1")
    private List<Path> inputs;

    @Override
    protected int run() {
        List<ReproResult> results = new ArrayList<>();
        for (Path f : files()) {
            String text = TopologyFiles.readText(f, MAX_CHARS, "a weft-repro/1 file");
            try {
                results.add(ReproJson.read(f.toString(), text));
            } catch (IllegalArgumentException e) {
                throw new CliFailure(e.getMessage(), CliFailure.INPUT);
            }
        }
        String table = ReproText.markdown(results);
        if (readme == null) {
            spec().commandLine().getOut().print(table);
        } else {
            String old = TopologyFiles.readText(readme, MAX_CHARS, "a README");
            String updated;
            try {
                updated = ReproText.replaceTable(readme.toString(), old, table);
            } catch (IllegalArgumentException e) {
                throw new CliFailure(e.getMessage(), CliFailure.INPUT);
            }
            TopologyFiles.write(readme, spec().commandLine().getOut(), w -> w.write(updated));
            spec().commandLine().getOut().printf("%s: reproduction table rewritten, %d results, %d claims%n", readme,
                    results.size(), results.stream().mapToInt(r -> r.claims().size()).sum());
            checkSections(results);
        }
        spec().commandLine().getOut().flush();
        return 0;
    }

    /** The input files: each file as given, each directory's {@code *.json} files in name order. */
    private List<Path> files() {
        List<Path> files = new ArrayList<>();
        for (Path p : inputs) {
            if (!Files.isDirectory(p)) {
                files.add(p);
                continue;
            }
            try (Stream<Path> list = Files.list(p)) {
                List<Path> json = list.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
                if (json.isEmpty()) {
                    throw new CliFailure(p + ": no *.json result files in this directory", CliFailure.INPUT);
                }
                files.addAll(json);
            } catch (IOException e) {
                throw new CliFailure(p + ": cannot list: " + e.getMessage(), CliFailure.INPUT);
            }
        }
        return files;
    }

    /**
     * Warns, on stderr, about every reproduction with a claim outside its tolerance whose "why" link has no target:
     * no {@code id="NAME"} anchor in docs/reproductions.md beside the README.
     */
    private void checkSections(List<ReproResult> results) {
        Path parent = readme.toAbsolutePath().getParent();
        Path docs = parent.resolve("docs").resolve("reproductions.md");
        String text = Files.isReadable(docs) ? TopologyFiles.readText(docs, MAX_CHARS, "a docs page") : "";
        for (ReproResult r : results) {
            boolean differs = !r.claims().stream().allMatch(ClaimResult::holds);
            if (differs && !text.contains("id=\"" + r.name() + "\"")) {
                spec().commandLine().getErr().printf("warning: %s has claims outside their tolerance but %s has no "
                        + "<a id=\"%s\"></a> section for the table's 'why' link%n", r.name(), docs, r.name());
            }
        }
        spec().commandLine().getErr().flush();
    }
}

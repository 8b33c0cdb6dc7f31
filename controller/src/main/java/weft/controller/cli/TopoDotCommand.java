package weft.controller.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import weft.model.topology.Topology;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.io.DotExport;

/**
 * {@code weft topo dot FILE -o FILE.dot}: the fabric as a Graphviz graph (switches circles, hosts boxes, port
 * labels); k-ary n-trees in the generator's layout are ranked level by level.
 */
@Command(name = "dot", mixinStandardHelpOptions = true, description = "Export a topology as a Graphviz graph.",
        footer = {"", "Render with: dot -Tsvg FILE.dot -o FILE.svg (trees) or sfdp/neato (tori, random graphs).",
            "Exit status: 0 success, 1 invalid or unreadable file, 2 usage error."})
public final class TopoDotCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "weft-topology/1 JSON file")
    private Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "<file>", defaultValue = "-",
            description = "output file, - for stdout (default: ${DEFAULT-VALUE})")
    private Path output;

    @Override
    public Integer call() {
        try {
            Topology t = TopologyFiles.read(file);
            String dot = DotExport.write(t, KaryNTree.recognize(t).orElse(null));
            TopologyFiles.write(output, spec.commandLine().getOut(), w -> w.write(dot));
            return 0;
        } catch (CliFailure e) {
            return e.report(spec);
        }
    }
}

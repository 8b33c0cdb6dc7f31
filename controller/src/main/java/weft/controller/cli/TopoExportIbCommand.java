package weft.controller.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import weft.model.topology.Topology;
import weft.model.topology.io.IbnetdiscoverFormat;

/**
 * {@code weft topo export-ib FILE -o FILE.net}: writes the fabric as an ibsim net file, so that OpenSM can route the
 * same fabric under ibsim (docs/lash.md, docs/sources.md §4).
 */
@Command(name = "export-ib", mixinStandardHelpOptions = true,
        description = "Write a topology as an ibsim net file (Switch/Hca records) for OpenSM under ibsim.",
        footer = {"", "Example: weft topo export-ib t.json -o t.net && ibsim -s t.net",
            "Exit status: 0 success, 1 invalid or unreadable file (or not expressible), 2 usage error."})
public final class TopoExportIbCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "weft-topology/1 JSON file")
    private Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "<file>", defaultValue = "-",
            description = "output net file, - for stdout (default: ${DEFAULT-VALUE})")
    private Path output;

    @Override
    public Integer call() {
        try {
            Topology t = TopologyFiles.read(file);
            String net;
            try {
                net = IbnetdiscoverFormat.writeIbsim(t);
            } catch (IllegalArgumentException e) {
                throw new CliFailure(file + ": " + e.getMessage(), CliFailure.INPUT);
            }
            TopologyFiles.write(output, spec.commandLine().getOut(), w -> w.write(net));
            return 0;
        } catch (CliFailure e) {
            return e.report(spec);
        }
    }
}

package weft.controller.cli;

import picocli.CommandLine.Command;
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
public final class TopoExportIbCommand extends TopologyConversionCommand {
    @Override
    TopologyFiles.TextWriter convert(Topology t) {
        String net;
        try {
            net = IbnetdiscoverFormat.writeIbsim(t);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(file + ": " + e.getMessage(), CliFailure.INPUT);
        }
        return w -> w.write(net);
    }
}

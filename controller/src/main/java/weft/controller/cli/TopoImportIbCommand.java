package weft.controller.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import weft.model.topology.Topology;
import weft.model.topology.io.IbnetdiscoverFormat;
import weft.model.topology.io.TopologyJson;

/**
 * {@code weft topo import-ib FILE -o FILE.json}: converts {@code ibnetdiscover} output (or an ibsim net file) into
 * a {@code weft-topology/1} file, as described in {@link weft.model.topology.io.IbnetdiscoverFormat}.
 */
@Command(name = "import-ib", mixinStandardHelpOptions = true,
        description = "Convert ibnetdiscover output (or an ibsim net file) to weft-topology/1 JSON.",
        footer = {"", "Example: ibnetdiscover > fabric.txt && weft topo import-ib fabric.txt -o fabric.json",
            "Exit status: 0 success, 1 invalid or unreadable file, 2 usage error."})
public final class TopoImportIbCommand extends TopologyConversionCommand {
    @Option(names = "--gbps", paramLabel = "<gbps>", defaultValue = "10",
            description = "capacity of cables without a width/speed annotation such as 4xQDR (default: "
                    + "${DEFAULT-VALUE})")
    private double gbps;

    @Option(names = "--names", paramLabel = "<names>", defaultValue = "node-id",
            description = "node-id: name nodes by their GUID-based node id (S-0008f1...); description: by their "
                    + "NodeDescription where it is unique (default: ${DEFAULT-VALUE})")
    private String names;

    /** Checks the options, then reads {@code ibnetdiscover} output or an ibsim net file. */
    @Override
    Topology read() {
        if (!(gbps > 0) || Double.isInfinite(gbps)) {
            throw new CliFailure("--gbps must be a positive number, got " + gbps, CliFailure.USAGE);
        }
        IbnetdiscoverFormat.Names naming = switch (names) {
            case "node-id" -> IbnetdiscoverFormat.Names.NODE_ID;
            case "description" -> IbnetdiscoverFormat.Names.DESCRIPTION;
            default -> throw new CliFailure("--names must be node-id or description, got '" + names + "'",
                    CliFailure.USAGE);
        };
        return TopologyFiles.readIbnetdiscover(file, gbps, naming);
    }

    @Override
    TopologyFiles.TextWriter convert(Topology t) {
        return w -> TopologyJson.write(t, w);
    }

    @Override
    void written(Topology t, PrintWriter out) {
        out.printf("wrote %s: %d switches, %d hosts, %d links%n", output, t.switches().size(), t.hosts().size(),
                t.links().size());
    }
}

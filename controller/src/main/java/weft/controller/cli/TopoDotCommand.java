package weft.controller.cli;

import picocli.CommandLine.Command;
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
public final class TopoDotCommand extends TopologyConversionCommand {
    @Override
    TopologyFiles.TextWriter convert(Topology t) {
        String dot = DotExport.write(t, KaryNTree.recognize(t).orElse(null));
        return w -> w.write(dot);
    }
}

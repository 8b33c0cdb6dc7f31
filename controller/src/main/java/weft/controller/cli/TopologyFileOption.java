package weft.controller.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import weft.model.topology.Topology;

/**
 * The fabric a command computes on ({@code --topo FILE}, a {@code weft-topology/1} file), declared once for
 * {@code weft route}, {@code weft sim} and {@code weft rates}, with the check that it was given.
 */
final class TopologyFileOption {
    @Option(names = "--topo", paramLabel = "FILE", description = "weft-topology/1 JSON file")
    Path file;

    /**
     * The file of {@code --topo}.
     *
     * @throws CliFailure (usage) without {@code --topo}
     */
    Path require() {
        if (file == null) {
            throw new CliFailure("--topo FILE is required", CliFailure.USAGE);
        }
        return file;
    }

    /**
     * The topology of {@code --topo}.
     *
     * @throws CliFailure (usage) without {@code --topo}; (input) naming the file when it cannot be read or is not a
     *                    valid topology
     */
    Topology read() {
        return TopologyFiles.read(require());
    }
}

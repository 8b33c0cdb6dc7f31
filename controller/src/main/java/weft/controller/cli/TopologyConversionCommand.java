package weft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import weft.model.topology.Topology;

/**
 * A {@code weft topo} command that converts one fabric description into another ({@code dot}, {@code export-ib},
 * {@code import-ib}): reads {@code FILE} into a topology, converts it, and writes the result to {@code -o FILE} or,
 * by default, to stdout. A command says how it reads and converts; the conversion is done before the output is
 * opened, so a topology the format cannot express leaves no file behind. Failures are reported as every command
 * reports them ({@link CliFailure}).
 */
abstract class TopologyConversionCommand extends CliCommand {
    @Parameters(index = "0", paramLabel = "FILE",
            description = "the file to convert: weft-topology/1 JSON (import-ib: ibnetdiscover output or an ibsim "
                    + "net file)")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "<file>", defaultValue = "-",
            description = "output file, - for stdout (default: ${DEFAULT-VALUE})")
    Path output;

    /**
     * Reads {@code file}: a {@code weft-topology/1} file unless the command converts from another format.
     *
     * @throws CliFailure naming the file (or an option) and the problem
     */
    Topology read() {
        return TopologyFiles.read(file);
    }

    /**
     * Converts {@code t}, returning what writes the result.
     *
     * @throws CliFailure when the format cannot express {@code t}
     */
    abstract TopologyFiles.TextWriter convert(Topology t);

    /** After the result went to a file (not stdout): a command may say what it wrote. */
    void written(Topology t, PrintWriter out) {
    }

    @Override
    protected final int run() {
        Topology t = read();
        PrintWriter out = spec().commandLine().getOut();
        TopologyFiles.write(output, out, convert(t));
        if (!output.toString().equals("-")) {
            written(t, out);
            out.flush();
        }
        return 0;
    }
}

package weft.controller.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesJson;
import weft.model.topology.Topology;
import weft.model.topology.io.IbnetdiscoverFormat;
import weft.model.topology.io.TopologyJson;
import weft.model.traffic.Flow;
import weft.model.traffic.io.FlowsJson;

/**
 * File access for commands: reads {@code weft-topology/1}, {@code ibnetdiscover}, {@code weft-routes/1} and
 * {@code weft-flows/1} files, and writes text to a file
 * or, for {@code -}, to the command's stdout. Every failure is a {@link CliFailure} whose message names the file and
 * the problem (for format errors, the JSON path or line too), so {@code weft route}, {@code weft rates} and the
 * others report bad files exactly as {@code weft topo show} does.
 */
public final class TopologyFiles {
    private TopologyFiles() {
    }

    /**
     * Reads a {@code weft-topology/1} JSON file.
     *
     * @throws CliFailure with exit status {@link CliFailure#INPUT} naming the file and the problem
     */
    public static Topology read(Path file) {
        String text = readText(file, TopologyJson.MAX_CHARS, "a " + TopologyJson.FORMAT + " file");
        try {
            return TopologyJson.read(file.toString(), text);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
    }

    /**
     * Reads {@code ibnetdiscover} output or an ibsim net file; cables without a speed get {@code defaultGbps}.
     *
     * @throws CliFailure with exit status {@link CliFailure#INPUT} naming the file, the line and the problem
     */
    public static Topology readIbnetdiscover(Path file, double defaultGbps, IbnetdiscoverFormat.Names names) {
        String text = readText(file, TopologyJson.MAX_CHARS, "a topology file");
        try {
            return IbnetdiscoverFormat.read(file.toString(), text, defaultGbps, names);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
    }

    /**
     * Reads a {@code weft-routes/1} JSON file.
     *
     * @throws CliFailure with exit status {@link CliFailure#INPUT} naming the file and the problem
     */
    public static RoutingResult readRoutes(Path file) {
        String text = readText(file, RoutesJson.MAX_CHARS, "a " + RoutesJson.FORMAT + " file");
        try {
            return RoutesJson.read(file.toString(), text).result();
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
    }

    /**
     * Reads a {@code weft-flows/1} JSON file.
     *
     * @throws CliFailure with exit status {@link CliFailure#INPUT} naming the file and the problem
     */
    public static List<Flow> readFlows(Path file) {
        String text = readText(file, FlowsJson.MAX_CHARS, "a " + FlowsJson.FORMAT + " file");
        try {
            return FlowsJson.read(file.toString(), text);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
    }

    /**
     * The whole file as UTF-8 text, read only while it stays within {@code maxChars} characters, so an oversized
     * file is refused without being held in memory.
     *
     * @param what the file's kind for the size message, e.g. {@code "a weft-routes/1 file"}
     */
    public static String readText(Path file, long maxChars, String what) {
        StringBuilder text = new StringBuilder();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            char[] buffer = new char[1 << 16];
            for (int r = in.read(buffer); r >= 0; r = in.read(buffer)) {
                if (text.length() + r > maxChars) {
                    throw new CliFailure(String.format("%s: %,d bytes, more than the %,d characters %s may have",
                            file, Files.size(file), maxChars, what), CliFailure.INPUT);
                }
                text.append(buffer, 0, r);
            }
            return text.toString();
        } catch (NoSuchFileException e) {
            throw new CliFailure(file + ": no such file", CliFailure.INPUT);
        } catch (IOException e) {
            throw new CliFailure(file + ": cannot read: " + e.getMessage(), CliFailure.INPUT);
        }
    }

    /**
     * The fields with which every JSON summary of a topology file begins ({@code weft topo show --json}, the
     * {@code fabric} of {@code weft-sim/1}): the fabric's name, the file, and its switch, host and link counts; a
     * command adds its own fields after them.
     */
    public static Map<String, Object> summary(Path file, Topology t) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("name", t.name());
        s.put("file", file.toString());
        s.put("switches", t.switches().size());
        s.put("hosts", t.hosts().size());
        s.put("links", t.links().size());
        return s;
    }

    /** Something that writes text. */
    @FunctionalInterface
    public interface TextWriter {
        void writeTo(Writer out) throws IOException;
    }

    /**
     * Writes to {@code file}, or to {@code stdout} when the file is {@code -}.
     *
     * @throws CliFailure naming the file when it cannot be written
     */
    public static void write(Path file, PrintWriter stdout, TextWriter text) {
        try {
            if (file.toString().equals("-")) {
                text.writeTo(stdout);
                stdout.flush();
                return;
            }
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw new CliFailure(file + ": cannot write: directory " + parent + " does not exist",
                        CliFailure.INPUT);
            }
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                text.writeTo(out);
            }
        } catch (IOException e) {
            throw new CliFailure(file + ": cannot write: " + e.getMessage(), CliFailure.INPUT);
        }
    }
}

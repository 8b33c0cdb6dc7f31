package weft.model.routing.io;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import weft.model.io.JsonInput;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument.RoutedPath;

/**
 * Reads and writes {@code weft-routes/1}, the routing result file of {@code weft route}:
 * <pre>
 * {"format": "weft-routes/1", "engine": "lash", "layers": 3, "promises_shortest": true,
 *  "layer_of":   [{"src": "s1", "dst": "s7", "layer": 2, "path": null}],
 *  "forwarding": [{"switch": "s3", "dst": "s7", "layer": 2, "in_port": null, "path": null, "out_ports": [4]}],
 *  "paths":      [{"src": "s1", "dst": "s7", "layer": 2, "path": null, "switches": ["s1", "s3", "s7"]}],
 *  "stats":      {"compute_ms": 12.5}}
 * </pre>
 * {@code dst} is the destination switch (hosts inherit it); {@code in_port} null means any input port; several
 * {@code out_ports} form an ECMP group; {@code path} is the path tag of host-chosen paths (VLB, MP-LASH) or null.
 * {@code paths}, {@code stats}, {@code promises_shortest} and the {@code path} fields are optional.
 *
 * <p>Like the topology reader, the model does no file I/O: callers pass the text and a source name used in errors.
 * Reading goes through {@link JsonInput}: duplicate keys, unknown fields and wrong types are refused with their
 * JSON location ({@code forwarding[3].out_ports[0]}).
 */
public final class RoutesJson {
    /** The format tag this class reads and writes. */
    public static final String FORMAT = "weft-routes/1";

    /**
     * The longest routes text read, in characters. Decision: a routes file grows with pairs times layers (a
     * 2,048-switch LASH result is a few hundred MB), so its limit is far above the topology's; the reader still
     * refuses what it could not hold.
     */
    public static final long MAX_CHARS = 1L << 30;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> TOP = List.of("format", "engine", "layers", "promises_shortest", "layer_of",
            "forwarding", "paths", "stats");
    private static final List<String> PAIR = List.of("src", "dst", "layer", "path");
    private static final List<String> ENTRY = List.of("switch", "dst", "layer", "in_port", "path", "out_ports");
    private static final List<String> PATH = List.of("src", "dst", "layer", "path", "switches");

    private RoutesJson() {
    }

    /** The document as JSON text: one field per line, one list element per line. */
    public static String write(RoutesDocument doc) {
        StringWriter out = new StringWriter();
        try {
            write(doc, out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise routes of " + doc.result().engine(), e);
        }
        return out.toString();
    }

    /**
     * Streams the document to a writer (a million entries need no tree in memory): one field per line, one
     * {@code layer_of}, {@code forwarding} or {@code paths} element per line.
     */
    public static void write(RoutesDocument doc, Writer writer) throws IOException {
        RoutingResult r = doc.result();
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(writer)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setPrettyPrinter(new LinePerElement());
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeStringField("engine", r.engine());
            g.writeNumberField("layers", r.layers());
            g.writeBooleanField("promises_shortest", r.promisesShortest());
            g.writeArrayFieldStart("layer_of");
            for (PairLayer p : r.layerOf()) {
                g.writeStartObject();
                writeRoute(g, "src", p.src(), p.dst(), p.layer(), p.path());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("forwarding");
            for (ForwardingEntry e : r.forwarding()) {
                g.writeStartObject();
                writeRoute(g, "switch", e.switchId(), e.dst(), e.layer(), null);
                g.writeFieldName("in_port");
                if (e.inPort() == null) {
                    g.writeNull();
                } else {
                    g.writeNumber(e.inPort());
                }
                if (e.path() != null) {
                    g.writeNumberField("path", e.path());
                }
                g.writeArrayFieldStart("out_ports");
                for (int port : e.outPorts()) {
                    g.writeNumber(port);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            if (!doc.paths().isEmpty()) {
                g.writeArrayFieldStart("paths");
                for (RoutedPath p : doc.paths()) {
                    g.writeStartObject();
                    writeRoute(g, "src", p.src(), p.dst(), p.layer(), p.path());
                    g.writeArrayFieldStart("switches");
                    for (String sw : p.switches()) {
                        g.writeString(sw);
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            if (!doc.stats().isEmpty()) {
                g.writeFieldName("stats");
                g.writeObject(doc.stats());
            }
            g.writeEndObject();
        }
        writer.write("\n");
        writer.flush();
    }

    /**
     * The fields that name a route in every list: where it starts ({@code src} or {@code switch}), its destination,
     * its layer and, when given, its path index.
     */
    private static void writeRoute(JsonGenerator g, String fromField, String from, String dst, int layer, Integer path)
            throws IOException {
        g.writeStringField(fromField, from);
        g.writeStringField("dst", dst);
        g.writeNumberField("layer", layer);
        if (path != null) {
            g.writeNumberField("path", path);
        }
    }

    /**
     * Top-level fields and top-level list elements each on their own line; everything deeper on one line. An object's
     * entries break at depth 1 (the document), an array's values at depth 2 (a list that is a top-level field).
     */
    private static final class LinePerElement implements PrettyPrinter {
        private static final int FIELD_DEPTH = 1;
        private static final int ELEMENT_DEPTH = 2;
        private int depth;

        @Override
        public void writeRootValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
        }

        @Override
        public void writeStartObject(JsonGenerator g) throws IOException {
            open(g, '{');
        }

        @Override
        public void beforeObjectEntries(JsonGenerator g) throws IOException {
            lineBreak(g, FIELD_DEPTH);
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            separator(g, FIELD_DEPTH);
        }

        @Override
        public void writeEndObject(JsonGenerator g, int entries) throws IOException {
            close(g, '}', depth == FIELD_DEPTH);
        }

        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            open(g, '[');
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            lineBreak(g, ELEMENT_DEPTH);
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            separator(g, ELEMENT_DEPTH);
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            close(g, ']', depth == ELEMENT_DEPTH && values > 0);
        }

        private void open(JsonGenerator g, char bracket) throws IOException {
            g.writeRaw(bracket);
            depth++;
        }

        /** A closing bracket on a line of its own, indented to the level it closes, when its contents were broken. */
        private void close(JsonGenerator g, char bracket, boolean ownLine) throws IOException {
            depth--;
            g.writeRaw(ownLine ? indent(depth) + bracket : String.valueOf(bracket));
        }

        private void lineBreak(JsonGenerator g, int breakDepth) throws IOException {
            if (depth == breakDepth) {
                g.writeRaw(indent(depth));
            }
        }

        private void separator(JsonGenerator g, int breakDepth) throws IOException {
            g.writeRaw(depth == breakDepth ? "," + indent(depth) : ", ");
        }

        /** A new line indented two spaces a level: {@code depth} levels inside the document. */
        private static String indent(int depth) {
            return "\n" + "  ".repeat(depth);
        }
    }

    /** Writes only a result. */
    public static String write(RoutingResult result) {
        return write(RoutesDocument.of(result));
    }

    /**
     * Parses a document.
     *
     * @param source name used in error messages, e.g. the file name
     * @param text   the JSON text, at most {@link #MAX_CHARS} characters
     * @throws RoutesFormatException naming the source, the JSON location and the problem
     */
    public static RoutesDocument read(String source, String text) {
        JsonInput in = new JsonInput((at, problem) -> new RoutesFormatException(source + ": "
                + (at.isEmpty() ? "" : at + ": ") + problem));
        JsonNode root = in.object(in.versioned(in.parse(text, MAX_CHARS, "a " + FORMAT + " file"), FORMAT, true,
                "routes"), "", TOP);
        String engine = in.name(root, "", "engine");
        int layers = in.integer(root, "", "layers");
        if (layers < 1) {
            throw in.error("layers", "is " + layers + " (expected >= 1)");
        }
        boolean shortest = in.optionalBool(root, "", "promises_shortest", false);
        List<PairLayer> pairs = in.objects(in.array(root, "", "layer_of", true), "layer_of", PAIR,
                (o, at) -> new PairLayer(in.name(o, at, "src"), in.name(o, at, "dst"), layer(in, o, at, layers),
                        in.optionalInteger(o, at, "path")));
        List<ForwardingEntry> entries = in.objects(in.array(root, "", "forwarding", true), "forwarding", ENTRY,
                (o, at) -> forwardingEntry(in, o, at, layers));
        List<RoutedPath> paths = in.objects(in.array(root, "", "paths", false), "paths", PATH,
                (o, at) -> routedPath(in, o, at, layers));
        Map<String, Object> stats = new LinkedHashMap<>();
        if (root.has("stats")) {
            JsonNode s = root.get("stats");
            if (!s.isObject()) {
                throw in.error("stats", "expected an object, got " + JsonInput.describe(s));
            }
            for (Map.Entry<String, JsonNode> f : s.properties()) {
                JsonNode v = f.getValue();
                stats.put(f.getKey(), v.isNumber() ? v.numberValue() : v.isBoolean() ? v.booleanValue() : v.asText());
            }
        }
        return new RoutesDocument(new RoutingResult(engine, layers, pairs, entries, shortest), paths, stats);
    }

    private static ForwardingEntry forwardingEntry(JsonInput in, JsonNode o, String at, int layers) {
        JsonNode ports = in.array(o, at, "out_ports", true);
        if (ports.isEmpty()) {
            throw in.error(at + ".out_ports", "is empty (expected at least one port)");
        }
        List<Integer> out = new ArrayList<>();
        for (int j = 0; j < ports.size(); j++) {
            out.add(port(in, ports.get(j), at + ".out_ports[" + j + "]"));
        }
        Integer inPort = in.optionalInteger(o, at, "in_port");
        if (inPort != null && inPort < 1) {
            throw in.error(at + ".in_port", "is " + inPort + " (expected a port >= 1 or null)");
        }
        return new ForwardingEntry(in.name(o, at, "switch"), in.name(o, at, "dst"), layer(in, o, at, layers),
                inPort, in.optionalInteger(o, at, "path"), out);
    }

    private static RoutedPath routedPath(JsonInput in, JsonNode o, String at, int layers) {
        JsonNode sw = in.array(o, at, "switches", true);
        List<String> names = new ArrayList<>();
        for (int j = 0; j < sw.size(); j++) {
            names.add(in.name(sw.get(j), at + ".switches[" + j + "]"));
        }
        return new RoutedPath(in.name(o, at, "src"), in.name(o, at, "dst"), layer(in, o, at, layers),
                in.optionalInteger(o, at, "path"), names);
    }

    private static int layer(JsonInput in, JsonNode o, String at, int layers) {
        int l = in.integer(o, at, "layer");
        if (l < 0 || l >= layers) {
            throw in.error(at + ".layer", "is " + l + " (expected 0.." + (layers - 1) + ", \"layers\" is " + layers
                    + ")");
        }
        return l;
    }

    private static int port(JsonInput in, JsonNode n, String at) {
        if (!n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < 1) {
            throw in.error(at, "expected a port number >= 1, got " + JsonInput.describe(n));
        }
        return n.intValue();
    }
}

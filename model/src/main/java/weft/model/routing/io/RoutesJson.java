package weft.model.routing.io;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
 * Decision: the reader walks Jackson's tree model instead of binding DTOs, so that every error can name the exact
 * JSON location ({@code forwarding[3].out_ports[0]}) and unknown fields are refused by name.
 */
public final class RoutesJson {
    /** The format tag this class reads and writes. */
    public static final String FORMAT = "weft-routes/1";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> TOP = Set.of("format", "engine", "layers", "promises_shortest", "layer_of",
            "forwarding", "paths", "stats");
    private static final Set<String> PAIR = Set.of("src", "dst", "layer", "path");
    private static final Set<String> ENTRY = Set.of("switch", "dst", "layer", "in_port", "path", "out_ports");
    private static final Set<String> PATH = Set.of("src", "dst", "layer", "path", "switches");

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
                g.writeStringField("src", p.src());
                g.writeStringField("dst", p.dst());
                g.writeNumberField("layer", p.layer());
                if (p.path() != null) {
                    g.writeNumberField("path", p.path());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("forwarding");
            for (ForwardingEntry e : r.forwarding()) {
                g.writeStartObject();
                g.writeStringField("switch", e.switchId());
                g.writeStringField("dst", e.dst());
                g.writeNumberField("layer", e.layer());
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
                    g.writeStringField("src", p.src());
                    g.writeStringField("dst", p.dst());
                    g.writeNumberField("layer", p.layer());
                    if (p.path() != null) {
                        g.writeNumberField("path", p.path());
                    }
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

    /** Top-level fields and top-level list elements each on their own line; everything deeper on one line. */
    private static final class LinePerElement implements PrettyPrinter {
        private int depth;

        @Override
        public void writeRootValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
        }

        @Override
        public void writeStartObject(JsonGenerator g) throws IOException {
            g.writeRaw('{');
            depth++;
        }

        @Override
        public void beforeObjectEntries(JsonGenerator g) throws IOException {
            if (depth == 1) {
                g.writeRaw("\n  ");
            }
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            g.writeRaw(depth == 1 ? ",\n  " : ", ");
        }

        @Override
        public void writeEndObject(JsonGenerator g, int entries) throws IOException {
            depth--;
            g.writeRaw(depth == 0 ? "\n}" : "}");
        }

        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            g.writeRaw('[');
            depth++;
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            if (depth == 2) {
                g.writeRaw("\n    ");
            }
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(depth == 2 ? ",\n    " : ", ");
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            depth--;
            g.writeRaw(depth == 1 && values > 0 ? "\n  ]" : "]");
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
     * @param text   the JSON text
     * @throws RoutesFormatException naming the source, the JSON location and the problem
     */
    public static RoutesDocument read(String source, String text) {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new RoutesFormatException(source + ": line " + (at == null ? "?" : at.getLineNr()) + ", column "
                    + (at == null ? "?" : at.getColumnNr()) + ": not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new RoutesFormatException(source + ": expected a JSON object with \"format\": \"" + FORMAT + "\"");
        }
        Reader in = new Reader(source);
        in.onlyKnown(root, "", TOP);
        JsonNode format = root.get("format");
        if (format == null || !FORMAT.equals(format.asText())) {
            throw new RoutesFormatException(source + ": format: " + (format == null ? "missing" : "is "
                    + format) + " (expected \"" + FORMAT + "\")");
        }
        String engine = in.text(root, "engine", "engine");
        int layers = in.integer(root, "layers", "layers");
        if (layers < 1) {
            throw in.error("layers", "is " + layers + " (expected >= 1)");
        }
        boolean shortest = root.has("promises_shortest") && in.bool(root, "promises_shortest");
        List<PairLayer> pairs = new ArrayList<>();
        JsonNode pairArray = in.array(root, "layer_of", "layer_of");
        for (int i = 0; i < pairArray.size(); i++) {
            String at = "layer_of[" + i + "]";
            JsonNode o = in.object(pairArray.get(i), at);
            in.onlyKnown(o, at + ".", PAIR);
            pairs.add(new PairLayer(in.text(o, "src", at + ".src"), in.text(o, "dst", at + ".dst"),
                    in.layer(o, at, layers), in.optionalInt(o, "path", at + ".path")));
        }
        List<ForwardingEntry> entries = new ArrayList<>();
        JsonNode fwd = in.array(root, "forwarding", "forwarding");
        for (int i = 0; i < fwd.size(); i++) {
            String at = "forwarding[" + i + "]";
            JsonNode o = in.object(fwd.get(i), at);
            in.onlyKnown(o, at + ".", ENTRY);
            JsonNode ports = in.array(o, "out_ports", at + ".out_ports");
            if (ports.isEmpty()) {
                throw in.error(at + ".out_ports", "is empty (expected at least one port)");
            }
            List<Integer> out = new ArrayList<>();
            for (int j = 0; j < ports.size(); j++) {
                out.add(in.port(ports.get(j), at + ".out_ports[" + j + "]"));
            }
            Integer inPort = in.optionalInt(o, "in_port", at + ".in_port");
            if (inPort != null && inPort < 1) {
                throw in.error(at + ".in_port", "is " + inPort + " (expected a port >= 1 or null)");
            }
            entries.add(new ForwardingEntry(in.text(o, "switch", at + ".switch"), in.text(o, "dst", at + ".dst"),
                    in.layer(o, at, layers), inPort, in.optionalInt(o, "path", at + ".path"), out));
        }
        List<RoutedPath> paths = new ArrayList<>();
        if (root.has("paths")) {
            JsonNode arr = in.array(root, "paths", "paths");
            for (int i = 0; i < arr.size(); i++) {
                String at = "paths[" + i + "]";
                JsonNode o = in.object(arr.get(i), at);
                in.onlyKnown(o, at + ".", PATH);
                JsonNode sw = in.array(o, "switches", at + ".switches");
                List<String> names = new ArrayList<>();
                for (int j = 0; j < sw.size(); j++) {
                    if (!sw.get(j).isTextual()) {
                        throw in.error(at + ".switches[" + j + "]", "is " + sw.get(j) + " (expected a switch id)");
                    }
                    names.add(sw.get(j).asText());
                }
                paths.add(new RoutedPath(in.text(o, "src", at + ".src"), in.text(o, "dst", at + ".dst"),
                        in.layer(o, at, layers), in.optionalInt(o, "path", at + ".path"), names));
            }
        }
        Map<String, Object> stats = new LinkedHashMap<>();
        if (root.has("stats")) {
            JsonNode s = in.object(root.get("stats"), "stats");
            Iterator<Map.Entry<String, JsonNode>> it = s.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> f = it.next();
                JsonNode v = f.getValue();
                stats.put(f.getKey(), v.isNumber() ? v.numberValue() : v.isBoolean() ? v.booleanValue() : v.asText());
            }
        }
        return new RoutesDocument(new RoutingResult(engine, layers, pairs, entries, shortest), paths, stats);
    }

    /** Field access with errors that name the source and the location. */
    private record Reader(String source) {
        RoutesFormatException error(String at, String problem) {
            return new RoutesFormatException(source + ": " + at + ": " + problem);
        }

        void onlyKnown(JsonNode o, String prefix, Set<String> known) {
            Iterator<String> names = o.fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                if (!known.contains(name)) {
                    throw error(prefix + name, "unknown field (expected one of " + new java.util.TreeSet<>(known)
                            + ")");
                }
            }
        }

        JsonNode object(JsonNode n, String at) {
            if (n == null || !n.isObject()) {
                throw error(at, "is " + n + " (expected an object)");
            }
            return n;
        }

        JsonNode array(JsonNode o, String field, String at) {
            JsonNode n = o.get(field);
            if (n == null || n.isNull()) {
                throw error(at, "missing (expected an array)");
            }
            if (!n.isArray()) {
                throw error(at, "is " + shorten(n) + " (expected an array)");
            }
            return n;
        }

        String text(JsonNode o, String field, String at) {
            JsonNode n = o.get(field);
            if (n == null || n.isNull()) {
                throw error(at, "missing (expected a string)");
            }
            if (!n.isTextual() || n.asText().isBlank()) {
                throw error(at, "is " + shorten(n) + " (expected a non-empty string)");
            }
            return n.asText();
        }

        int integer(JsonNode o, String field, String at) {
            JsonNode n = o.get(field);
            if (n == null || n.isNull()) {
                throw error(at, "missing (expected an integer)");
            }
            if (!n.isIntegralNumber() || !n.canConvertToInt()) {
                throw error(at, "is " + shorten(n) + " (expected an integer)");
            }
            return n.intValue();
        }

        Integer optionalInt(JsonNode o, String field, String at) {
            JsonNode n = o.get(field);
            if (n == null || n.isNull()) {
                return null;
            }
            return integer(o, field, at);
        }

        boolean bool(JsonNode o, String field) {
            JsonNode n = o.get(field);
            if (!n.isBoolean()) {
                throw error(field, "is " + shorten(n) + " (expected true or false)");
            }
            return n.booleanValue();
        }

        int layer(JsonNode o, String at, int layers) {
            int l = integer(o, "layer", at + ".layer");
            if (l < 0 || l >= layers) {
                throw error(at + ".layer", "is " + l + " (expected 0.." + (layers - 1) + ", \"layers\" is " + layers
                        + ")");
            }
            return l;
        }

        int port(JsonNode n, String at) {
            if (n == null || !n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < 1) {
                throw error(at, "is " + shorten(n) + " (expected a port number >= 1)");
            }
            return n.intValue();
        }

        private static String shorten(JsonNode n) {
            String s = String.valueOf(n);
            return s.length() > 40 ? s.substring(0, 40) + "..." : s;
        }
    }
}

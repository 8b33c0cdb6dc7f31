package weft.model.routing.io;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument.RoutedPath;

/**
 * Reads and writes {@code weft-routes/1}, the routing result file of {@code weft route} (issue 6):
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

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final Set<String> TOP = Set.of("format", "engine", "layers", "promises_shortest", "layer_of",
            "forwarding", "paths", "stats");
    private static final Set<String> PAIR = Set.of("src", "dst", "layer", "path");
    private static final Set<String> ENTRY = Set.of("switch", "dst", "layer", "in_port", "path", "out_ports");
    private static final Set<String> PATH = Set.of("src", "dst", "layer", "path", "switches");

    private RoutesJson() {
    }

    /** The document as pretty-printed JSON. */
    public static String write(RoutesDocument doc) {
        RoutingResult r = doc.result();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("engine", r.engine());
        root.put("layers", r.layers());
        root.put("promises_shortest", r.promisesShortest());
        ArrayNode pairs = root.putArray("layer_of");
        for (PairLayer p : r.layerOf()) {
            ObjectNode o = pairs.addObject();
            o.put("src", p.src());
            o.put("dst", p.dst());
            o.put("layer", p.layer());
            if (p.path() != null) {
                o.put("path", p.path());
            }
        }
        ArrayNode fwd = root.putArray("forwarding");
        for (ForwardingEntry e : r.forwarding()) {
            ObjectNode o = fwd.addObject();
            o.put("switch", e.switchId());
            o.put("dst", e.dst());
            o.put("layer", e.layer());
            if (e.inPort() == null) {
                o.putNull("in_port");
            } else {
                o.put("in_port", e.inPort());
            }
            if (e.path() != null) {
                o.put("path", e.path());
            }
            ArrayNode ports = o.putArray("out_ports");
            e.outPorts().forEach(ports::add);
        }
        if (!doc.paths().isEmpty()) {
            ArrayNode paths = root.putArray("paths");
            for (RoutedPath p : doc.paths()) {
                ObjectNode o = paths.addObject();
                o.put("src", p.src());
                o.put("dst", p.dst());
                o.put("layer", p.layer());
                if (p.path() != null) {
                    o.put("path", p.path());
                }
                ArrayNode sw = o.putArray("switches");
                p.switches().forEach(sw::add);
            }
        }
        if (!doc.stats().isEmpty()) {
            root.set("stats", MAPPER.valueToTree(doc.stats()));
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise routes of " + r.engine(), e);
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

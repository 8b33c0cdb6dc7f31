package weft.model.traffic.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import weft.model.traffic.Flow;

/**
 * Reads and writes {@code weft-flows/1}:
 * <pre>
 * {"format": "weft-flows/1", "flows": [{"id": "f1", "src": "h1", "dst": "h9", "weight": 1.0, "app": "a1",
 *                                       "bytes": 1000000}]}
 * </pre>
 * {@code weight} defaults to 1, {@code app} to the flow's id (an application of its own) and {@code bytes} to 0.
 * Unknown fields, duplicate ids and bad values are refused with their location.
 */
public final class FlowsJson {
    /** The format tag. */
    public static final String FORMAT = "weft-flows/1";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> TOP = List.of("format", "flows");
    private static final List<String> FLOW = List.of("id", "src", "dst", "weight", "app", "bytes");

    private FlowsJson() {
    }

    /**
     * Parses flows.
     *
     * @param source name used in errors, e.g. the file name
     * @throws FlowsFormatException naming the source, location and problem
     */
    public static List<Flow> read(String source, String text) {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            throw new FlowsFormatException(source, where, "not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new FlowsFormatException(source, "", "expected a JSON object with \"format\": \"" + FORMAT + "\"");
        }
        JsonNode format = root.get("format");
        if (format == null || !format.isTextual() || !format.textValue().equals(FORMAT)) {
            throw new FlowsFormatException(source, "format", (format == null ? "missing" : format + " is not supported")
                    + " (expected \"" + FORMAT + "\")");
        }
        known(source, root, "", TOP);
        JsonNode flows = root.get("flows");
        if (flows == null || !flows.isArray()) {
            throw new FlowsFormatException(source, "flows", "expected an array of flows");
        }
        List<Flow> out = new ArrayList<>();
        Map<String, Integer> ids = new HashMap<>();
        for (int i = 0; i < flows.size(); i++) {
            String p = "flows[" + i + "]";
            JsonNode o = flows.get(i);
            if (!o.isObject()) {
                throw new FlowsFormatException(source, p, "expected an object");
            }
            known(source, o, p, FLOW);
            String id = text(source, o, p, "id", null);
            Integer previous = ids.putIfAbsent(id, i);
            if (previous != null) {
                throw new FlowsFormatException(source, p + ".id", "\"" + id + "\" already used by flows[" + previous
                        + "]");
            }
            String src = text(source, o, p, "src", null);
            String dst = text(source, o, p, "dst", null);
            double weight = 1;
            JsonNode w = o.get("weight");
            if (w != null) {
                if (!w.isNumber() || !(w.doubleValue() > 0) || Double.isInfinite(w.doubleValue())) {
                    throw new FlowsFormatException(source, p + ".weight", "expected a positive number, got " + w);
                }
                weight = w.doubleValue();
            }
            String app = text(source, o, p, "app", id);
            long bytes = 0;
            JsonNode b = o.get("bytes");
            if (b != null) {
                if (!b.isIntegralNumber() || !b.canConvertToLong() || b.longValue() < 0) {
                    throw new FlowsFormatException(source, p + ".bytes", "expected an integer >= 0, got " + b);
                }
                bytes = b.longValue();
            }
            try {
                out.add(new Flow(id, src, dst, weight, app, bytes));
            } catch (IllegalArgumentException e) {
                throw new FlowsFormatException(source, p, e.getMessage());
            }
        }
        return out;
    }

    /** The flows as pretty-printed {@code weft-flows/1}. */
    public static String write(List<Flow> flows) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        ArrayNode arr = root.putArray("flows");
        for (Flow f : flows) {
            ObjectNode o = arr.addObject();
            o.put("id", f.id());
            o.put("src", f.src());
            o.put("dst", f.dst());
            o.put("weight", f.weight());
            o.put("app", f.app());
            o.put("bytes", f.bytes());
        }
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("writing flows", e);
        }
    }

    private static void known(String source, JsonNode o, String path, List<String> fields) {
        Iterator<String> names = o.fieldNames();
        while (names.hasNext()) {
            String n = names.next();
            if (!fields.contains(n)) {
                throw new FlowsFormatException(source, path.isEmpty() ? n : path + "." + n,
                        "unknown field (known: " + String.join(", ", fields) + ")");
            }
        }
    }

    private static String text(String source, JsonNode o, String path, String field, String otherwise) {
        JsonNode v = o.get(field);
        if (v == null) {
            if (otherwise != null) {
                return otherwise;
            }
            throw new FlowsFormatException(source, path + "." + field, "missing (expected a string)");
        }
        if (!v.isTextual() || v.textValue().isBlank()) {
            throw new FlowsFormatException(source, path + "." + field, "expected a non-empty string, got " + v);
        }
        return v.textValue();
    }
}

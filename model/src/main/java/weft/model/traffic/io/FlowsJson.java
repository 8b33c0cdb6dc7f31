package weft.model.traffic.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.io.JsonInput;
import weft.model.traffic.Flow;

/**
 * Reads and writes {@code weft-flows/1}:
 * <pre>
 * {"format": "weft-flows/1", "flows": [{"id": "f1", "src": "h1", "dst": "h9", "weight": 1.0, "app": "a1",
 *                                       "bytes": 1000000}]}
 * </pre>
 * {@code weight} defaults to 1, {@code app} to the flow's id (an application of its own) and {@code bytes} to 0.
 * Unknown fields, duplicate keys and ids, and bad values are refused with their location ({@link JsonInput}).
 */
public final class FlowsJson {
    /** The format tag. */
    public static final String FORMAT = "weft-flows/1";
    /** The longest flows text read, in characters. */
    public static final long MAX_CHARS = 256L << 20;
    /** The most flows a file may hold (16 superposed permutations of a 65,536-host fabric). */
    public static final int MAX_FLOWS = 1 << 20;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> TOP = List.of("format", "flows");
    private static final List<String> FLOW = List.of("id", "src", "dst", "weight", "app", "bytes");

    private FlowsJson() {
    }

    /**
     * Parses flows.
     *
     * @param source name used in errors, e.g. the file name
     * @param text   the JSON text, at most {@link #MAX_CHARS} characters and {@link #MAX_FLOWS} flows
     * @throws FlowsFormatException naming the source, location and problem
     */
    public static List<Flow> read(String source, String text) {
        JsonInput in = new JsonInput((location, problem) -> new FlowsFormatException(source, location, problem));
        JsonNode root = in.object(in.versioned(in.parse(text, MAX_CHARS, "a " + FORMAT + " file"), FORMAT, true,
                "flows"), "", TOP);
        JsonNode flows = in.atMost(in.array(root, "", "flows", true), "flows", MAX_FLOWS, "flows", "a flows file");
        List<Flow> out = new ArrayList<>();
        Map<String, Integer> ids = new HashMap<>();
        for (int i = 0; i < flows.size(); i++) {
            String p = "flows[" + i + "]";
            JsonNode o = in.object(flows.get(i), p, FLOW);
            String id = in.name(o, p, "id");
            Integer previous = ids.putIfAbsent(id, i);
            if (previous != null) {
                throw in.error(p + ".id", "\"" + id + "\" already used by flows[" + previous + "]");
            }
            String src = in.name(o, p, "src");
            String dst = in.name(o, p, "dst");
            JsonNode w = o.get("weight");
            if (w != null && (!w.isNumber() || !(w.doubleValue() > 0) || Double.isInfinite(w.doubleValue()))) {
                throw in.error(p + ".weight", "expected a positive number, got " + w);
            }
            double weight = w == null ? 1 : w.doubleValue();
            String app = in.optionalName(o, p, "app", id);
            long bytes = in.optionalLong(o, p, "bytes", 0);
            if (bytes < 0) {
                throw in.error(p + ".bytes", "expected an integer >= 0, got " + bytes);
            }
            try {
                out.add(new Flow(id, src, dst, weight, app, bytes));
            } catch (IllegalArgumentException e) {
                throw in.error(p, e.getMessage());
            }
        }
        return out;
    }

    /**
     * The flows as pretty-printed {@code weft-flows/1}: each {@link Flow} is Jackson's view of the record, its
     * components in declaration order ({@code id, src, dst, weight, app, bytes}, the fields {@link #read} takes).
     */
    public static String write(List<Flow> flows) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.set("flows", MAPPER.valueToTree(flows));
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("writing flows", e);
        }
    }
}

package weft.model.rate.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import weft.model.io.JsonInput;
import weft.model.rate.Allocation;
import weft.model.rate.RateProblem;

/**
 * Writes {@code weft-rates/1}:
 * <pre>
 * {"format": "weft-rates/1", "algo": "ffa", "exact": false,
 *  "rates": [{"flow": "f1", "gbps": 2.5}],
 *  "links": [{"a": "s1", "b": "s2", "load_gbps": 9.99, "gbps": 10.0}], "completion_s": 0.0032}
 * </pre>
 * With exact arithmetic each rate also carries {@code "exact": "5/2"}. {@code links} lists the directed links that
 * carry at least one flow. {@code completion_s} is the fluid completion time {@code max_f 8·bytes_f / r(f)} at
 * constant rates (null when a flow with bytes has rate 0, 0 when no flow has bytes).
 */
public final class RatesJson {
    /** The format tag. */
    public static final String FORMAT = "weft-rates/1";
    /** The longest rates text read, in characters. */
    public static final long MAX_CHARS = 256L << 20;
    /** The most rates a file may hold (as many as a flows file may hold flows). */
    public static final int MAX_RATES = 1 << 20;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> TOP = List.of("format", "algo", "exact", "rates", "links", "completion_s");
    private static final List<String> RATE = List.of("flow", "gbps", "exact");

    private RatesJson() {
    }

    /**
     * @param allocation the rates
     * @param endpoints  the two ends {@code [a, b]} of each directed link of the problem
     * @param bytes      each flow's size in bytes, indexed like the problem's flows
     */
    public static <N> String write(Allocation<N> allocation, IntFunction<String[]> endpoints, long[] bytes) {
        RateProblem p = allocation.problem();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("algo", allocation.algorithm());
        root.put("exact", allocation.arithmetic().exact());
        ArrayNode rates = root.putArray("rates");
        double completion = 0;
        boolean stuck = false;
        for (int f = 0; f < p.flowCount(); f++) {
            ObjectNode o = rates.addObject();
            o.put("flow", p.flowId(f));
            double gbps = allocation.gbps(f);
            o.put("gbps", gbps);
            if (allocation.arithmetic().exact()) {
                o.put("exact", allocation.rate(f).toString());
            }
            if (bytes[f] > 0) {
                if (gbps > 0) {
                    completion = Math.max(completion, bytes[f] * 8 / (gbps * 1e9));
                } else {
                    stuck = true;
                }
            }
        }
        ArrayNode links = root.putArray("links");
        for (int l = 0; l < p.linkCount(); l++) {
            if (p.flowsOn(l).length == 0) {
                continue;
            }
            String[] ends = endpoints.apply(l);
            ObjectNode o = links.addObject();
            o.put("a", ends[0]);
            o.put("b", ends[1]);
            o.put("load_gbps", allocation.arithmetic().toDouble(allocation.load(l)));
            o.put("gbps", p.capacity(l));
        }
        if (stuck) {
            root.putNull("completion_s");
        } else {
            root.put("completion_s", completion);
        }
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("writing rates", e);
        }
    }

    /**
     * Reads the rates of a {@code weft-rates/1} text (as {@link #write} writes it; {@code links} and the other
     * summary fields are skipped).
     *
     * @param source name used in errors, e.g. the file name
     * @return each flow's rate in Gbit/s, in file order
     * @throws RatesFormatException naming the source, location and problem (unknown fields, a flow named twice, a
     *                              rate that is not a number >= 0)
     */
    public static Map<String, Double> read(String source, String text) {
        JsonInput in = new JsonInput((location, problem) -> new RatesFormatException(source, location, problem));
        JsonNode root = in.object(in.versioned(in.parse(text, MAX_CHARS, "a " + FORMAT + " file"), FORMAT, true,
                "rates"), "", TOP);
        JsonNode rates = in.atMost(in.array(root, "", "rates", true), "rates", MAX_RATES, "rates", "a rates file");
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < rates.size(); i++) {
            String p = "rates[" + i + "]";
            JsonNode o = in.object(rates.get(i), p, RATE);
            String flow = in.name(o, p, "flow");
            double gbps = in.number(o, p, "gbps");
            if (!(gbps >= 0) || Double.isInfinite(gbps)) {
                throw in.error(p + ".gbps", "expected a number >= 0, got " + gbps);
            }
            if (out.put(flow, gbps) != null) {
                throw in.error(p + ".flow", "flow " + flow + " has a rate already");
            }
        }
        return out;
    }
}

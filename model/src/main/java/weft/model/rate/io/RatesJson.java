package weft.model.rate.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.IntFunction;
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
    private static final ObjectMapper MAPPER = new ObjectMapper();

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
}

package weft.model.routing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The table of routing engines by name, as OpenSM's {@code static_routing_modules[]}: the one place that knows
 * every engine. {@code weft route --engine NAME} and the controller look engines up here.
 */
public final class RoutingEngines {
    private static final Map<String, Supplier<RoutingEngine>> ENGINES = new LinkedHashMap<>();

    static {
        // Engines register here, one line each.
        ENGINES.put("minhop", MinHop::new);
        ENGINES.put("updown", UpDown::new);
        ENGINES.put("dor", DimensionOrder::new);
        ENGINES.put("dmodk", DModK::new);
        ENGINES.put("ecmp", Ecmp::new);
        ENGINES.put("vlb", Vlb::new);
        ENGINES.put("lash", Lash::new);
        ENGINES.put("mplash", MultipathLash::new);
        ENGINES.put("sr", SegmentBasedRouting::new);
        ENGINES.put("stp", SpanningTree::new);
        ENGINES.put("tbtp", () -> new Tbtp(1));
        ENGINES.put("tbtp3vl", () -> new Tbtp(3));
    }

    private RoutingEngines() {
    }

    /** Engine names in registration order. */
    public static List<String> names() {
        return List.copyOf(ENGINES.keySet());
    }

    /**
     * The engine with this name.
     *
     * @throws IllegalArgumentException naming the unknown engine and listing the known ones
     */
    public static RoutingEngine byName(String name) {
        Supplier<RoutingEngine> s = ENGINES.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown routing engine '" + name + "'; known: "
                    + String.join(", ", ENGINES.keySet()));
        }
        return s.get();
    }
}

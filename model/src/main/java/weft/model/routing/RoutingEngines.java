package weft.model.routing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The table of routing engines by name, as OpenSM's {@code static_routing_modules[]}: the one place that knows
 * every engine. {@code weft route --engine NAME}, the controller and the lab look engines up here, and a chain
 * {@code lash,updown} is built here too ({@link #chain}).
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
        ENGINES.put("nca", Nca::new);
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

    /**
     * The engines named by a comma-separated list ({@code "lash, updown"}), in order; names are trimmed and
     * case-insensitive.
     *
     * @throws IllegalArgumentException naming the first unknown engine (or an empty name) and listing the known ones
     */
    public static List<RoutingEngine> byNames(String names) {
        List<RoutingEngine> out = new ArrayList<>();
        for (String name : names.split(",", -1)) {
            out.add(byName(name.trim().toLowerCase(Locale.ROOT)));
        }
        return out;
    }

    /**
     * The fallback chain of the engines named by a comma-separated list: {@code chain("lash,updown")} tries LASH,
     * then Up*&#47;Down* ({@link EngineChain}); a single name gives a chain of one.
     *
     * @throws IllegalArgumentException naming the first unknown engine and listing the known ones
     */
    public static EngineChain chain(String names) {
        return new EngineChain(byNames(names));
    }
}

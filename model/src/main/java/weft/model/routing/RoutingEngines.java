package weft.model.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import weft.model.registry.Registry;

/**
 * The table of routing engines by name, as OpenSM's {@code static_routing_modules[]}: the one place that knows
 * every engine. {@code weft route --engine NAME}, the controller and the lab look engines up here, and a chain
 * {@code lash,updown} is built here too ({@link #chain}).
 */
public final class RoutingEngines {
    // Engines register here, each under its own name().
    private static final Registry<Supplier<RoutingEngine>> ENGINES = Registry.byOwnName("routing engine",
            RoutingEngine::name, MinHop::new, UpDown::new, DimensionOrder::new, DModK::new, Ecmp::new, Nca::new,
            Vlb::new, Lash::new, MultipathLash::new, SegmentBasedRouting::new, SpanningTree::new, () -> new Tbtp(1),
            () -> new Tbtp(3));

    private RoutingEngines() {
    }

    /** Engine names in registration order. */
    public static List<String> names() {
        return ENGINES.names();
    }

    /**
     * The engine with this name.
     *
     * @throws IllegalArgumentException naming the unknown engine and listing the known ones
     */
    public static RoutingEngine byName(String name) {
        return ENGINES.byName(name).get();
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

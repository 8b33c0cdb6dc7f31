package weft.model.repro;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The table of reproductions by name, as {@code RoutingEngines} is for engines: the one place that knows every
 * reproduction. {@code weft repro list}, {@code weft repro NAME} and the CI test that runs every reproduction at its
 * quick size read it.
 */
public final class Reproductions {
    private static final Map<String, Supplier<Reproduction>> ALL = new LinkedHashMap<>();

    static {
        // Reproductions register here, one line each, grouped by seed.
        ALL.put("contention", ContentionRepro::new);
        ALL.put("horizontal", HorizontalRepro::new);
        ALL.put("fluid", FluidRepro::new);
        ALL.put("spreading", SpreadingRepro::new);
        ALL.put("phase", PhaseRepro::new);
        ALL.put("injection", InjectionRepro::new);
        ALL.put("independent", IndependentRepro::new);
        ALL.put("apps", AppsRepro::new);
        ALL.put("saam", SaamRepro::new);
        ALL.put("crp", CrpRepro::new);
        ALL.put("stp", StpRepro::new);
        ALL.put("sr", SegmentRepro::new);
        ALL.put("lash", LashRepro::new);
        ALL.put("qos", QosRepro::new);
        ALL.put("admission", AdmissionRepro::new);
        ALL.put("lash-layers", LashLayersRepro::new);
        ALL.put("ecmp", EcmpRepro::new);
        ALL.put("ecmp-scaling", EcmpScalingRepro::new);
        ALL.put("capacity", CapacityRepro::new);
        ALL.put("capacity-a2a", AllToAllCapacityRepro::new);
        ALL.put("queues", QueuesRepro::new);
        ALL.put("resequencer", ResequencerRepro::new);
        ALL.put("voq", VoqRepro::new);
        ALL.put("voq-interval", IntervalRepro::new);
    }

    private Reproductions() {
    }

    /** Names in registration order. */
    public static List<String> names() {
        return List.copyOf(ALL.keySet());
    }

    /**
     * The reproduction with this name.
     *
     * @throws IllegalArgumentException naming the unknown name and listing the known ones
     */
    public static Reproduction byName(String name) {
        Supplier<Reproduction> s = ALL.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown reproduction '" + name + "'; known: "
                    + String.join(", ", ALL.keySet()));
        }
        return s.get();
    }

    /** Every reproduction, in registration order. */
    public static List<Reproduction> all() {
        return ALL.values().stream().map(Supplier::get).toList();
    }
}

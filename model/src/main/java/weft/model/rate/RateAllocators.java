package weft.model.rate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** The allocators by name, as {@code weft rates --algo} accepts them: saa, saam, ffa, afa, maxmin, bp. */
public final class RateAllocators {
    private static final Map<String, Supplier<RateAllocator>> BY_NAME = new LinkedHashMap<>();

    static {
        BY_NAME.put("saa", Saa::new);
        BY_NAME.put("saam", SaaM::new);
        BY_NAME.put("ffa", Ffa::new);
        BY_NAME.put("afa", Afa::new);
        BY_NAME.put("maxmin", MaxMin::new);
        BY_NAME.put("bp", BacklogProportional::new);
    }

    private RateAllocators() {
    }

    public static Set<String> names() {
        return BY_NAME.keySet();
    }

    /** The allocator with this name; the error lists the known names. */
    public static RateAllocator byName(String name) {
        Supplier<RateAllocator> s = BY_NAME.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown rate algorithm " + name + "; expected one of " + names());
        }
        return s.get();
    }
}

package weft.model.rate;

import java.util.List;
import java.util.function.Supplier;

import weft.model.registry.Registry;

/** The allocators by name, as {@code weft rates --algo} accepts them: saa, saam, ffa, afa, maxmin, bp. */
public final class RateAllocators {
    private static final Registry<Supplier<RateAllocator>> BY_NAME = Registry.byOwnName("rate algorithm",
            RateAllocator::name, Saa::new, SaaM::new, Ffa::new, Afa::new, MaxMin::new, BacklogProportional::new);

    private RateAllocators() {
    }

    /** Names in registration order. */
    public static List<String> names() {
        return BY_NAME.names();
    }

    /** The allocator with this name; the error lists the known names. */
    public static RateAllocator byName(String name) {
        return BY_NAME.find(name).orElseThrow(() -> new IllegalArgumentException("unknown rate algorithm " + name
                + "; expected one of " + names())).get();
    }
}

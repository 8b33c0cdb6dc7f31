package weft.model.registry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A table of things by name, in registration order, as OpenSM's {@code static_routing_modules[]} is for its routing
 * engines: the one place that knows every routing engine, rate allocator, topology family or reproduction, read by
 * the commands that take one by name and by the tests that run each. A name is registered once; lookups name the
 * unknown name and list the known ones.
 *
 * @param <T> what is registered: a value, or a {@link java.util.function.Supplier} of a fresh one
 */
public final class Registry<T> {
    private final String kind;
    private final Map<String, T> entries = new LinkedHashMap<>();

    /** @param kind what a name denotes, for errors: {@code "routing engine"} */
    public Registry(String kind) {
        this.kind = kind;
    }

    /**
     * The table of {@code makers}, each registered under the name the thing it makes gives itself (one is made to
     * ask), so a name is written once, in the thing's own class.
     *
     * @param kind   what a name denotes, for errors
     * @param name   a thing's own name, e.g. {@code RoutingEngine::name}
     * @param makers each makes a fresh thing
     * @throws IllegalStateException when two things give the same name
     */
    @SafeVarargs
    public static <T> Registry<Supplier<T>> byOwnName(String kind, Function<T, String> name, Supplier<T>... makers) {
        Registry<Supplier<T>> registry = new Registry<>(kind);
        for (Supplier<T> maker : makers) {
            registry.add(name.apply(maker.get()), maker);
        }
        return registry;
    }

    /**
     * Registers {@code value} under {@code name}.
     *
     * @throws IllegalStateException when the name is already registered (a defect of the table)
     */
    public Registry<T> add(String name, T value) {
        if (entries.putIfAbsent(name, value) != null) {
            throw new IllegalStateException(kind + " '" + name + "' registered twice");
        }
        return this;
    }

    /** The names in registration order. */
    public List<String> names() {
        return List.copyOf(entries.keySet());
    }

    /** The values in registration order. */
    public List<T> values() {
        return List.copyOf(entries.values());
    }

    /** The value registered under {@code name}, if any. */
    public Optional<T> find(String name) {
        return Optional.ofNullable(entries.get(name));
    }

    /**
     * The value registered under {@code name}.
     *
     * @throws IllegalArgumentException {@link #unknown}'s message
     */
    public T byName(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(unknown(name)));
    }

    /** The error for a name nobody registered: {@code "unknown routing engine 'x'; known: minhop, updown, ..."}. */
    public String unknown(String name) {
        return "unknown " + kind + " '" + name + "'; known: " + String.join(", ", entries.keySet());
    }
}

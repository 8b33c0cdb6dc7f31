package weft.controller.ha;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The state store of a controller that runs alone (no {@code --ha}): in memory, always writable, with the same
 * versions and checks as {@link ZkStateStore}. Lets the users of the store (rates, admissions, reservations) run
 * and be tested the same way with and without a cluster.
 */
public final class LocalStateStore implements StateStore {
    private final Map<String, Map<String, Versioned>> data = new TreeMap<>();

    @Override
    public synchronized Optional<Versioned> get(String namespace, String key) {
        StateStore.check(namespace, key, null);
        return Optional.ofNullable(data.getOrDefault(namespace, Map.of()).get(key));
    }

    @Override
    public synchronized Map<String, Versioned> list(String namespace) {
        StateStore.check(namespace, null, null);
        return Map.copyOf(data.getOrDefault(namespace, Map.of()));
    }

    @Override
    public synchronized int put(String namespace, String key, byte[] value, int expectedVersion) {
        StateStore.check(namespace, key, value);
        Map<String, Versioned> ns = data.computeIfAbsent(namespace, n -> new TreeMap<>());
        Versioned old = ns.get(key);
        expect(namespace, key, old, expectedVersion);
        int version = old == null ? 0 : old.version() + 1;
        ns.put(key, new Versioned(value, version));
        return version;
    }

    @Override
    public synchronized void delete(String namespace, String key, int expectedVersion) {
        StateStore.check(namespace, key, null);
        Map<String, Versioned> ns = data.getOrDefault(namespace, new TreeMap<>());
        Versioned old = ns.get(key);
        if (old == null && expectedVersion == ANY) {
            return;
        }
        expect(namespace, key, old, expectedVersion);
        ns.remove(key);
    }

    private static void expect(String namespace, String key, Versioned old, int expected) {
        int actual = old == null ? ABSENT : old.version();
        if (expected != ANY && expected != actual) {
            throw new StaleStateException("state " + namespace + "/" + key + ": expected " + describe(expected)
                    + ", found " + describe(actual));
        }
    }

    static String describe(int version) {
        return version == ABSENT ? "no value" : "version " + version;
    }
}

package weft.controller.ha;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One namespace of a {@link StateStore} holding records of one type as JSON (Jackson; duplicate keys refused).
 *
 * @param <T> the record type
 */
public final class JsonState<T> {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    /**
     * A record and the version it was read at.
     *
     * @param value   the record
     * @param version the version to expect when writing it back
     */
    public record Typed<T>(T value, int version) {
    }

    private final StateStore store;
    private final String namespace;
    private final Class<T> type;

    public JsonState(StateStore store, String namespace, Class<T> type) {
        StateStore.check(namespace, null, null);
        this.store = store;
        this.namespace = namespace;
        this.type = type;
    }

    /** The record under {@code key}, if any. */
    public Optional<Typed<T>> get(String key) {
        return store.get(namespace, key).map(v -> new Typed<>(decode(key, v.value()), v.version()));
    }

    /** Every record of the namespace by key. */
    public Map<String, Typed<T>> all() {
        Map<String, Typed<T>> out = new TreeMap<>();
        store.list(namespace).forEach((k, v) -> out.put(k, new Typed<>(decode(k, v.value()), v.version())));
        return out;
    }

    /** Writes {@code value} under {@code key} if its version is {@code expectedVersion}; returns the new version. */
    public int put(String key, T value, int expectedVersion) {
        try {
            return store.put(namespace, key, JSON.writeValueAsBytes(value), expectedVersion);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("state " + namespace + "/" + key + ": cannot write " + value + ": "
                    + e.getOriginalMessage(), e);
        }
    }

    /** Deletes {@code key} if its version is {@code expectedVersion}. */
    public void delete(String key, int expectedVersion) {
        store.delete(namespace, key, expectedVersion);
    }

    private T decode(String key, byte[] bytes) {
        try {
            return JSON.readValue(bytes, type);
        } catch (IOException e) {
            throw new IllegalStateException("state " + namespace + "/" + key + ": not a " + type.getSimpleName()
                    + ": " + e.getMessage(), e);
        }
    }
}

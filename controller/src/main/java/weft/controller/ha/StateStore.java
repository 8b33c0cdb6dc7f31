package weft.controller.ha;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The state that must survive a failover, as versioned values by namespace and key: hand-set rates, admissions,
 * reservations, the names of discovered nodes. Each value has a version that every successful write increments;
 * a write names the version it expects ({@link #ABSENT}, {@link #ANY} or a version read before), so two writers
 * never overwrite each other silently (compare-and-set, as ZooKeeper's {@code setData} with a version).
 *
 * <p>Only the master writes: in a cluster every write is fenced by the master's epoch, and a write by a node that
 * is not (or no longer) master fails with {@link NotMasterException} and changes nothing. Reads work on every
 * node. Values are opaque bytes; {@link JsonState} stores records as JSON.
 *
 * <p>Limits: namespaces and keys match {@link #NAME} (they become znode names); a value holds at most
 * {@link #MAX_VALUE_BYTES} bytes (ZooKeeper's default packet limit is 1 MiB).
 */
public interface StateStore {
    /** The version to expect when the key must not exist yet. */
    int ABSENT = -1;
    /** The version to expect when any current value may be replaced. */
    int ANY = -2;
    /** The largest value, in bytes. */
    int MAX_VALUE_BYTES = 512 * 1024;
    /** Namespace and key names. */
    Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@\\-]{0,199}");

    /**
     * A value and its version (0 after the first write).
     *
     * @param value   the bytes stored (a copy)
     * @param version incremented by every write
     */
    record Versioned(byte[] value, int version) {
        public Versioned {
            value = value.clone();
        }

        @Override
        public byte[] value() {
            return value.clone();
        }
    }

    /** The value of {@code key} in {@code namespace}, if any. */
    Optional<Versioned> get(String namespace, String key);

    /** Every key of {@code namespace} with its value, by key (empty when the namespace has none). */
    Map<String, Versioned> list(String namespace);

    /**
     * Writes {@code value} if the key's version is {@code expectedVersion}.
     *
     * @return the new version
     * @throws StaleStateException when the key's version is another (the message names both)
     * @throws NotMasterException  when this node may not write
     */
    int put(String namespace, String key, byte[] value, int expectedVersion);

    /**
     * Deletes {@code key} if its version is {@code expectedVersion} ({@link #ANY}: whatever it is); deleting an
     * absent key with {@link #ANY} does nothing.
     *
     * @throws StaleStateException when the key's version is another
     * @throws NotMasterException  when this node may not write
     */
    void delete(String namespace, String key, int expectedVersion);

    /** Checks a namespace or key name and a value size, naming the problem. */
    static void check(String namespace, String keyOrNull, byte[] valueOrNull) {
        if (namespace == null || !NAME.matcher(namespace).matches()) {
            throw new IllegalArgumentException("state namespace '" + namespace + "': expected 1-200 of letters, "
                    + "digits and . _ : @ -, starting with a letter or digit");
        }
        if (keyOrNull != null && !NAME.matcher(keyOrNull).matches()) {
            throw new IllegalArgumentException("state key '" + keyOrNull + "' in " + namespace + ": expected 1-200 "
                    + "of letters, digits and . _ : @ -, starting with a letter or digit");
        }
        if (valueOrNull != null && valueOrNull.length > MAX_VALUE_BYTES) {
            throw new IllegalArgumentException("state " + namespace + "/" + keyOrNull + ": value of "
                    + valueOrNull.length + " bytes, at most " + MAX_VALUE_BYTES);
        }
    }
}

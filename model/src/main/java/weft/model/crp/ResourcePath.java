package weft.model.crp;

import java.util.Arrays;

/**
 * The critical resources a request visits, in path order; the last is the destination's ejection channel. Grants
 * and retries return through them in reverse (seed 001 §2.4: the request records its path). Immutable.
 */
public final class ResourcePath {
    private final int[] resources;

    private ResourcePath(int[] resources) {
        this.resources = resources;
    }

    /**
     * @param resources resource ids in path order, the destination last; at least one, no repeats
     */
    public static ResourcePath of(int... resources) {
        if (resources.length == 0) {
            throw new IllegalArgumentException("resource path: empty (the destination at least)");
        }
        int[] copy = resources.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] < 0) {
                throw new IllegalArgumentException("resource path " + Arrays.toString(copy) + ": resource " + copy[i]
                        + " at " + i + " is negative");
            }
            for (int j = 0; j < i; j++) {
                if (copy[j] == copy[i]) {
                    throw new IllegalArgumentException("resource path " + Arrays.toString(copy) + ": resource "
                            + copy[i] + " twice");
                }
            }
        }
        return new ResourcePath(copy);
    }

    public int size() {
        return resources.length;
    }

    /** The resource at position {@code hop}. */
    public int get(int hop) {
        return resources[hop];
    }

    /** The destination's ejection resource. */
    public int destination() {
        return resources[resources.length - 1];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResourcePath p && Arrays.equals(resources, p.resources);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(resources);
    }

    @Override
    public String toString() {
        return Arrays.toString(resources);
    }
}

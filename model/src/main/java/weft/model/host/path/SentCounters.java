package weft.model.host.path;

/**
 * The bytes-sent counters of the deficit policies (Sorted-Deficit and Two-Phase, seed 004 §3.2.2-3.2.3), kept
 * bounded: once every counter of the usable paths has passed {@link #REBASE} bytes, their minimum is taken off each.
 * Subtracting one amount from every counter of a set keeps every argmin (the quantum step of §3.2.2), so the choices
 * do not change.
 */
final class SentCounters {
    /** The counters are rebased once the smallest has passed this many bytes. */
    static final long REBASE = 1 << 20;

    private SentCounters() {
    }

    /**
     * Takes the minimum of {@code counters[0..paths)} off each of them when it has passed {@link #REBASE}.
     *
     * @return whether the counters were rebased
     */
    static boolean rebase(long[] counters, int paths) {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < paths; i++) {
            min = Math.min(min, counters[i]);
        }
        if (min < REBASE) {
            return false;
        }
        for (int i = 0; i < paths; i++) {
            counters[i] -= min;
        }
        return true;
    }
}

package weft.agent.datapath;

/**
 * The agent's one clock: {@link System#nanoTime()} for pacing, and the same reading shifted to nanoseconds since
 * the epoch for shim timestamps, so one-way delays between agents on one machine are meaningful and a restarted
 * sender's timestamps keep increasing (the resequencer's restart rule relies on it).
 */
public final class AgentClock {
    /** One offset per JVM, read from the microsecond wall clock, so agents in one process agree exactly. */
    private static final long EPOCH_OFFSET = epochOffset();

    private final long epochOffset = EPOCH_OFFSET;

    private static long epochOffset() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano() - System.nanoTime();
    }

    public long nanoTime() {
        return System.nanoTime();
    }

    /** {@code nanoTime} expressed as nanoseconds since the epoch. */
    public long toEpoch(long nanoTime) {
        return nanoTime + epochOffset;
    }
}

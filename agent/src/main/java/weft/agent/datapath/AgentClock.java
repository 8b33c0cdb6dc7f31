package weft.agent.datapath;

/**
 * The agent's one clock: {@link System#nanoTime()} for pacing, and the same reading shifted to nanoseconds since
 * the epoch for shim timestamps, so one-way delays between agents on one machine are meaningful and a restarted
 * sender's timestamps keep increasing (the resequencer's restart rule relies on it).
 */
public final class AgentClock {
    private final long epochOffset;

    public AgentClock() {
        this.epochOffset = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
    }

    public long nanoTime() {
        return System.nanoTime();
    }

    /** {@code nanoTime} expressed as nanoseconds since the epoch. */
    public long toEpoch(long nanoTime) {
        return nanoTime + epochOffset;
    }
}

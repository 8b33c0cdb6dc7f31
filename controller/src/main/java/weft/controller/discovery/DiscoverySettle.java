package weft.controller.discovery;

import java.time.Duration;

/**
 * Decides when a controller that knows its fabric only from discovery computes routes: the first time once
 * {@link Discovery#version()} has not changed for the settle interval, afterwards once a change has been quiet
 * for the (shorter) coalesce interval, so that a burst of news (a switch with all its links, hosts sending their
 * first packets one after the other) costs one recomputation. Time is passed in; no clock, no thread.
 *
 * <p>Decision: a computation counts as done for the version it was started on whether or not it succeeded: a
 * fabric that cannot be routed yet (say, half of a link seen) is retried on the next change, not on every poll.
 */
public final class DiscoverySettle {
    private final long settleNanos;
    private final long coalesceNanos;
    private long seenVersion = -1;
    private long changedAtNanos;
    private long computedVersion = -1;

    /**
     * @param settle   quiet time before the first computation
     * @param coalesce quiet time before each later one
     * @throws IllegalArgumentException when either is negative
     */
    public DiscoverySettle(Duration settle, Duration coalesce) {
        if (settle.isNegative() || coalesce.isNegative()) {
            throw new IllegalArgumentException("settle and coalesce must be >= 0, got " + settle + " and "
                    + coalesce);
        }
        this.settleNanos = settle.toNanos();
        this.coalesceNanos = coalesce.toNanos();
    }

    /**
     * Feeds what discovery looks like now.
     *
     * @param version   {@link Discovery#version()}; 0 means nothing was discovered yet
     * @param nowNanos  a monotonic clock reading
     * @return true when routes should be computed now (then call {@link #computed})
     */
    public boolean due(long version, long nowNanos) {
        if (version != seenVersion) {
            seenVersion = version;
            changedAtNanos = nowNanos;
        }
        if (version == 0 || version == computedVersion) {
            return false;
        }
        long quiet = computedVersion < 0 ? settleNanos : coalesceNanos;
        return nowNanos - changedAtNanos >= quiet;
    }

    /** Routes were computed (or attempted) for this version, whatever changed while they were. */
    public void computed(long version) {
        computedVersion = version;
    }

    /** True once routes were computed at least once. */
    public boolean settled() {
        return computedVersion >= 0;
    }
}

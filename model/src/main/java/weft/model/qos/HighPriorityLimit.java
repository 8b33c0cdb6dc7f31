package weft.model.qos;

/**
 * The limit of high priority: how much high-priority traffic may leave before a waiting low-priority packet must
 * get its turn (seed 002 §4.2.1, level 2 of the arbitration hierarchy).
 *
 * <p>The thesis words it as a number of packets; the InfiniBand specification encodes it as LimitOfHighPriority in
 * units of 4 KB, where 255 means unbounded and 0 still lets one high-priority packet go. Both readings are
 * available; {@link #mayStart(long)} applies either to the count the arbiter keeps.
 *
 * @param value   4 KB units (0..255, 255 unbounded) or packets (>= 1)
 * @param packets true for the thesis's packet count, false for the InfiniBand byte limit
 */
public record HighPriorityLimit(int value, boolean packets) {
    /** InfiniBand's unbounded value. */
    public static final int IBA_UNBOUNDED = 255;
    /** InfiniBand's unit: 4 KB. */
    public static final int IBA_UNIT_BYTES = 4096;

    public HighPriorityLimit {
        if (packets && value < 1) {
            throw new IllegalArgumentException("limit of high priority: " + value + " packets, expected >= 1");
        }
        if (!packets && (value < 0 || value > IBA_UNBOUNDED)) {
            throw new IllegalArgumentException("LimitOfHighPriority " + value + " outside 0.." + IBA_UNBOUNDED);
        }
    }

    /** The InfiniBand encoding: {@code units} x 4 KB, 255 = unbounded. */
    public static HighPriorityLimit iba(int units) {
        return new HighPriorityLimit(units, false);
    }

    /** The thesis's reading: at most {@code n} high-priority packets while a low-priority packet waits. */
    public static HighPriorityLimit packets(int n) {
        return new HighPriorityLimit(n, true);
    }

    /** No limit: high priority is strict. */
    public static HighPriorityLimit unbounded() {
        return iba(IBA_UNBOUNDED);
    }

    /** Whether the limit is unbounded. */
    public boolean isUnbounded() {
        return !packets && value == IBA_UNBOUNDED;
    }

    /**
     * Whether another high-priority packet may start while a low-priority packet waits.
     *
     * @param sent high-priority packets (packet limit) or bytes (InfiniBand limit) sent since the last low-priority
     *             packet
     */
    public boolean mayStart(long sent) {
        if (packets) {
            return sent < value;
        }
        return isUnbounded() || sent == 0 || sent < (long) value * IBA_UNIT_BYTES;
    }
}

package weft.model.sim.control;

/**
 * What the TCP hosts of a run did, counted over the whole run (warm-up included): data segments sent, how many of
 * them were retransmissions, and retransmission timeouts.
 */
public final class TcpCounters {
    private long segments;
    private long retransmitted;
    private long timeouts;

    void sent(boolean retransmission) {
        segments++;
        if (retransmission) {
            retransmitted++;
        }
    }

    void timeout() {
        timeouts++;
    }

    /** Data segments sent. */
    public long segments() {
        return segments;
    }

    /** Segments sent again (fast, partial-acknowledgement and go-back-N retransmissions). */
    public long retransmitted() {
        return retransmitted;
    }

    /** Retransmission timeouts. */
    public long timeouts() {
        return timeouts;
    }

    /** Retransmitted segments per segment sent, 0 when none was sent. */
    public double retransmittedShare() {
        return segments == 0 ? 0 : (double) retransmitted / segments;
    }
}

package weft.model.repro;

import weft.model.sim.SimObserver;

/**
 * Each flow's packet loss when a host sends to many destinations, as seed 004 §3.2.4's maximum-loss criterion reads
 * it under all-to-all traffic (Table 3.3: "the loss rate of some flow exceeds ... 0.1% of its packets", a flow being
 * one source and destination pair): of the packets a source made for a destination in the window and took into its
 * queue, the fraction that never arrived. A packet is counted by the instant it was made, on both sides, because
 * its host's link does not say whose it is; packets made in the window and still queued or in flight when it ends
 * count once the run has drained them. A queue that refuses a packet at its source is not network loss and is not
 * counted ({@link LossMeter} does the same by counting at the link).
 */
final class FlowLossMeter implements SimObserver {
    private final MeasuredWindow window;
    private final int hosts;
    private final long[] made;
    private final long[] delivered;

    /** A meter for the flows among {@code hosts} hosts, over this window. */
    FlowLossMeter(int hosts, MeasuredWindow window) {
        this.window = window;
        this.hosts = hosts;
        made = new long[hosts * hosts];
        delivered = new long[hosts * hosts];
    }

    @Override
    public void generated(int host, int dst, int bytes, long nowPs, boolean accepted) {
        if (accepted && window.contains(nowPs)) {
            made[host * hosts + dst]++;
        }
    }

    @Override
    public void delivered(int src, int dst, int flow, int bytes, long createdPs, long injectedPs, long nowPs) {
        if (window.contains(createdPs)) {
            delivered[src * hosts + dst]++;
        }
    }

    /** The largest packet loss of a flow, lost over made packets, over the flows that made any; NaN for none. */
    double worstPacketLoss() {
        return LossMeter.worstLoss(made, delivered);
    }
}

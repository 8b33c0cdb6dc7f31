package weft.model.sim;

import weft.model.routing.PauseHeadroom;

/**
 * The PFC headroom of a fabric: what a buffer must still hold after it decides to pause its neighbour, from
 * {@link PauseHeadroom} (seed 002 §3.1, Table 3.1) with this fabric's numbers: a packet in transit at each end, the
 * pause frame and its decoding, and the bits in flight for a round trip on the slowest-to-stop link (its latency both
 * ways, plus the delay before the simulator counts an arrival: the router delay of an output-queued switch), rounded
 * up to whole packets.
 */
final class PfcThresholds {
    private PfcThresholds() {
    }

    /** The largest headroom over the channels into switches, in bytes. */
    static long headroomBytes(Fabric f, int packetBytes, long routerDelayPs) {
        long worst = 0;
        for (int c = 0; c < f.channels; c++) {
            if (f.toHost(c)) {
                continue;
            }
            long bitsPerPs1000 = f.chMbps[c];
            long flightPs = 2 * f.chLatencyPs[c] + routerDelayPs;
            long propagationBits = flightPs * bitsPerPs1000 / 1_000_000L + 1;
            PauseHeadroom h = new PauseHeadroom(8L * packetBytes, 8L * packetBytes,
                    8L * PriorityFlowControl.PAUSE_FRAME_BYTES, 1024, propagationBits, packetBytes);
            worst = Math.max(worst, h.triggerBytes());
        }
        return worst;
    }
}

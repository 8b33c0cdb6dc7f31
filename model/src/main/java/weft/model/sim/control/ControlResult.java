package weft.model.sim.control;

import java.util.List;

/**
 * The figures of one run of message traffic under a control scheme (see {@link ControlStats}). Rates are flits per
 * cycle per node (a fraction of the link), latencies cycles, over the measurement window and the hosts that take
 * part in the measured (foreground) traffic.
 *
 * @param participants       hosts whose foreground is measured
 * @param offered            mean offered foreground rate per participant
 * @param accepted           mean accepted foreground rate per participant (as a source: its data delivered)
 * @param acceptedMin        the least accepted rate of any participant
 * @param acceptedStd        standard deviation of the participants' accepted rates
 * @param latencyMean        mean in-network latency of foreground packets injected in the window
 * @param latencyMin         the least
 * @param latencyMax         the most
 * @param latencyPackets     packets in the latency figures
 * @param controlOverhead    control flits over all flits put on links in the window
 * @param controlFlits       control flits (requests, grants, retries, ACKs, NACKs; ECN notifications)
 * @param dataFlits          data flits, speculative ones included
 * @param speculativeFlits   speculative data flits (CRP)
 * @param speculativePackets speculative data packets put on links (CRP; a resent one counts again)
 * @param arrivedDataFlits   data flits that arrived at their destinations (every flow, speculative ones included)
 * @param retryProbability   retries over answers (grants and retries) the sources received (CRP), NaN when none
 * @param requests           reservation requests sent (CRP)
 * @param grants             grants received
 * @param retries            retries received
 * @param retriesByCause     retries received by {@link weft.model.crp.RetryCause} (in its order)
 * @param roundTripLocal     mean time from a request to its answer, paths with the destination alone (cycles)
 * @param roundTripReserved  the same for paths over reserved channels
 * @param notifications      congestion notifications received (ECN)
 * @param expired            speculative packets dropped after their time to wait (CRP, NACKed)
 * @param droppedData        data packets a full lossy buffer dropped
 * @param droppedSpeculative speculative packets a full lossy buffer dropped
 * @param droppedControl     control packets a full lossy buffer dropped
 * @param refusedMessages    foreground messages a full source queue refused
 * @param series             foreground throughput and latency over time
 */
public record ControlResult(int participants, double offered, double accepted, double acceptedMin, double acceptedStd,
                            double latencyMean, double latencyMin, double latencyMax, long latencyPackets,
                            double controlOverhead, long controlFlits, long dataFlits, long speculativeFlits,
                            long speculativePackets, long arrivedDataFlits,
                            double retryProbability, long requests, long grants, long retries,
                            List<Long> retriesByCause,
                            double roundTripLocal, double roundTripReserved, long notifications, long expired,
                            long droppedData, long droppedSpeculative, long droppedControl, long refusedMessages,
                            List<Bin> series) {
    public ControlResult {
        series = List.copyOf(series);
        retriesByCause = List.copyOf(retriesByCause);
    }

    /**
     * One time bin of the foreground (by delivery time).
     *
     * @param startCycle  the bin's start
     * @param throughput  flits delivered per cycle per participant
     * @param latencyMean mean in-network latency of the packets delivered in it, NaN when none
     */
    public record Bin(double startCycle, double throughput, double latencyMean) {
    }

    /**
     * Control flits per data flit delivered: the bandwidth control packets cost on top of the data they carry
     * through (seed 001 §4.1's "bandwidth overhead of control packets"; its 14% is 18 requests and 18 answers of
     * one flit per 256-flit message), NaN when no data arrived.
     */
    public double controlPerData() {
        return arrivedDataFlits == 0 ? Double.NaN : (double) controlFlits / arrivedDataFlits;
    }

    /** Data packets lost to full buffers (not counting CRP's expired speculative packets, which are resent). */
    public long lost() {
        return droppedData + droppedSpeculative + droppedControl;
    }
}

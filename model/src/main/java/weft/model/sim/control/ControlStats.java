package weft.model.sim.control;

import java.util.ArrayList;
import java.util.List;

/**
 * What a run of message traffic under a control scheme measured, in seed 001's terms (§3): per source, the offered
 * and accepted foreground data as flits per cycle (fractions of the link, one flit per cycle); the in-network
 * latency of foreground packets (from injection to the tail's arrival), in cycles; the control overhead (control
 * flits over all flits the hosts and switches put on links); CRP's retry probability; ECN's notifications; drops by
 * kind; and the foreground's throughput and latency over time in bins (Fig. 9). Counts are taken inside the
 * measurement window (by the time of the event; latency by the packet's injection time).
 */
public final class ControlStats {
    private final long windowStart;
    private final long windowEnd;
    private final long cyclePs;
    private final int flitBytes;
    private final long binPs;
    private final boolean[] participates;
    private final long[] offeredBytes;
    private final long[] acceptedBytes;
    private long latencyCount;
    private double latencySum;
    private long latencyMin = Long.MAX_VALUE;
    private long latencyMax;
    private final long[] binBytes;
    private final double[] binLatencySum;
    private final long[] binLatencyCount;
    private long controlFlits;
    private long dataFlits;
    private long speculativeFlits;
    private long speculativePackets;
    private long arrivedDataFlits;
    private long expired;
    private long droppedData;
    private long droppedSpeculative;
    private long droppedControl;
    private long requests;
    private final long[] roundTrips = new long[2];
    private final double[] roundTripSum = new double[2];
    private long grants;
    private long retries;
    private final long[] retriesByCause = new long[weft.model.crp.RetryCause.values().length];
    private long notifications;
    private long refusedMessages;

    /**
     * @param windowStart    start of the measurement window
     * @param windowEnd      its end
     * @param cyclePs        one cycle: the time of one flit on a host link
     * @param flitBytes      one flit
     * @param binPs          width of the time-series bins (from time 0)
     * @param participates   the hosts whose foreground is measured ("the sources that participate", §3)
     */
    ControlStats(long windowStart, long windowEnd, long cyclePs, int flitBytes, long binPs, boolean[] participates) {
        this.windowStart = windowStart;
        this.windowEnd = windowEnd;
        this.cyclePs = cyclePs;
        this.flitBytes = flitBytes;
        this.binPs = binPs;
        this.participates = participates.clone();
        offeredBytes = new long[participates.length];
        acceptedBytes = new long[participates.length];
        int bins = (int) Math.min(1_000_000, (windowEnd + binPs - 1) / binPs);
        binBytes = new long[bins];
        binLatencySum = new double[bins];
        binLatencyCount = new long[bins];
    }

    private boolean in(long t) {
        return t >= windowStart && t < windowEnd;
    }

    /** Host {@code src} made measured data of {@code bytes} (or refused it). */
    void offered(int src, long bytes, long now, boolean accepted) {
        if (in(now)) {
            offeredBytes[src] += bytes;
            if (!accepted) {
                refusedMessages++;
            }
        }
    }

    /** A host put a packet on its link (or a switch turned one into a control packet). */
    void sent(int bytes, boolean control, boolean speculative, long now) {
        if (!in(now)) {
            return;
        }
        long flits = (bytes + flitBytes - 1) / flitBytes;
        if (control) {
            controlFlits += flits;
        } else {
            dataFlits += flits;
            if (speculative) {
                speculativeFlits += flits;
                speculativePackets++;
            }
        }
    }

    /** A data packet (measured, background or speculative) arrived at its destination. */
    void arrived(int bytes, long now) {
        if (in(now)) {
            arrivedDataFlits += (bytes + flitBytes - 1) / flitBytes;
        }
    }

    /** A measured data packet from {@code src} arrived. */
    void delivered(int src, int bytes, long injectedPs, long now) {
        if (in(now)) {
            acceptedBytes[src] += bytes;
        }
        long latency = now - injectedPs;
        if (in(injectedPs)) {
            latencyCount++;
            latencySum += latency;
            latencyMin = Math.min(latencyMin, latency);
            latencyMax = Math.max(latencyMax, latency);
        }
        int bin = (int) (now / binPs);
        if (bin < binBytes.length) {
            binBytes[bin] += bytes;
            binLatencySum[bin] += latency;
            binLatencyCount[bin]++;
        }
    }

    /** A switch dropped a packet: an expired speculative one (NACKed), or one a full lossy buffer refused. */
    void dropped(boolean control, boolean speculative, boolean expiredWait, long now) {
        if (!in(now)) {
            return;
        }
        if (expiredWait) {
            expired++;
        } else if (control) {
            droppedControl++;
        } else if (speculative) {
            droppedSpeculative++;
        } else {
            droppedData++;
        }
    }

    /** A CRP request was answered after {@code ps}; {@code channels}: its path had reserved channels. */
    void roundTrip(boolean channels, long ps, long now) {
        if (in(now)) {
            int k = channels ? 1 : 0;
            roundTrips[k]++;
            roundTripSum[k] += ps;
        }
    }

    /** A CRP source sent a reservation request (a first one or a repeat after a retry). */
    void request(long now) {
        if (in(now)) {
            requests++;
        }
    }

    /** A CRP source received a grant ({@code cause} null) or a retry for {@code cause}. */
    void answer(weft.model.crp.RetryCause cause, long now) {
        if (in(now)) {
            if (cause == null) {
                grants++;
            } else {
                retries++;
                retriesByCause[cause.ordinal()]++;
            }
        }
    }

    /** An ECN source received a congestion notification. */
    void notification(long now) {
        if (in(now)) {
            notifications++;
        }
    }

    /** Accepted rate of each host (flits per cycle), NaN for those that do not take part. */
    public double[] acceptedByHost() {
        double window = (double) (windowEnd - windowStart) / cyclePs;
        double[] out = new double[participates.length];
        for (int h = 0; h < out.length; h++) {
            out[h] = participates[h] ? acceptedBytes[h] / (double) flitBytes / window : Double.NaN;
        }
        return out;
    }

    /** The figures of the run. */
    public ControlResult result() {
        double window = (double) (windowEnd - windowStart) / cyclePs;
        List<Double> accepted = new ArrayList<>();
        List<Double> offered = new ArrayList<>();
        for (int h = 0; h < participates.length; h++) {
            if (participates[h]) {
                accepted.add(acceptedBytes[h] / (double) flitBytes / window);
                offered.add(offeredBytes[h] / (double) flitBytes / window);
            }
        }
        double mean = accepted.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double min = accepted.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double var = accepted.stream().mapToDouble(a -> (a - mean) * (a - mean)).average().orElse(Double.NaN);
        List<ControlResult.Bin> series = new ArrayList<>();
        int participants = accepted.size();
        for (int b = 0; b < binBytes.length; b++) {
            double binCycles = (double) binPs / cyclePs;
            series.add(new ControlResult.Bin((double) b * binPs / cyclePs,
                    participants == 0 ? Double.NaN : binBytes[b] / (double) flitBytes / binCycles / participants,
                    binLatencyCount[b] == 0 ? Double.NaN : binLatencySum[b] / binLatencyCount[b] / cyclePs));
        }
        long allFlits = controlFlits + dataFlits;
        return new ControlResult(participants,
                offered.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN), mean, min,
                Math.sqrt(var),
                latencyCount == 0 ? Double.NaN : latencySum / latencyCount / cyclePs,
                latencyCount == 0 ? Double.NaN : (double) latencyMin / cyclePs,
                latencyCount == 0 ? Double.NaN : (double) latencyMax / cyclePs, latencyCount,
                allFlits == 0 ? Double.NaN : (double) controlFlits / allFlits, controlFlits, dataFlits,
                speculativeFlits, speculativePackets, arrivedDataFlits,
                grants + retries == 0 ? Double.NaN : (double) retries / (grants + retries), requests, grants,
                retries, java.util.Arrays.stream(retriesByCause).boxed().toList(),
                roundTrips[0] == 0 ? Double.NaN : roundTripSum[0] / roundTrips[0] / cyclePs,
                roundTrips[1] == 0 ? Double.NaN : roundTripSum[1] / roundTrips[1] / cyclePs, notifications, expired,
                droppedData, droppedSpeculative, droppedControl, refusedMessages,
                series);
    }
}

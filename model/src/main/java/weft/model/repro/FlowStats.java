package weft.model.repro;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import weft.model.sim.SimObserver;

/**
 * Per flow, what one run measured (seed 002 §5.4.2, Figs. 5.5-5.7): its received rate over its requested peak rate,
 * its mean network latency and its jitter, the spread {@code T_max − T_min} of its packets' network latencies (the
 * quantity eq. 5.8 bounds), all in cycles. A flow is a tag given by {@link ServiceLevelTraffic}; a packet counts when
 * it was made in the measured window, its bytes as received when delivered in it.
 */
final class FlowStats implements SimObserver {
    private final double[][] peaks;
    private final int[] base;
    private final int[] serviceLevel;
    private final MeasuredWindow window;
    private final long cyclePs;
    private final double linkBytesPerPs;
    private final double[] bytes;
    private final double[] latency;
    private final int[] packets;
    private final long[] least;
    private final long[] most;

    /**
     * @param peaks    per host, its flows' peak rates, fractions of the link
     * @param linkGbps host link rate
     */
    FlowStats(double[][] peaks, int[] serviceLevel, MeasuredWindow window, long cyclePs, double linkGbps) {
        this.peaks = peaks;
        this.base = bases(peaks);
        this.serviceLevel = serviceLevel;
        this.window = window;
        this.cyclePs = cyclePs;
        this.linkBytesPerPs = linkGbps / 8 / 1000;
        int n = base[peaks.length];
        bytes = new double[n];
        latency = new double[n];
        packets = new int[n];
        least = new long[n];
        most = new long[n];
        Arrays.fill(least, Long.MAX_VALUE);
    }

    /** The first flow number of every host, and the number of flows at index {@code hosts}. */
    static int[] bases(double[][] peaks) {
        int[] b = new int[peaks.length + 1];
        for (int h = 0; h < peaks.length; h++) {
            b[h + 1] = b[h] + peaks[h].length;
        }
        return b;
    }

    /** A rate cut into flows of peak {@code flow}, the last one carrying the remainder (as {@code AdmittedLoad}). */
    static double[] cut(double rate, double flow) {
        int n = (int) Math.ceil(rate / flow - 1e-9);
        double[] out = new double[Math.max(0, n)];
        for (int k = 0; k < out.length; k++) {
            out[k] = Math.min(flow, rate - k * flow);
        }
        return out;
    }

    @Override
    public void delivered(int src, int dst, int flow, int size, long createdPs, long injectedPs, long nowPs) {
        if (flow < base[src] || flow >= base[src + 1]) {
            return;
        }
        if (window.contains(nowPs)) {
            bytes[flow] += size;
        }
        if (window.contains(createdPs)) {
            long cycles = (nowPs - injectedPs) / cyclePs;
            latency[flow] += cycles;
            packets[flow]++;
            least[flow] = Math.min(least[flow], cycles);
            most[flow] = Math.max(most[flow], cycles);
        }
    }

    /** Every flow of the run. */
    List<Flow> flows() {
        List<Flow> out = new ArrayList<>();
        double linkBytes = window.lengthPs() * linkBytesPerPs;
        for (int h = 0; h < peaks.length; h++) {
            for (int k = 0; k < peaks[h].length; k++) {
                int f = base[h] + k;
                out.add(new Flow(serviceLevel[h], bytes[f] / (peaks[h][k] * linkBytes),
                        packets[f] == 0 ? Double.NaN : latency[f] / packets[f],
                        packets[f] == 0 ? 0 : most[f] - least[f], packets[f]));
            }
        }
        return out;
    }

    /**
     * One flow's figures.
     *
     * @param serviceLevel its class
     * @param rate         received over requested rate
     * @param latency      mean network latency, cycles (NaN with no packet)
     * @param jitter       largest minus least network latency, cycles
     * @param packets      packets measured
     */
    record Flow(int serviceLevel, double rate, double latency, long jitter, int packets) {
    }

    /** The mean received / requested rate of the flows of levels {@code from..to-1} that were measured. */
    static double meanRate(List<Flow> flows, int from, int to) {
        return flows.stream().filter(f -> f.serviceLevel() >= from && f.serviceLevel() < to)
                .mapToDouble(Flow::rate).average().orElse(Double.NaN);
    }

    /** The mean over the flows of levels {@code from..to-1} of each flow's mean latency, cycles. */
    static double meanLatency(List<Flow> flows, int from, int to) {
        return flows.stream().filter(f -> f.serviceLevel() >= from && f.serviceLevel() < to && f.packets() > 0)
                .mapToDouble(Flow::latency).average().orElse(Double.NaN);
    }

    /** The largest jitter of any flow of levels {@code from..to-1}, cycles. */
    static double maxJitter(List<Flow> flows, int from, int to) {
        return flows.stream().filter(f -> f.serviceLevel() >= from && f.serviceLevel() < to)
                .mapToLong(Flow::jitter).max().orElse(0);
    }
}

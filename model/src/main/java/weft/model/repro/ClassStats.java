package weft.model.repro;

import java.util.Arrays;

import weft.model.sim.SimObserver;

/**
 * Per service level, what one run measured: offered and accepted load (fractions of the host link, mean over the
 * level's hosts) and the network latency of every measured packet in cycles (injection to delivery, §4.3.3), with
 * the first level's latencies also by the number of switches on the path (Fig. 4.4), and how busy every channel was.
 * A packet is measured when it was made in the window; bytes count as offered when made in it and as accepted when
 * delivered in it.
 */
final class ClassStats implements SimObserver {
    private final int[] serviceLevel;
    private final int[] switchesOnPath;
    private final MeasuredWindow window;
    private final long cyclePs;
    private final double linkBytesPerPs;
    private final int[] hostsOf;
    private final double[] offeredBytes;
    private final double[] acceptedBytes;
    private final Samples[] latency;
    private final Samples all = new Samples();
    private final Samples[] firstByHops;
    private final long[] busyPs;

    /**
     * @param switchesOnPath per source host, the switches its packets cross
     * @param linkGbps       host link rate
     */
    ClassStats(int[] serviceLevel, int classes, int[] switchesOnPath, int channels, MeasuredWindow window,
               long cyclePs, double linkGbps) {
        this.serviceLevel = serviceLevel;
        this.switchesOnPath = switchesOnPath;
        this.window = window;
        this.cyclePs = cyclePs;
        this.linkBytesPerPs = linkGbps / 8 / 1000;
        hostsOf = new int[classes];
        for (int sl : serviceLevel) {
            hostsOf[sl]++;
        }
        offeredBytes = new double[classes];
        acceptedBytes = new double[classes];
        latency = new Samples[classes];
        for (int c = 0; c < classes; c++) {
            latency[c] = new Samples();
        }
        busyPs = new long[channels];
        int most = Arrays.stream(switchesOnPath).max().orElse(0);
        firstByHops = new Samples[most + 1];
        for (int i = 0; i <= most; i++) {
            firstByHops[i] = new Samples();
        }
    }

    @Override
    public void generated(int host, int dst, int bytes, long nowPs, boolean accepted) {
        if (window.contains(nowPs)) {
            offeredBytes[serviceLevel[host]] += bytes;
        }
    }

    @Override
    public void transmitted(int channel, int vc, int bytes, long startPs, long endPs) {
        long s = Math.max(startPs, window.fromPs());
        long e = Math.min(endPs, window.toPs());
        if (e > s) {
            busyPs[channel] += e - s;
        }
    }

    /** The highest utilisation in the window of any of channels {@code 0..channels-1} (the switch links). */
    double busiest(int channels) {
        long most = 0;
        for (int c = 0; c < channels; c++) {
            most = Math.max(most, busyPs[c]);
        }
        return (double) most / window.lengthPs();
    }

    @Override
    public void delivered(int src, int dst, int flow, int bytes, long createdPs, long injectedPs, long nowPs) {
        int sl = serviceLevel[src];
        if (window.contains(nowPs)) {
            acceptedBytes[sl] += bytes;
        }
        if (window.contains(createdPs)) {
            long cycles = (nowPs - injectedPs) / cyclePs;
            latency[sl].add(cycles);
            all.add(cycles);
            if (sl == 0) {
                firstByHops[switchesOnPath[src]].add(cycles);
            }
        }
    }

    private double perHost(double bytes, int sl) {
        return hostsOf[sl] == 0 ? Double.NaN : bytes / hostsOf[sl] / (window.lengthPs() * linkBytesPerPs);
    }

    /** Mean offered load of the level's hosts, a fraction of their links. */
    double offered(int sl) {
        return perHost(offeredBytes[sl], sl);
    }

    /** Mean accepted load of the level's hosts. */
    double accepted(int sl) {
        return perHost(acceptedBytes[sl], sl);
    }

    Samples latency(int sl) {
        return latency[sl];
    }

    Samples all() {
        return all;
    }

    /** The first level's latencies over paths of {@code switches} switches (empty when there are none). */
    Samples firstLevelOver(int switches) {
        return switches < firstByHops.length ? firstByHops[switches] : new Samples();
    }

    /** A growing list of latencies in cycles, with the statistics the thesis reports. */
    static final class Samples {
        private long[] values = new long[256];
        private int size;
        private boolean sorted;

        void add(long v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, 2 * size);
            }
            values[size++] = v;
            sorted = false;
        }

        /** Adds every sample of another list. */
        void addAll(Samples other) {
            for (int i = 0; i < other.size; i++) {
                add(other.values[i]);
            }
        }

        int size() {
            return size;
        }

        double mean() {
            if (size == 0) {
                return Double.NaN;
            }
            double s = 0;
            for (int i = 0; i < size; i++) {
                s += values[i];
            }
            return s / size;
        }

        double sd() {
            double m = mean();
            double s = 0;
            for (int i = 0; i < size; i++) {
                s += (values[i] - m) * (values[i] - m);
            }
            return size < 2 ? Double.NaN : Math.sqrt(s / (size - 1));
        }

        /** The q-quantile (nearest rank), NaN when empty. */
        double quantile(double q) {
            if (size == 0) {
                return Double.NaN;
            }
            if (!sorted) {
                Arrays.sort(values, 0, size);
                sorted = true;
            }
            int rank = (int) Math.ceil(q * size);
            return values[Math.max(0, Math.min(size - 1, rank - 1))];
        }

        double max() {
            return quantile(1);
        }

        /** Inter-quartile range. */
        double iqr() {
            return quantile(0.75) - quantile(0.25);
        }
    }
}

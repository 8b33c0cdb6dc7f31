package weft.model.repro;

import weft.model.sim.SimNetwork;
import weft.model.sim.SimObserver;

/**
 * Each source host's throughput on a lossy fabric, as seed 004 §3.1.1 measures it: over the packets a host put on
 * its link during the window (counted as they leave the source queue, not when made), the fraction of their bytes
 * delivered. Packets injected in the window and still in flight when it ends count once the run has drained them.
 */
final class LossMeter implements SimObserver {
    private final long from;
    private final long to;
    private final int[] hostOfChannel;
    private final long[] injected;
    private final long[] delivered;

    LossMeter(SimNetwork network, long fromPs, long toPs) {
        this.from = fromPs;
        this.to = toPs;
        hostOfChannel = new int[network.channels()];
        java.util.Arrays.fill(hostOfChannel, -1);
        for (int h = 0; h < network.hosts(); h++) {
            hostOfChannel[network.hostUpChannel(h)] = h;
        }
        injected = new long[network.hosts()];
        delivered = new long[network.hosts()];
    }

    @Override
    public void transmitted(int channel, int vc, int bytes, long startPs, long endPs) {
        int h = hostOfChannel[channel];
        if (h >= 0 && startPs >= from && startPs < to) {
            injected[h] += bytes;
        }
    }

    @Override
    public void delivered(int src, int dst, int flow, int bytes, long createdPs, long injectedPs, long nowPs) {
        if (injectedPs >= from && injectedPs < to) {
            delivered[src] += bytes;
        }
    }

    /** Host h's throughput: delivered over injected bytes; NaN when it injected nothing. */
    double throughput(int h) {
        return injected[h] == 0 ? Double.NaN : (double) delivered[h] / injected[h];
    }

    /** Mean and least throughput over the hosts that injected something: {@code {mean, min}}. */
    double[] meanAndMin() {
        double sum = 0;
        double min = Double.NaN;
        int n = 0;
        for (int h = 0; h < injected.length; h++) {
            double t = throughput(h);
            if (!Double.isNaN(t)) {
                sum += t;
                n++;
                min = Double.isNaN(min) ? t : Math.min(min, t);
            }
        }
        return new double[] {n == 0 ? Double.NaN : sum / n, min};
    }
}

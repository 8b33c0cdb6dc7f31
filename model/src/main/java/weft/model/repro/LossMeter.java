package weft.model.repro;

import weft.model.sim.SimNetwork;
import weft.model.sim.SimObserver;

/**
 * Each source host's throughput on a lossy fabric, as seed 004 §3.1.1 measures it: over the packets a host put on
 * its link during the window (counted as they leave the source queue, not when made), the fraction of their bytes
 * delivered. Packets injected in the window and still in flight when it ends count once the run has drained them.
 * Also each host's packet loss, the fraction of those packets lost (§3.2.4's loss threshold is "0.1% of its
 * packets"; with random sizes and byte-limited drop-tail queues a large frame is likelier to be dropped, so the
 * byte and packet fractions differ).
 */
final class LossMeter implements SimObserver {
    private final MeasuredWindow window;
    private final int[] hostOfChannel;
    private final long[] injected;
    private final long[] delivered;
    private final long[] injectedPackets;
    private final long[] deliveredPackets;

    LossMeter(SimNetwork network, MeasuredWindow window) {
        this.window = window;
        hostOfChannel = new int[network.channels()];
        java.util.Arrays.fill(hostOfChannel, -1);
        for (int h = 0; h < network.hosts(); h++) {
            hostOfChannel[network.hostUpChannel(h)] = h;
        }
        injected = new long[network.hosts()];
        delivered = new long[network.hosts()];
        injectedPackets = new long[network.hosts()];
        deliveredPackets = new long[network.hosts()];
    }

    @Override
    public void transmitted(int channel, int vc, int bytes, long startPs, long endPs) {
        int h = hostOfChannel[channel];
        if (h >= 0 && window.contains(startPs)) {
            injected[h] += bytes;
            injectedPackets[h]++;
        }
    }

    @Override
    public void delivered(int src, int dst, int flow, int bytes, long createdPs, long injectedPs, long nowPs) {
        if (window.contains(injectedPs)) {
            delivered[src] += bytes;
            deliveredPackets[src]++;
        }
    }

    /** Host h's throughput: delivered over injected bytes; NaN when it injected nothing. */
    double throughput(int h) {
        return injected[h] == 0 ? Double.NaN : (double) delivered[h] / injected[h];
    }

    /** The largest packet loss of a host: lost over injected packets, over the hosts that injected something. */
    double worstPacketLoss() {
        return worstLoss(injectedPackets, deliveredPackets);
    }

    /**
     * The largest loss {@code 1 - arrived[i] / sent[i]} over the entries that sent anything (hosts here, flows in
     * {@link FlowLossMeter}); NaN when none did.
     */
    static double worstLoss(long[] sent, long[] arrived) {
        double worst = Double.NaN;
        for (int i = 0; i < sent.length; i++) {
            if (sent[i] > 0) {
                double loss = 1 - (double) arrived[i] / sent[i];
                worst = Double.isNaN(worst) ? loss : Math.max(worst, loss);
            }
        }
        return worst;
    }

    /**
     * The packet loss over all hosts: lost over injected packets, NaN when nothing was injected. With every flow at
     * the same rate this is the average of the flows' loss fractions (seed 004 Table 3.4's "average loss across all
     * flows"), estimated without the noise of flows that send a packet or two in the window.
     */
    double meanPacketLoss() {
        long in = 0;
        long out = 0;
        for (int h = 0; h < injectedPackets.length; h++) {
            in += injectedPackets[h];
            out += deliveredPackets[h];
        }
        return in == 0 ? Double.NaN : 1 - (double) out / in;
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

package weft.model.repro;

import java.util.Arrays;

import weft.model.sim.SimObserver;

/**
 * Each flow's steady rate in a run: over the packets it injected after a warm-up that were delivered, (packets - 1)
 * x packet size over the time between the injection of the first and of the last of them. Decision: injection
 * times, not arrival times: the fabric is lossless with finite buffers, so over a long window what arrives is what
 * was injected, and a back-pressured source loses sending time, which is the loss of rate being measured; arrival
 * times would add each packet's queueing jitter to the window's ends.
 */
final class RateMeter implements SimObserver {
    private final long from;
    private final int[] count;
    private final long[] first;
    private final long[] last;
    private final int[] bytes;

    RateMeter(int flows, long fromPs) {
        this.from = fromPs;
        count = new int[flows];
        first = new long[flows];
        last = new long[flows];
        bytes = new int[flows];
        Arrays.fill(first, -1);
    }

    @Override
    public void delivered(int src, int dst, int flow, int size, long createdPs, long injectedPs, long nowPs) {
        if (injectedPs < from || flow < 0) {
            return;
        }
        if (first[flow] < 0) {
            first[flow] = injectedPs;
        }
        last[flow] = injectedPs;
        count[flow]++;
        bytes[flow] = size;
    }

    /** Flow f's steady rate in Gbit/s; 0 when fewer than two of its packets were injected and delivered. */
    double gbps(int f) {
        if (count[f] < 2 || last[f] == first[f]) {
            return 0;
        }
        return (count[f] - 1) * (double) bytes[f] * 8 / ((last[f] - first[f]) / 1000.0);
    }
}

package weft.model.repro;

import java.util.Arrays;

import weft.model.sim.SimObserver;

/**
 * What every egress host saw of the data delivered to it in one run, for the Egress-Based scheme's envelopes
 * ({@code EnvelopeMeter}, seed 002 §5.3.1): each packet's time stamp (when its sender put it into the network) and
 * its departure at the egress, for packets stamped from {@code fromPs} on.
 */
final class EgressLog implements SimObserver {
    private final long from;
    private final long[][] stamped;
    private final long[][] departed;
    private final int[] size;

    EgressLog(int hosts, long fromPs) {
        this.from = fromPs;
        stamped = new long[hosts][16];
        departed = new long[hosts][16];
        size = new int[hosts];
    }

    @Override
    public void delivered(int src, int dst, int flow, int bytes, long createdPs, long injectedPs, long nowPs) {
        if (injectedPs < from) {
            return;
        }
        if (size[dst] == stamped[dst].length) {
            stamped[dst] = Arrays.copyOf(stamped[dst], 2 * size[dst]);
            departed[dst] = Arrays.copyOf(departed[dst], 2 * size[dst]);
        }
        stamped[dst][size[dst]] = injectedPs;
        departed[dst][size[dst]++] = nowPs;
    }

    /** Host {@code h}'s packets as {time stamps, departures}, by time stamp. */
    long[][] of(int h) {
        int n = size[h];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(stamped[h][a], stamped[h][b]));
        long[][] out = new long[2][n];
        for (int i = 0; i < n; i++) {
            out[0][i] = stamped[h][order[i]];
            out[1][i] = departed[h][order[i]];
        }
        return out;
    }
}

package weft.model.host.path;

import java.util.random.RandomGenerator;
import weft.model.traffic.Shuffle;

/**
 * Round-robin: the path list is permuted at random once at start, then packet {@code i} takes {@code list[i mod p]}.
 *
 * <p>Source: seed 004 §3.2.1. With fewer paths allowed for a destination than the list holds, the entries at or beyond
 * that count are skipped.
 */
final class RoundRobin implements PathPolicy {
    private final int[] order;
    private int next;

    RoundRobin(int[] order) {
        this.order = order.clone();
    }

    static RoundRobin randomOrder(int maxPaths, RandomGenerator random) {
        return new RoundRobin(Shuffle.permutation(maxPaths, random));
    }

    @Override
    public int choose(int dest, int paths, int bytes) {
        for (int tries = 0; tries < order.length; tries++) {
            int p = order[next];
            next = (next + 1) % order.length;
            if (p < paths) {
                return p;
            }
        }
        return 0;
    }
}

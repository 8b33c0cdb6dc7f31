package weft.model.host.path;

import java.util.random.RandomGenerator;
import weft.model.traffic.Shuffle;

/**
 * P-RR: at the start of each round of {@code p} packets a fresh random permutation is drawn and one packet is sent
 * on each path in that order.
 *
 * <p>Source: seed 004 §3.2.1. Its worst case is the last path of one round equal to the first of the next, so a path
 * can be used twice in a row, which is why RR slightly beats it.
 */
final class PeriodicRoundRobin implements PathPolicy {
    private final int[] order;
    private final RandomGenerator random;
    private int next;

    PeriodicRoundRobin(int maxPaths, RandomGenerator random) {
        this.order = Shuffle.permutation(maxPaths, random);
        this.random = random;
    }

    @Override
    public int choose(int dest, int paths, int bytes) {
        for (int tries = 0; tries <= 2 * order.length; tries++) {
            if (next == order.length) {
                Shuffle.shuffle(order, random);
                next = 0;
            }
            int p = order[next++];
            if (p < paths) {
                return p;
            }
        }
        return 0;
    }
}

package weft.model.traffic;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * A superposition of {@code p} random permutations (seed 000 §6.3, seed 003 §5.3: every host sends to and receives
 * from exactly p hosts): host i sends its packets to {@code perm_1(i) .. perm_p(i)} in turn. With p = 1 it is a
 * random permutation (BookSim's {@code randperm}). Fixed points are kept, as BookSim keeps them (a host then sends
 * to itself through its switch). The permutations come from the pattern's own seed, so every run of one seed sees
 * the same destinations.
 */
final class Permutations implements TrafficPattern {
    private final int[][] destination;
    private final int[] step;
    private final int count;

    Permutations(int hosts, int count, long seed) {
        if (count < 1) {
            throw new IllegalArgumentException("perms needs at least 1 permutation, got " + count);
        }
        this.count = count;
        SplittableRandom random = new SplittableRandom(seed);
        destination = new int[count][];
        for (int k = 0; k < count; k++) {
            destination[k] = Shuffle.permutation(hosts, random);
        }
        step = new int[hosts];
    }

    @Override
    public String name() {
        return count == 1 ? "permutation" : "perms:" + count;
    }

    @Override
    public int destination(int source, RandomGenerator random) {
        int k = step[source];
        step[source] = (k + 1) % count;
        return destination[k][source];
    }
}

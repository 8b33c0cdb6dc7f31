package weft.model.traffic;

import java.util.random.RandomGenerator;

/**
 * Matrix transpose: the host index's upper and lower halves of bits swap places, as BookSim's {@code transpose};
 * needs an even power of two hosts. Hosts on the diagonal send to themselves.
 */
final class Transpose implements TrafficPattern {
    private final int shift;

    Transpose(int hosts) {
        if (Integer.bitCount(hosts) != 1 || Integer.numberOfTrailingZeros(hosts) % 2 != 0) {
            throw new IllegalArgumentException("transpose needs an even power of two hosts (4, 16, 64, ...), got "
                    + hosts);
        }
        shift = Integer.numberOfTrailingZeros(hosts) / 2;
    }

    @Override
    public String name() {
        return "transpose";
    }

    @Override
    public int destination(int source, RandomGenerator random) {
        int lo = (1 << shift) - 1;
        int hi = lo << shift;
        return ((source >> shift) & lo) | ((source << shift) & hi);
    }
}

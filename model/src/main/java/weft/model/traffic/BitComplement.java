package weft.model.traffic;

import java.util.random.RandomGenerator;

/** Bit complement: host {@code i} sends to {@code ~i} within the index width, as BookSim's {@code bitcomp}. */
final class BitComplement implements TrafficPattern {
    private final int mask;

    BitComplement(int hosts) {
        if (Integer.bitCount(hosts) != 1) {
            throw new IllegalArgumentException("bitcomp needs a power of two hosts, got " + hosts);
        }
        mask = hosts - 1;
    }

    @Override
    public String name() {
        return "bitcomp";
    }

    @Override
    public int destination(int source, RandomGenerator random) {
        return ~source & mask;
    }
}

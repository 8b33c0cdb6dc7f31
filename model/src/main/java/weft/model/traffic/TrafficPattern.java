package weft.model.traffic;

import java.util.random.RandomGenerator;

/**
 * A synthetic traffic pattern on host indexes {@code 0..hosts-1}: the destination of each packet a source sends.
 * Uniform, transpose, bit-complement and hot spot are defined exactly as BookSim defines them on its node index
 * ({@code traffic.cpp}), so a simulation can be compared host for host with BookSim's.
 */
public interface TrafficPattern {
    /** The pattern's name as the command line spells it, e.g. {@code "hotspot:0.2"}. */
    String name();

    /** True when the source sends at all (incast has silent hosts). */
    default boolean sends(int source) {
        return true;
    }

    /** The destination of the next packet from {@code source}; random patterns draw from {@code random}. */
    int destination(int source, RandomGenerator random);

    /** Every source always sends to {@code destination[source]} (a permutation, pairs), named {@code name}. */
    static TrafficPattern fixed(String name, int[] destination) {
        int[] dst = destination.clone();
        return new TrafficPattern() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public int destination(int source, RandomGenerator random) {
                return dst[source];
            }
        };
    }
}

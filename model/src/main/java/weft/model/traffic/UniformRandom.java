package weft.model.traffic;

import java.util.random.RandomGenerator;

/**
 * Uniform random traffic: each packet goes to a host drawn uniformly from all hosts, the source included, as
 * BookSim's {@code uniform} ({@code RandomInt(nodes - 1)}, inclusive).
 */
final class UniformRandom implements TrafficPattern {
    private final int hosts;

    UniformRandom(int hosts) {
        this.hosts = hosts;
    }

    @Override
    public String name() {
        return "uniform";
    }

    @Override
    public int destination(int source, RandomGenerator random) {
        return random.nextInt(hosts);
    }
}

package weft.model.traffic;

import java.util.random.RandomGenerator;

/**
 * Hot spot: a packet goes to the hot host with probability {@code fraction}, else to a host drawn uniformly from all
 * (as {@link UniformRandom}). It is BookSim's {@code hotspot} over all nodes with the hot node's weight raised so that
 * it receives {@code fraction} of the traffic beyond its uniform share.
 */
final class HotSpot implements TrafficPattern {
    private final int hosts;
    private final double fraction;
    private final int hot;

    HotSpot(int hosts, double fraction, int hot) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("hotspot fraction must be in 0..1, got " + fraction);
        }
        if (hot < 0 || hot >= hosts) {
            throw new IllegalArgumentException("hotspot host " + hot + " outside 0.." + (hosts - 1));
        }
        this.hosts = hosts;
        this.fraction = fraction;
        this.hot = hot;
    }

    @Override
    public String name() {
        return "hotspot:" + fraction + (hot == 0 ? "" : ":" + hot);
    }

    @Override
    public int destination(int source, RandomGenerator random) {
        return random.nextDouble() < fraction ? hot : random.nextInt(hosts);
    }
}

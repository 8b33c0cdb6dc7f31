package weft.model.routing;

/**
 * Options common to the engines; an engine ignores those that do not apply to it.
 *
 * @param maxLayers layer (virtual channel) budget: 8 for 802.1Q PCPs, 15 for InfiniBand data VLs
 * @param classes   QoS classes that share the layer budget (layers x classes must fit; seed 002 §3.3)
 * @param seed      seed for engines with randomised steps; the default run is deterministic
 * @param randomize use the seed to randomise orders (false = deterministic orders)
 * @param symmetric LASH: put (s,d) and (d,s) in the same layer, as OpenSM does (costs layers)
 * @param balance   LASH: run the balancing step that evens out paths per layer; Up*&#47;Down*, TBTP: among equally
 *                  short legal choices take the least-loaded channel (off: the lowest port)
 * @param fallback  LASH: when the budget is exceeded, route the remaining pairs Up*&#47;Down* in the last layer
 * @param root      Up*&#47;Down*: root switch id, or null to choose the most central switch; spanning tree
 *                  ({@code stp}, {@code tbtp}): root bridge id, or null for the lowest datapath id
 * @param layers    LASH, TBTP: the layers given per class, every one of them used, the pairs spread over all (seed
 *                  002 §3.3.1's layering L of n layers; §3.3.5's TBTPnVL); 0: LASH opens as few as it needs, TBTP
 *                  uses one (tbtp3vl: always three)
 */
public record RoutingOptions(int maxLayers, int classes, long seed, boolean randomize, boolean symmetric,
                             boolean balance, boolean fallback, String root, int layers) {
    public RoutingOptions {
        if (maxLayers < 1) {
            throw new IllegalArgumentException("maxLayers must be >= 1, got " + maxLayers);
        }
        if (classes < 1) {
            throw new IllegalArgumentException("classes must be >= 1, got " + classes);
        }
        if (layers < 0) {
            throw new IllegalArgumentException("layers must be >= 0, got " + layers);
        }
    }

    /**
     * Eight layers (802.1Q PCPs), one class, deterministic, no symmetric pairing, balancing on, fallback on, as few
     * layers as the engine needs.
     */
    public static RoutingOptions defaults() {
        return new RoutingOptions(8, 1, 1L, false, false, true, true, null, 0);
    }

    public RoutingOptions withMaxLayers(int budget) {
        return new RoutingOptions(budget, classes, seed, randomize, symmetric, balance, fallback, root, layers);
    }

    public RoutingOptions withClasses(int c) {
        return new RoutingOptions(maxLayers, c, seed, randomize, symmetric, balance, fallback, root, layers);
    }

    public RoutingOptions withSeed(long s, boolean random) {
        return new RoutingOptions(maxLayers, classes, s, random, symmetric, balance, fallback, root, layers);
    }

    public RoutingOptions withSymmetric(boolean sym) {
        return new RoutingOptions(maxLayers, classes, seed, randomize, sym, balance, fallback, root, layers);
    }

    public RoutingOptions withBalance(boolean bal) {
        return new RoutingOptions(maxLayers, classes, seed, randomize, symmetric, bal, fallback, root, layers);
    }

    public RoutingOptions withFallback(boolean fb) {
        return new RoutingOptions(maxLayers, classes, seed, randomize, symmetric, balance, fb, root, layers);
    }

    /** The layers given per class (0: as few as the engine needs); see {@link #layers()}. */
    public RoutingOptions withLayers(int n) {
        return new RoutingOptions(maxLayers, classes, seed, randomize, symmetric, balance, fallback, root, n);
    }

    public RoutingOptions withRoot(String r) {
        return new RoutingOptions(maxLayers, classes, seed, randomize, symmetric, balance, fallback, r, layers);
    }

    /** Layers available to routing: the budget divided among the QoS classes. */
    public int layersPerClass() {
        return maxLayers / classes;
    }
}

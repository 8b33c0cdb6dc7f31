package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.traffic.Shuffle;

/**
 * LASH, layered shortest-path routing: one shortest path per ordered switch pair, each pair in the first layer
 * (virtual channel, 802.1Q PCP) whose channel dependency graph stays acyclic with the path added.
 *
 * <p>Seed 002 §3.3.1; path choice and pair order from the LASH calibration's strategy (3) (docs/sources.md §4). Steps,
 * as numbered in the thesis:
 * <ol>
 *   <li>Step 1: no pair has a layer; no layer has routes.</li>
 *   <li>Step 2: take the next pair (s, d) and assign it to the first layer where a shortest path fits (step 2.2).
 *       Switches forward on (destination, layer), so within a layer the paths toward d must form an in-tree; the
 *       path is therefore chosen per layer: any shortest path whose new dependencies keep the layer acyclic and
 *       that joins d's tree where it meets it ({@link ShortestPathLayers}).</li>
 *   <li>Step 3: repeat until every pair is assigned.</li>
 *   <li>Step 4 (optional): balance, moving pairs from fuller to emptier layers while no cycle is closed.</li>
 * </ol>
 * When the layers needed exceed the budget ({@link RoutingOptions#layersPerClass()}), the thesis's fallback (b)
 * puts every pair that fits none of the first budget-1 layers into the last layer, routed Up*&#47;Down*
 * ({@link UpDown}'s destination tables); without fallback the engine fails naming both numbers.
 *
 * <p>Decision: pairs are processed destination-major (destination index, then sources by increasing distance to
 * the destination, ties by index): each destination's in-tree grows outward in one go and neighbouring
 * destinations get similar trees. The calibration measured 2 layers on tori up to 16x16 with this "near" order,
 * where source-major and longest-first orders needed 3-5; here, on a 16x16 torus, plain source-index order gives 3
 * and the near order 2. Layers are first-fit. With {@code randomize} the
 * seed shuffles the destination order and each destination's source order.
 *
 * <p>Decision: pairs are the ordered pairs of switches that have hosts; a fabric without hosts routes every switch
 * pair, so bare generated fabrics can be routed and benchmarked.
 *
 * <p>Decision: the symmetric option (OpenSM's behaviour) places (s, d) and (d, s) together in the first layer where
 * both fit; it is off by default because it costs layers (calibration: 4 instead of 2 on a 6x6 torus).
 *
 * <p>Decision: balancing (step 4, {@link LayerBalance}) moves a pair from a layer above the mean to the least-filled
 * layer when it holds at least two pairs more and the pair fits there; it stops after a pass without a move or after
 * {@value #BALANCE_PASSES} passes, which bounds the run time on large fabrics, as OpenSM bounds its trials.
 *
 * <p>Decision (given layers, {@link RoutingOptions#layers()} = n): the thesis assumes "a layering L of that network
 * is given ... L has n layers" and spreads the pairs over all of them (§3.3.3 speaks of "the random selection of
 * layers in LASH"), so a pair keeps one of n virtual channels even where one layer would do. Step 2 stays first fit
 * (deterministic, so n layers suffice whenever LASH needs no more than n, and the fallback starts exactly where it
 * would with a budget of n); the n - needed layers it leaves empty are then filled by step 4, visiting the pairs in
 * an order drawn from {@link RoutingOptions#seed()} (the thesis's random selection, reproducible from the seed as
 * §3.3.3 asks of a distributed LASH), with no pass cap: it runs until a pass moves nothing, so every pair that could
 * still move to the least-filled layer has moved (where every pair fits every layer, the sizes differ by at most
 * one). Step 4 runs whatever {@link RoutingOptions#balance()} says, since it is what spreads the pairs.

 * <p>Decision: with the fallback on, pairs are first assigned to the first budget-1 layers; those that fit none are
 * then tried in the last layer, in the same order, and the first one refused there sends them all to the
 * Up*&#47;Down* layer. Layers 0..budget-2 do not depend on the last one, so this gives the same layers as first fit
 * over all budget layers while skipping the last layer's remaining attempts once the fallback is certain.
 */
final class Lash extends NamedEngine {
    /** Layers opened before the engine gives up (far above any budget; a fresh layer always takes one path). */
    static final int LAYER_LIMIT = 64;
    static final int BALANCE_PASSES = 3;

    /** Which shortest path a pair may take. */
    enum PathChoice {
        /** Any shortest path that fits the layer (the default, calibration strategy 3). */
        ANY_SHORTEST,
        /** The R of the hand-computed tests: at every switch the first productive channel in port order. */
        FIXED_FIRST_PORT
    }

    /** The order in which pairs are assigned. */
    enum PairOrder {
        /** By destination, then source nearest first (the default). */
        DESTINATION_MAJOR,
        /** By source, then destination: the lexicographic order of the hand-computed tests. */
        SOURCE_MAJOR
    }

    private final PathChoice choice;
    private final PairOrder order;

    Lash() {
        this(PathChoice.ANY_SHORTEST, PairOrder.DESTINATION_MAJOR);
    }

    Lash(PathChoice choice, PairOrder order) {
        super("lash", true);
        this.choice = choice;
        this.order = order;
    }

    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        Assignment a = assign(topology, options);
        List<ForwardingEntry> forwarding = treeEntries(g, a.pairs(), a.layers(), a.lashLayers());
        if (a.fallback()) {
            routeFallbackLayer(g, a.pairs(), a.layerOf(), a.lashLayers(), options, forwarding);
        }
        List<PairLayer> assigned = new ArrayList<>(a.pairs().size());
        for (int p : a.pairs().sourceMajor()) {
            assigned.add(new PairLayer(g.switchId(a.pairs().src(p)), g.switchId(a.pairs().dst(p)), a.layerOf()[p]));
        }
        int used = Math.max(1, a.fallback() ? a.lashLayers() + 1 : a.lashLayers());
        return new RoutingResult(name(), used, assigned, forwarding, !a.fallback());
    }

    /**
     * What steps 1-4 leave: the pairs, the layers with their paths, each pair's layer ({@code lashLayers} for the
     * Up*&#47;Down* layer), the shortest-path layers and whether the fallback layer is used.
     */
    record Assignment(Pairs pairs, ShortestPathLayers layers, int[] layerOf, int lashLayers, boolean fallback) {
    }

    /** Steps 1-4 under the options' budget, or on the given layers ({@link RoutingOptions#layers()}). */
    Assignment assign(Topology topology, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        Pairs pairs = Pairs.of(name(), topology, order == PairOrder.DESTINATION_MAJOR, options);
        int perClass = options.layersPerClass();
        String budgetName = "--max-layers " + options.maxLayers()
                + (options.classes() > 1 ? " / --classes " + options.classes() : "");
        if (perClass < 1) {
            throw new RoutingFailure(name() + ": --max-layers " + options.maxLayers() + " shared by --classes "
                    + options.classes() + " leaves no layer per class");
        }
        int given = options.layers();
        if (given > perClass) {
            throw new RoutingFailure(name() + ": --layers " + given + " exceeds the " + perClass
                    + " layers per class of " + budgetName);
        }
        int budget = given > 0 ? given : perClass;
        if (given > 0) {
            budgetName = "--layers " + given;
        }
        ShortestPathLayers layers = new ShortestPathLayers(g, choice == PathChoice.FIXED_FIRST_PORT);
        int[] layerOf = new int[pairs.size()];
        int lashLayers;
        boolean fallback = false;
        if (options.fallback()) {
            // Layers 0..budget-2 first; the pairs that fit none of them are marked budget-1 and then tried, in
            // order, in the last layer. Its first refusal decides the fallback, so its remaining attempts are
            // skipped: first fit gives the same layers as trying every pair in all budget layers at once.
            boolean overflow = assignPairs(name(), pairs, layers, layerOf, options.symmetric(), budget - 1);
            fallback = overflow && !fillLayer(pairs, layers, layerOf, options.symmetric(), budget - 1);
            lashLayers = fallback ? budget - 1 : layers.layerCount();
        } else {
            assignPairs(name(), pairs, layers, layerOf, options.symmetric(), LAYER_LIMIT);
            lashLayers = layers.layerCount();
            if (lashLayers > budget) {
                throw new RoutingFailure(name() + ": needs " + lashLayers + " layers, " + budget
                        + (given > 0 ? " given (" : " available (") + budgetName
                        + ") and the Up*/Down* fallback is off");
            }
        }
        if (given > 0 && !fallback) {
            while (layers.layerCount() < given) {
                layers.openLayer();
            }
            lashLayers = given;
            int[] visit = Shuffle.permutation(pairs.size(), new SplittableRandom(options.seed()));
            LayerBalance.balance(pairs, layers, layerOf, lashLayers, options.symmetric(), visit, Integer.MAX_VALUE);
        } else if (options.balance() && lashLayers > 1) {
            int[] visit = new int[pairs.size()];
            Arrays.setAll(visit, p -> p);
            LayerBalance.balance(pairs, layers, layerOf, lashLayers, options.symmetric(), visit, BALANCE_PASSES);
        }
        return new Assignment(pairs, layers, layerOf, lashLayers, fallback);
    }

    /**
     * Steps 1-3: every pair into the first layer that takes it, opening layers as needed up to {@code limit}.
     *
     * @return true when some pair fit none of {@code limit} layers (its layer is then {@code limit}); the engine
     *         fails with {@value #LAYER_LIMIT} as limit
     */
    static boolean assignPairs(String engine, Pairs pairs, ShortestPathLayers layers, int[] layerOf,
                               boolean symmetric, int limit) {
        boolean overflow = false;
        Arrays.fill(layerOf, -1);
        for (int p = 0; p < pairs.size(); p++) {
            if (layerOf[p] >= 0) {
                continue;
            }
            int s = pairs.src(p);
            int d = pairs.dst(p);
            int reverse = symmetric ? pairs.index(d, s) : -1;
            for (int l = 0; ; l++) {
                if (l == limit) {
                    if (limit == LAYER_LIMIT) {
                        throw new RoutingFailure(engine + ": pair " + s + "->" + d + " fits none of "
                                + LAYER_LIMIT + " layers");
                    }
                    overflow = true;
                    layerOf[p] = l;
                    if (reverse >= 0) {
                        layerOf[reverse] = l;
                    }
                    break;
                }
                if (l == layers.layerCount()) {
                    layers.openLayer();
                }
                if (!layers.place(l, s, d)) {
                    continue;
                }
                if (reverse >= 0 && !layers.place(l, d, s)) {
                    layers.remove(l, s, d);
                    continue;
                }
                layerOf[p] = l;
                if (reverse >= 0) {
                    layerOf[reverse] = l;
                }
                break;
            }
        }
        return overflow;
    }

    /**
     * Places every pair marked with {@code layer} (in pair order, (s, d) with (d, s) when symmetric) into that
     * layer, opening it.
     *
     * @return false at the first pair that does not fit (the layer is then partly filled and must not be used)
     */
    private static boolean fillLayer(Pairs pairs, ShortestPathLayers layers, int[] layerOf, boolean symmetric,
                                     int layer) {
        int l = layers.openLayer();
        if (l != layer) {
            throw new IllegalStateException("layer " + layer + " opened as " + l);
        }
        boolean[] placed = new boolean[pairs.size()];
        for (int p = 0; p < pairs.size(); p++) {
            if (layerOf[p] != layer || placed[p]) {
                continue;
            }
            int s = pairs.src(p);
            int d = pairs.dst(p);
            if (!layers.place(layer, s, d)) {
                return false;
            }
            if (symmetric) {
                int reverse = pairs.index(d, s);
                if (!layers.place(layer, d, s)) {
                    return false;
                }
                placed[reverse] = true;
            }
        }
        return true;
    }

    /** One (destination, layer) entry per switch in each layer's in-tree toward each destination. */
    static List<ForwardingEntry> treeEntries(SwitchGraph g, Pairs pairs, ShortestPathLayers layers, int count) {
        List<ForwardingEntry> forwarding = new ArrayList<>();
        for (int l = 0; l < count; l++) {
            for (int d : pairs.destinations()) {
                for (int u = 0; u < g.switchCount(); u++) {
                    int c = layers.nextHop(l, u, d);
                    if (c >= 0) {
                        forwarding.add(ForwardingEntry.of(g.switchId(u), g.switchId(d), l, g.srcPort(c)));
                    }
                }
            }
        }
        return forwarding;
    }

    /** Fallback (b): the pairs left over go Up*&#47;Down* in the last layer ({@link UpDown}'s tables). */
    private static void routeFallbackLayer(SwitchGraph g, Pairs pairs, int[] layerOf, int layer,
                                           RoutingOptions options, List<ForwardingEntry> forwarding) {
        boolean[] up = UpDown.upChannels(g, UpDown.root(g.topology(), options.root()));
        long[] load = new long[g.channelCount()];
        int n = g.switchCount();
        int[][] next = new int[n][];
        boolean[][] onPath = new boolean[n][];
        for (int p = 0; p < pairs.size(); p++) {
            if (layerOf[p] != layer) {
                continue;
            }
            int d = pairs.dst(p);
            if (next[d] == null) {
                next[d] = UpDown.routesTo(g, up, d, load);
                onPath[d] = new boolean[n];
            }
            for (int u = pairs.src(p); u != d && !onPath[d][u]; u = g.dst(next[d][u])) {
                onPath[d][u] = true;
            }
        }
        for (int d = 0; d < n; d++) {
            if (next[d] == null) {
                continue;
            }
            for (int u = 0; u < n; u++) {
                if (onPath[d][u]) {
                    forwarding.add(ForwardingEntry.of(g.switchId(u), g.switchId(d), layer, g.srcPort(next[d][u])));
                }
            }
        }
    }
}

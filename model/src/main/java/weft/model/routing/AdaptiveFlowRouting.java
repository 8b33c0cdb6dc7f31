package weft.model.routing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Adaptive flow routing on (enriched) k-ary n-trees: each flow is routed once, at setup, hop by hop, by the number
 * of flows already on each output port; D-mod-k gives the default port, which wins ties.
 *
 * <p>Source: seed 000 ch. 3 (route setup packet {@code p_s}, port selector with the default port's static priority,
 * Fig. 3.2 horizontal moves) and §6.2 (modified k-ary n-tree, ForcedDir(i)).
 * <ol>
 *   <li>Ascent: while the switch is not above the destination leaf, take the up port with the fewest flows; the
 *       D-mod-k port ({@link DModK#hostPath}) wins ties, then the lowest port.</li>
 *   <li>Descent, at every level that has horizontal links (enriched tree): on arriving at a level, fix the direction
 *       by position ({@link Direction#FORCED}, ForcedDir): left half of the logical node goes right, the rest goes
 *       left. Move one switch in that direction only if the least-loaded of the parallel horizontal ports carries
 *       strictly fewer flows than the down port, and at most {@code maxHorizontalHops} times at this level;
 *       otherwise go down. {@link Direction#FREE} (FreeDir, §6.2 "Horizontal Movement Policies") instead lets the
 *       first horizontal move at a level take the least-loaded horizontal port of either side (a tie keeps
 *       ForcedDir's side, which leaves more hops), and keeps that side for the rest of the level.</li>
 *   <li>Each chosen port's counter is incremented as the flow passes (sequential setup, unlimited route cache).</li>
 * </ol>
 * Decisions (the thesis leaves them open; docs/sources.md): flows are set up in the order given; ties among alternative
 * ports go to the lowest port; the horizontal hop limit is per level; a horizontal move is allowed at the nearest
 * common ancestor level right after the ascent. Paths are up, then horizontal-and-down in one direction per level:
 * acyclic channel dependencies, so deadlock-free (seed 000 §6.2).
 */
public final class AdaptiveFlowRouting {
    /** The thesis's default horizontal hop limit, ForcedDir(8). */
    public static final int FORCED_DIR_HOPS = 8;

    private final Topology topology;
    private final KaryNTreeShape tree;
    private final int maxHorizontalHops;
    private final Direction direction;
    private final int[] hostLeaf;
    private final int[] hostPosition;
    private final Map<String, Integer> hostIndex = new HashMap<>();

    /**
     * Prepares routing on a tree.
     *
     * @param topology          a k-ary n-tree, plain or enriched with horizontal links
     * @param maxHorizontalHops horizontal hops allowed per level, {@link #FORCED_DIR_HOPS} in the thesis
     * @throws RoutingFailure when the fabric is not a k-ary n-tree
     */
    public AdaptiveFlowRouting(Topology topology, int maxHorizontalHops) {
        this(topology, maxHorizontalHops, Direction.FORCED);
    }

    /**
     * How the horizontal direction of a descending flow is chosen at each level (seed 000 §6.2, "Horizontal Movement
     * Policies").
     */
    public enum Direction {
        /** ForcedDir: by the switch's position in its logical node (left half goes right), the thesis's default. */
        FORCED,
        /** FreeDir: greedily, by the load of the horizontal ports of both sides at the first move of the level. */
        FREE
    }

    /**
     * Prepares routing on a tree with a horizontal policy.
     *
     * @param topology          a k-ary n-tree, plain or enriched with horizontal links
     * @param maxHorizontalHops horizontal hops allowed per level
     * @param direction         ForcedDir or FreeDir
     * @throws RoutingFailure when the fabric is not a k-ary n-tree
     */
    public AdaptiveFlowRouting(Topology topology, int maxHorizontalHops, Direction direction) {
        this.direction = direction;
        if (maxHorizontalHops < 0) {
            throw new IllegalArgumentException("maxHorizontalHops must be >= 0, got " + maxHorizontalHops);
        }
        this.topology = topology;
        this.tree = KaryNTreeShape.of("adaptive", topology);
        this.maxHorizontalHops = maxHorizontalHops;
        List<Host> hosts = topology.hosts();
        hostLeaf = new int[hosts.size()];
        hostPosition = new int[hosts.size()];
        SwitchGraph g = topology.graph();
        for (int u = 0; u < g.switchCount(); u++) {
            int[] at = g.hostsAt(u).clone();
            java.util.Arrays.sort(at);
            Integer[] byPort = java.util.Arrays.stream(at).boxed().toArray(Integer[]::new);
            java.util.Arrays.sort(byPort, (a, b) -> Integer.compare(hosts.get(a).port(), hosts.get(b).port()));
            for (int i = 0; i < byPort.length; i++) {
                hostLeaf[byPort[i]] = u;
                hostPosition[byPort[i]] = i;
            }
        }
        for (int h = 0; h < hosts.size(); h++) {
            hostIndex.put(hosts.get(h).id(), h);
        }
    }

    /**
     * A flow between two hosts.
     *
     * @param srcHost source host id
     * @param dstHost destination host id
     */
    public record Flow(String srcHost, String dstHost) {
    }

    /** Routes the flows adaptively, in the order given. */
    public FlowPaths route(List<Flow> flows) {
        return routeIndexed(indexes(flows), true);
    }

    /** Routes the flows on their host-level D-mod-k paths (the static baseline), for comparison. */
    public FlowPaths routeStatic(List<Flow> flows) {
        return routeIndexed(indexes(flows), false);
    }

    /**
     * Dense form for large experiments: flow i runs from host {@code flows[i][0]} to host {@code flows[i][1]}
     * (indexes into {@code topology.hosts()}).
     */
    public FlowPaths routeIndexed(int[][] flows, boolean adaptive) {
        SwitchGraph g = topology.graph();
        int[] count = new int[g.channelCount()];
        int[][] paths = new int[flows.length][];
        int[] buffer = new int[4 * tree.n + 4 * tree.n * maxHorizontalHops + 4];
        for (int f = 0; f < flows.length; f++) {
            int src = hostLeaf[flows[f][0]];
            int dst = hostLeaf[flows[f][1]];
            int dstPos = hostPosition[flows[f][1]];
            if (!adaptive) {
                paths[f] = DModK.hostPath(tree, src, dst, dstPos);
                for (int c : paths[f]) {
                    count[c]++;
                }
                continue;
            }
            int len = 0;
            int u = src;
            while (!tree.above(u, dst)) {
                int[] up = tree.up[u];
                int j = tree.level[u] - 1;
                int dp = up[j + 1 == tree.n - 1 ? dstPos : tree.digit(dst, j + 1)];
                int best = dp;
                for (int c : up) {
                    if (count[c] < count[best]) {
                        best = c;
                    }
                }
                count[best]++;
                buffer[len++] = best;
                u = g.dst(best);
            }
            while (u != dst) {
                boolean goRight = tree.position[u] < tree.nodeSize[u] / 2.0;
                boolean chosen = direction == Direction.FORCED;
                int hopsLeft = maxHorizontalHops;
                while (true) {
                    int down = tree.downToward(u, dst);
                    int best = -1;
                    if (hopsLeft > 0) {
                        best = leastLoaded(count, goRight ? tree.right[u] : tree.left[u], -1);
                        if (!chosen) {
                            int other = leastLoaded(count, goRight ? tree.left[u] : tree.right[u], -1);
                            if (other >= 0 && (best < 0 || count[other] < count[best])) {
                                best = other;
                                goRight = !goRight;
                            }
                        }
                    }
                    if (best >= 0 && count[best] < count[down]) {
                        chosen = true;
                        count[best]++;
                        buffer[len++] = best;
                        hopsLeft--;
                        u = g.dst(best);
                    } else {
                        count[down]++;
                        buffer[len++] = down;
                        u = g.dst(down);
                        break;
                    }
                }
            }
            paths[f] = java.util.Arrays.copyOf(buffer, len);
        }
        return new FlowPaths(topology, flows, paths, count);
    }

    /** The channel of {@code side} with the fewest flows (the first such), or {@code none} when there is none. */
    private static int leastLoaded(int[] count, int[] side, int none) {
        int best = none;
        for (int c : side) {
            if (best == none || count[c] < count[best]) {
                best = c;
            }
        }
        return best;
    }

    private int[][] indexes(List<Flow> flows) {
        int[][] out = new int[flows.size()][];
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            Integer a = hostIndex.get(f.srcHost());
            Integer b = hostIndex.get(f.dstHost());
            if (a == null || b == null) {
                throw new IllegalArgumentException("flows[" + i + "]: unknown host " + (a == null ? f.srcHost()
                        : f.dstHost()) + " in " + topology.name());
            }
            out[i] = new int[] {a, b};
        }
        return out;
    }

    /** The routed flows: each flow's channels, and the contention metric of seed 000 §6.2. */
    public static final class FlowPaths {
        private final Topology topology;
        private final int[][] flows;
        private final int[][] paths;
        private final int[] count;

        FlowPaths(Topology topology, int[][] flows, int[][] paths, int[] count) {
            this.topology = topology;
            this.flows = flows;
            this.paths = paths;
            this.count = count;
        }

        public int size() {
            return paths.length;
        }

        /** Channels of flow i's switch path, source leaf first (a copy); used by {@code weft repro fluid}. */
        public int[] channels(int i) {
            return paths[i].clone();
        }

        /** Switches visited by flow i, source leaf first. */
        public List<String> switches(int i) {
            SwitchGraph g = topology.graph();
            List<String> out = new ArrayList<>();
            out.add(topology.hosts().get(flows[i][0]).switchId());
            for (int c : paths[i]) {
                out.add(g.switchId(g.dst(c)));
            }
            return out;
        }

        /**
         * The flows as forwarding entries, each flow its own path tag (the route cache entries of seed 000 §2.2, as
         * per-flow OpenFlow entries): flow i between hosts on different leaves becomes {@code layer_of} entry
         * (source leaf, destination leaf, layer 0, path i) and one tagged entry per hop, so the independent verifier
         * can check the flow set's channel dependencies.
         */
        public RoutingResult toRoutingResult(String engine) {
            SwitchGraph g = topology.graph();
            List<PairLayer> pairs = new ArrayList<>();
            List<ForwardingEntry> entries = new ArrayList<>();
            for (int i = 0; i < paths.length; i++) {
                if (paths[i].length == 0) {
                    continue;
                }
                String src = g.switchId(g.src(paths[i][0]));
                String dst = g.switchId(g.dst(paths[i][paths[i].length - 1]));
                pairs.add(new PairLayer(src, dst, 0, i));
                for (int c : paths[i]) {
                    entries.add(new ForwardingEntry(g.switchId(g.src(c)), dst, 0, null, i,
                            List.of(g.srcPort(c))));
                }
            }
            return new RoutingResult(engine, 1, pairs, entries, false);
        }

        /**
         * The flows' own paths over a default routing, as the switches of seed 000 §2.2 hold them: {@code defaults}'
         * entries for every pair (the extended routing table's default ports, e.g. D-mod-k's) plus, for each flow,
         * the tagged entries of {@link #toRoutingResult(String)} (the route cache), which beat the default wherever
         * both apply. Flow i's path is listed in {@code layer_of} under tag i, so a simulator can pin each flow's
         * packets to it.
         *
         * @throws IllegalArgumentException when {@code defaults} has more than one layer (flow paths are layer 0)
         */
        public RoutingResult toRoutingResult(String engine, RoutingResult defaults) {
            if (defaults.layers() != 1) {
                throw new IllegalArgumentException("default routes " + defaults.engine() + " have "
                        + defaults.layers() + " layers; flow paths need a single-layer default");
            }
            RoutingResult own = toRoutingResult(engine);
            List<PairLayer> pairs = new ArrayList<>(defaults.layerOf());
            pairs.addAll(own.layerOf());
            List<ForwardingEntry> entries = new ArrayList<>(defaults.forwarding());
            entries.addAll(own.forwarding());
            return new RoutingResult(engine, 1, pairs, entries, false);
        }

        /** Flows on the channel leaving switch {@code switchId} through {@code port}. */
        public int flowsOn(String switchId, int port) {
            int c = topology.graph().channelAtPort(topology.switchIndex(switchId), port);
            return c < 0 ? 0 : count[c];
        }

        /**
         * Seed 000 §6.2 contention: a flow's contention is the largest number of flows on any link it uses (host
         * links included: a host link carries the flows its host sends or receives); the result holds its maximum and
         * mean over the flows.
         */
        public Contention contention() {
            int hosts = topology.hosts().size();
            int[] sends = new int[hosts];
            int[] receives = new int[hosts];
            for (int[] f : flows) {
                sends[f[0]]++;
                receives[f[1]]++;
            }
            int max = 0;
            long sum = 0;
            for (int i = 0; i < paths.length; i++) {
                int worst = Math.max(sends[flows[i][0]], receives[flows[i][1]]);
                for (int c : paths[i]) {
                    worst = Math.max(worst, count[c]);
                }
                max = Math.max(max, worst);
                sum += worst;
            }
            return new Contention(max, paths.length == 0 ? 0.0 : (double) sum / paths.length);
        }
    }

    /**
     * Per-flow contention over a flow set.
     *
     * @param max  the largest per-flow contention
     * @param mean the mean per-flow contention
     */
    public record Contention(int max, double mean) {
    }
}

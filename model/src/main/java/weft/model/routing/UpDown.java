package weft.model.routing;

import java.util.Arrays;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Up*&#47;Down* routing: a breadth-first spanning tree from a root gives every link an up end, and a packet never
 * takes an up link after a down link. Deadlock-free in one layer; paths need not be shortest.
 *
 * <p>Source: seed 002 §2.1.4 (Up*&#47;Down*, steps 1-3, the benchmark for irregular fabrics and LASH's fallback layer;
 * after Autonet, docs/sources.md).
 * <ol>
 *   <li>Root: {@link RoutingOptions#root()}, or the most central switch (least eccentricity, then least total
 *       distance, then lowest index).</li>
 *   <li>Up end of each link: the end nearer the root; at equal depth the lower switch index (Autonet tie-break).
 *       Channel u-&gt;v is up when (depth, index) of v is smaller than that of u.</li>
 *   <li>Routes toward each destination d, switches taken root first (every up channel then leads to a switch
 *       already decided): a switch takes the shorter of its shortest down-only route and the best up channel
 *       (1 + that neighbour's route); down wins ties. Among equal choices, the channel with the fewest destinations
 *       so far, then the lowest port; with {@link RoutingOptions#balance()} off, the lowest port (Autonet's rule
 *       names no tie-break and seed 002 balances only Segment-based routing's paths, §3.2.3).</li>
 * </ol>
 * Decision: switches forward on the destination only, so one switch cannot go up for some packets and down for
 * others. A switch that receives packets on a down channel (the down next hop of another switch) must continue
 * down, and does, even when going up first would be shorter for its own hosts. Every path is legal and each
 * destination's routes form an in-tree; every other switch takes the shortest legal route the table allows.
 */
final class UpDown extends ConnectedEngine {
    UpDown() {
        super("updown", false);
    }

    @Override
    RoutingResult route(Topology topology, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        int root = root(topology, options.root());
        boolean[] up = upChannels(g, root);
        int n = g.switchCount();
        int[][] next = new int[n][];
        long[] load = options.balance() ? new long[g.channelCount()] : null;
        for (int d = 0; d < n; d++) {
            if (g.hostsAt(d).length > 0) {
                next[d] = routesTo(g, up, d, load);
            }
        }
        return DestinationTables.result(name(), topology, 1, null, new int[][][] {next}, false);
    }

    /** Step 1: the chosen or most central switch. */
    static int root(Topology topology, String requested) {
        SwitchGraph g = topology.graph();
        if (requested != null) {
            int r = topology.switchIndex(requested);
            if (r < 0) {
                throw new RoutingFailure("updown: root " + requested + " is not a switch of " + topology.name());
            }
            return r;
        }
        int n = g.switchCount();
        int best = 0;
        long bestEcc = Long.MAX_VALUE;
        long bestSum = Long.MAX_VALUE;
        for (int u = 0; u < n; u++) {
            int[] d = g.bfsFrom(u);
            long ecc = 0;
            long sum = 0;
            for (int x : d) {
                if (x != Integer.MAX_VALUE) {
                    ecc = Math.max(ecc, x);
                    sum += x;
                }
            }
            if (ecc < bestEcc || ecc == bestEcc && sum < bestSum) {
                best = u;
                bestEcc = ecc;
                bestSum = sum;
            }
        }
        return best;
    }

    /** Step 2: channel c is up when its far end is nearer the root (depth, then index). */
    static boolean[] upChannels(SwitchGraph g, int root) {
        int[] depth = g.bfsFrom(root);
        boolean[] up = new boolean[g.channelCount()];
        for (int c = 0; c < up.length; c++) {
            int u = g.src(c);
            int v = g.dst(c);
            up[c] = depth[v] < depth[u] || depth[v] == depth[u] && v < u;
        }
        return up;
    }

    /**
     * Step 3 for one destination: each switch's next hop, root first; {@code load} counts hosts per channel and
     * breaks ties toward the least-loaded channel, or is null to break them toward the lowest port.
     */
    static int[] routesTo(SwitchGraph g, boolean[] up, int d, long[] load) {
        int n = g.switchCount();
        int[] next = new int[n];
        Arrays.fill(next, -1);
        // Down-only distances: BFS backward from d over down channels (u -> v is down when !up).
        int[] down = new int[n];
        Arrays.fill(down, Integer.MAX_VALUE);
        down[d] = 0;
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        queue[tail++] = d;
        while (head < tail) {
            int v = queue[head++];
            for (int c : g.in(v)) {
                int u = g.src(c);
                if (!up[c] && down[u] == Integer.MAX_VALUE) {
                    down[u] = down[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
        // Switches nearest the root first: every up channel leads to a switch already decided.
        int[] order = rootFirst(g, up);
        boolean[] forced = new boolean[n];
        int[] cost = new int[n];
        int weight = g.hostsAt(d).length;
        for (int u : order) {
            if (u == d) {
                continue;
            }
            int bestUp = -1;
            if (!forced[u]) {
                for (int c : g.out(u)) {
                    int v = g.dst(c);
                    if (up[c] && (bestUp < 0 || cost[v] < cost[g.dst(bestUp)]
                            || cost[v] == cost[g.dst(bestUp)] && load != null && load[c] < load[bestUp])) {
                        bestUp = c;
                    }
                }
            }
            boolean goUp = bestUp >= 0 && (down[u] == Integer.MAX_VALUE || cost[g.dst(bestUp)] + 1 < down[u]);
            int chosen = bestUp;
            if (!goUp) {
                chosen = -1;
                for (int c : g.out(u)) {
                    int v = g.dst(c);
                    if (!up[c] && down[v] == down[u] - 1 && (chosen < 0 || load != null && load[c] < load[chosen])) {
                        chosen = c;
                    }
                }
                forced[g.dst(chosen)] = true;
            }
            next[u] = chosen;
            cost[u] = goUp ? cost[g.dst(chosen)] + 1 : down[u];
            if (load != null) {
                load[chosen] += weight;
            }
        }
        return next;
    }

    /** Switches in an order where the far end of every up channel comes before its near end (Kahn's algorithm). */
    private static int[] rootFirst(SwitchGraph g, boolean[] up) {
        int n = g.switchCount();
        int[] pending = new int[n];
        for (int c = 0; c < up.length; c++) {
            if (up[c]) {
                pending[g.src(c)]++;
            }
        }
        int[] order = new int[n];
        int tail = 0;
        for (int u = 0; u < n; u++) {
            if (pending[u] == 0) {
                order[tail++] = u;
            }
        }
        for (int head = 0; head < tail; head++) {
            for (int c : g.in(order[head])) {
                if (up[c] && --pending[g.src(c)] == 0) {
                    order[tail++] = g.src(c);
                }
            }
        }
        return order;
    }
}

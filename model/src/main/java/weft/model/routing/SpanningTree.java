package weft.model.routing;

import java.util.Arrays;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Spanning-tree routing, the Ethernet baseline: IEEE 802.1D's spanning tree decides which links forward, and every
 * packet follows the unique tree path. Deadlock-free in one layer (a tree has no dependency cycle without U-turns);
 * every link outside the tree is wasted.
 *
 * <p>Seed 002 §2.1.4 (STP: the switch with the lowest id is the root; ports are deactivated so that a tree
 * remains) and §3.1.5, where it is the reference Up*&#47;Down* is measured against (131 vs 39 Mbit/s per node).
 * The tree is the one 802.1D converges to, computed centrally:
 * <ol>
 *   <li>Root bridge: {@link RoutingOptions#root()}, or the switch with the lowest bridge id (its datapath id).</li>
 *   <li>Root path cost: the sum of the 802.1D-2004 port path costs ({@code 20,000,000 / link speed in Mbit/s})
 *       along the cheapest path to the root.</li>
 *   <li>Root port of every other switch: the port with the least root path cost through it; ties by the lowest
 *       designated bridge id (the neighbour's), then the lowest designated port (the neighbour's port number), then
 *       the lowest own port. Every other port toward a switch is blocked: its link is not in the tree.</li>
 * </ol>
 * Decision: port priorities are all equal (the 802.1D default), so port ids compare by port number.
 */
final class SpanningTree extends ConnectedEngine {
    SpanningTree() {
        super("stp", false);
    }

    /** 802.1D-2004 port path cost numerator: cost = 20,000,000 / (link speed in Mbit/s). */
    private static final double PATH_COST_MBPS = 20_000_000.0;

    @Override
    RoutingResult route(Topology topology, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        int[] rootPort = rootPorts(topology, root(name(), topology, options.root()));
        int[][] next = new int[n][];
        for (int d = 0; d < n; d++) {
            if (g.hostsAt(d).length > 0) {
                next[d] = towards(g, rootPort, d);
            }
        }
        return DestinationTables.result(name(), topology, 1, null, new int[][][] {next}, false);
    }

    /** Step 1: the requested root, or the switch with the lowest datapath id. */
    static int root(String engine, Topology topology, String requested) {
        if (requested != null) {
            int r = topology.switchIndex(requested);
            if (r < 0) {
                throw new RoutingFailure(engine + ": root " + requested + " is not a switch of " + topology.name());
            }
            return r;
        }
        int best = 0;
        for (int u = 1; u < topology.switches().size(); u++) {
            if (Long.compareUnsigned(topology.switches().get(u).dpid(), topology.switches().get(best).dpid()) < 0) {
                best = u;
            }
        }
        return best;
    }

    /**
     * Steps 2 and 3: the root port of every switch as the channel it leaves through toward the root, -1 at the
     * root. The tree links are the links of these channels.
     */
    static int[] rootPorts(Topology topology, int root) {
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        long[] cost = rootPathCosts(g, root);
        int[] rootPort = new int[n];
        Arrays.fill(rootPort, -1);
        for (int u = 0; u < n; u++) {
            if (u == root) {
                continue;
            }
            for (int c : g.out(u)) {
                if (cost[g.dst(c)] == Long.MAX_VALUE) {
                    continue;
                }
                if (rootPort[u] < 0 || better(topology, c, rootPort[u], cost)) {
                    rootPort[u] = c;
                }
            }
        }
        return rootPort;
    }

    /** Whether channel a is a better root port than channel b (both leave the same switch). */
    private static boolean better(Topology topology, int a, int b, long[] cost) {
        SwitchGraph g = topology.graph();
        long ca = cost[g.dst(a)] + portCost(g, a);
        long cb = cost[g.dst(b)] + portCost(g, b);
        if (ca != cb) {
            return ca < cb;
        }
        long ia = topology.switches().get(g.dst(a)).dpid();
        long ib = topology.switches().get(g.dst(b)).dpid();
        if (ia != ib) {
            return Long.compareUnsigned(ia, ib) < 0;
        }
        if (g.dstPort(a) != g.dstPort(b)) {
            return g.dstPort(a) < g.dstPort(b);
        }
        return g.srcPort(a) < g.srcPort(b);
    }

    /** 802.1D-2004 path cost of the port a channel leaves through, at least 1. */
    static long portCost(SwitchGraph g, int channel) {
        return Math.max(1L, Math.round(PATH_COST_MBPS / (g.gbps(channel) * 1000.0)));
    }

    /** Least root path cost of every switch (Dijkstra toward the root over the port costs). */
    private static long[] rootPathCosts(SwitchGraph g, int root) {
        int n = g.switchCount();
        long[] cost = new long[n];
        Arrays.fill(cost, Long.MAX_VALUE);
        boolean[] done = new boolean[n];
        cost[root] = 0;
        for (int step = 0; step < n; step++) {
            int u = -1;
            for (int v = 0; v < n; v++) {
                if (!done[v] && cost[v] != Long.MAX_VALUE && (u < 0 || cost[v] < cost[u])) {
                    u = v;
                }
            }
            if (u < 0) {
                break;
            }
            done[u] = true;
            // A switch v reaches the root through u at the cost of v's port toward u.
            for (int c : g.in(u)) {
                int v = g.src(c);
                long through = cost[u] + portCost(g, c);
                if (!done[v] && through < cost[v]) {
                    cost[v] = through;
                }
            }
        }
        return cost;
    }

    /** The tree path toward d from every switch: breadth-first from d over tree links. */
    private static int[] towards(SwitchGraph g, int[] rootPort, int d) {
        int n = g.switchCount();
        int[] next = new int[n];
        Arrays.fill(next, -1);
        boolean[] reached = new boolean[n];
        int[] queue = new int[n];
        int tail = 0;
        queue[tail++] = d;
        reached[d] = true;
        for (int head = 0; head < tail; head++) {
            int v = queue[head];
            for (int c : g.in(v)) {
                int u = g.src(c);
                if (!reached[u] && (rootPort[u] == c || rootPort[v] == SwitchGraph.reverse(c))) {
                    reached[u] = true;
                    next[u] = c;
                    queue[tail++] = u;
                }
            }
        }
        return next;
    }
}

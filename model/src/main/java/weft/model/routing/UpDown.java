package weft.model.routing;

import java.util.Arrays;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Up*&#47;Down* routing: a breadth-first spanning tree from a root gives every link an up end, and a packet never
 * takes an up link after a down link. Deadlock-free in one layer; paths need not be shortest.
 *
 * <p>Source: seed 002 §2.1.4 (Up*&#47;Down*, steps 1-3, the benchmark for irregular fabrics and LASH's fallback
 * layer); digest {@code research/seed-002-reinemo-thesis.md} §3 and worked example E8.
 * <ol>
 *   <li>Root: {@link RoutingOptions#root()}, or the most central switch (least eccentricity, then least total
 *       distance, then lowest index).</li>
 *   <li>Up end of each link: the end nearer the root; at equal depth the lower switch index (Autonet tie-break).
 *       Channel u-&gt;v is up when (depth, index) of v is smaller than that of u.</li>
 *   <li>Routes toward each destination d: a switch that reaches d by down channels alone takes the shortest such
 *       route; any other switch goes up, on the up channel with the shortest resulting route. Ties go to the channel
 *       with the fewest destinations so far, then the lowest port.</li>
 * </ol>
 * Decision: switches forward on the destination only, so one switch cannot go up for some packets and down for
 * others; a switch with a down route therefore always uses it (packets that arrive going down must continue down).
 * This keeps each destination's routes an in-tree and every path legal; among such tables it takes the shortest.
 */
final class UpDown implements RoutingEngine {
    @Override
    public String name() {
        return "updown";
    }

    @Override
    public boolean promisesShortest() {
        return false;
    }

    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        DestinationTables.requireConnected(name(), topology);
        SwitchGraph g = topology.graph();
        int root = root(topology, options.root());
        boolean[] up = upChannels(g, root);
        int n = g.switchCount();
        int[][] next = new int[n][];
        long[] load = new long[g.channelCount()];
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

    /** Step 3 for one destination: down routes first, then up routes by a bucket-queue search. */
    private static int[] routesTo(SwitchGraph g, boolean[] up, int d, long[] load) {
        int n = g.switchCount();
        int[] next = new int[n];
        Arrays.fill(next, -1);
        int[] dist = new int[n];
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[d] = 0;
        // Down routes: BFS backward from d over down channels (u -> v down means v -> u is up).
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        queue[tail++] = d;
        while (head < tail) {
            int v = queue[head++];
            for (int c : g.in(v)) {
                int u = g.src(c);
                if (!up[c] && dist[u] == Integer.MAX_VALUE) {
                    dist[u] = dist[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
        boolean[] viaDown = new boolean[n];
        for (int u = 0; u < n; u++) {
            viaDown[u] = dist[u] != Integer.MAX_VALUE;
        }
        // Up routes: relax backward over up channels in order of distance (unit weights, bucket queue).
        int max = 2 * n + 2;
        int[][] buckets = new int[max][];
        int[] sizes = new int[max];
        for (int u = 0; u < n; u++) {
            if (viaDown[u]) {
                push(buckets, sizes, dist[u], u);
            }
        }
        boolean[] done = new boolean[n];
        for (int b = 0; b < max; b++) {
            for (int i = 0; i < sizes[b]; i++) {
                int v = buckets[b][i];
                if (done[v] || dist[v] != b) {
                    continue;
                }
                done[v] = true;
                for (int c : g.in(v)) {
                    int u = g.src(c);
                    if (up[c] && !viaDown[u] && dist[u] > b + 1) {
                        dist[u] = b + 1;
                        push(buckets, sizes, b + 1, u);
                    }
                }
            }
        }
        int weight = g.hostsAt(d).length;
        for (int u = 0; u < n; u++) {
            if (u == d) {
                continue;
            }
            int best = -1;
            for (int c : g.out(u)) {
                int v = g.dst(c);
                boolean legal = viaDown[u] ? !up[c] && viaDown[v] : up[c];
                if (legal && dist[v] == dist[u] - 1 && (best < 0 || load[c] < load[best])) {
                    best = c;
                }
            }
            next[u] = best;
            load[best] += weight;
        }
        return next;
    }

    private static void push(int[][] buckets, int[] sizes, int b, int u) {
        if (buckets[b] == null) {
            buckets[b] = new int[4];
        } else if (sizes[b] == buckets[b].length) {
            buckets[b] = Arrays.copyOf(buckets[b], sizes[b] * 2);
        }
        buckets[b][sizes[b]++] = u;
    }
}

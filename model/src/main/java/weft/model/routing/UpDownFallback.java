package weft.model.routing;

import java.util.Arrays;
import weft.model.topology.SwitchGraph;

/**
 * Destination-based Up*&#47;Down* next hops for LASH's fallback layer: the pairs that fit no LASH layer share one
 * layer whose routes all go up* then down*, which keeps that layer's channel dependency graph acyclic.
 *
 * <p>Seed 002 §3.3 ("put them all into a separate layer routed by Up*&#47;Down*", L819, L850) and §2.1.4 (UD);
 * digest {@code research/seed-002-reinemo-thesis.md} §1.2 fallback (b), §1.8 and §3. Up ends: a BFS spanning tree
 * from the root ranks switches by (depth, index); a channel toward a lower rank is "up" (the Autonet tie-break:
 * at equal depth the lower switch index is up).
 *
 * <p>Decision: forwarding is on (destination, layer), so each switch needs one next hop per destination that is
 * legal for every packet reaching it. A switch that can reach the destination by down channels only goes down
 * (shortest such way); any other switch goes up toward the neighbour with the shortest legal remainder. Every
 * switch after a down hop can again go down only, so every route is up* down*.
 */
final class UpDownFallback {
    private final SwitchGraph g;
    private final int[] rank;
    private final int root;

    /**
     * @param root root switch index, or -1 to choose the most central switch (smallest eccentricity, lowest index)
     */
    UpDownFallback(SwitchGraph g, int root) {
        this.g = g;
        int n = g.switchCount();
        this.root = root >= 0 ? root : centralSwitch(g);
        int[] depth = g.bfsFrom(this.root);
        Integer[] orderBoxed = new Integer[n];
        for (int u = 0; u < n; u++) {
            orderBoxed[u] = u;
        }
        Arrays.sort(orderBoxed, (a, b) -> depth[a] != depth[b] ? Integer.compare(depth[a], depth[b])
                : Integer.compare(a, b));
        rank = new int[n];
        for (int i = 0; i < n; i++) {
            rank[orderBoxed[i]] = i;
        }
    }

    /** The switch with the smallest eccentricity, ties to the lowest index. */
    static int centralSwitch(SwitchGraph g) {
        int[][] dist = g.distances();
        int best = 0;
        int bestEcc = Integer.MAX_VALUE;
        for (int u = 0; u < g.switchCount(); u++) {
            int ecc = 0;
            for (int d : dist[u]) {
                ecc = Math.max(ecc, d);
            }
            if (ecc < bestEcc) {
                bestEcc = ecc;
                best = u;
            }
        }
        return best;
    }

    int root() {
        return root;
    }

    /** True when the channel goes up (toward a lower rank). */
    boolean isUp(int channel) {
        return rank[g.dst(channel)] < rank[g.src(channel)];
    }

    /** Next-hop channel of every switch toward d (-1 at d itself). */
    int[] nextHops(int d) {
        int n = g.switchCount();
        int inf = Integer.MAX_VALUE;
        int[] down = new int[n];
        Arrays.fill(down, inf);
        down[d] = 0;
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        queue[tail++] = d;
        while (head < tail) {
            int x = queue[head++];
            for (int c : g.in(x)) {
                int w = g.src(c);
                if (!isUp(c) && down[w] == inf) {
                    down[w] = down[x] + 1;
                    queue[tail++] = w;
                }
            }
        }
        int[] byRank = new int[n];
        for (int u = 0; u < n; u++) {
            byRank[rank[u]] = u;
        }
        int[] cost = new int[n];
        int[] next = new int[n];
        Arrays.fill(next, -1);
        for (int u : byRank) {
            if (u == d) {
                cost[u] = 0;
                continue;
            }
            cost[u] = inf;
            for (int c : g.out(u)) {
                int v = g.dst(c);
                boolean legal = down[u] != inf ? !isUp(c) && down[v] == down[u] - 1 : isUp(c) && cost[v] != inf;
                if (!legal) {
                    continue;
                }
                int via = down[u] != inf ? down[u] : cost[v] + 1;
                if (via < cost[u]) {
                    cost[u] = via;
                    next[u] = c;
                }
            }
            if (next[u] < 0) {
                throw new RoutingFailure("lash fallback: switch " + g.switchId(u) + " has no up*/down* route to "
                        + g.switchId(d) + " (fabric disconnected?)");
            }
        }
        return next;
    }
}

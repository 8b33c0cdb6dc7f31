package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import weft.model.topology.SwitchGraph;

/**
 * Layers of shortest paths forwarded on (destination, layer): each layer keeps its channel dependency graph
 * ({@link LayerCdg}) acyclic and, per destination, an in-tree of next hops, because a switch that forwards on
 * (destination, layer) has one out port per destination in each layer. This is the state LASH and MP-LASH assign
 * pairs into.
 *
 * <p>Seed 002 §3.3.1 step 2.2, searched as in the LASH calibration (docs/sources.md §4): a pair is placed by a
 * depth-first search over the shortest-path DAG from source to destination that adds each dependency with an
 * incremental cycle check, undoes it on backtrack, stops as soon as it reaches a switch already in the destination's
 * tree (the rest of the path is forced and already in the graph), tries next hops already in the tree first and then
 * those whose channel follows the layer's topological order, and memoises failures per incoming channel. A failed
 * attempt leaves the layer unchanged, and placing a pair only adds dependencies and tree hops: a path that fits the
 * grown layer fitted it before (its dependencies were a subset and the tree it meets agrees with the smaller tree), so
 * a failure stays a failure. The memo therefore stays valid for the next pairs toward the same destination in the same
 * layer until a pair is removed from the layer (or the destination changes).
 *
 * <p>Decision: the expansion cap of the calibration (3000 per placement attempt) is kept; a pair whose search hits
 * it simply tries the next layer, so the cap costs layers, never correctness.
 */
final class ShortestPathLayers {
    /** Search expansions allowed per (pair, layer) attempt. */
    static final int EXPANSION_CAP = 3000;

    private final SwitchGraph g;
    private final int n;
    private final int[][] dist;
    private final int[][] slotLayout;
    private final boolean fixedNextHop;
    private final List<LayerCdg> cdg = new ArrayList<>();
    private final List<int[][]> next = new ArrayList<>();
    private final List<int[][]> uses = new ArrayList<>();
    private final List<Integer> pairs = new ArrayList<>();
    private final int[] path;
    private final List<Memo> memos = new ArrayList<>();

    /**
     * Failed searches of one layer, per incoming channel: valid while no pair left the layer (version) and the
     * destination is the same, so failures carry over between the pairs toward one destination.
     */
    private static final class Memo {
        final int[] failed;
        int attempt;
        int dst = -1;
        long version;
        long validFor = -1;

        Memo(int channels) {
            failed = new int[channels];
        }
    }
    private int expansions;
    private final int[] avoid;
    private final int[][] outByNeighbour;
    private int avoidStamp;

    /**
     * @param fixedNextHop true for the R of the hand-computed tests: at every switch the first productive
     *                     channel in port order, so each pair has one candidate path; false to choose any shortest
     *                     path that fits (the calibration's winning strategy)
     */
    ShortestPathLayers(SwitchGraph g, boolean fixedNextHop) {
        this.g = g;
        this.n = g.switchCount();
        this.dist = g.distances();
        this.slotLayout = LayerCdg.slotLayout(g);
        this.fixedNextHop = fixedNextHop;
        this.path = new int[n + 1];
        this.avoid = new int[g.channelCount()];
        this.outByNeighbour = new int[n][];
        for (int u = 0; u < n; u++) {
            outByNeighbour[u] = byNeighbour(g, g.out(u));
        }
    }

    /** Out-channels sorted by the index of the switch they lead to, then by port (parallel links). */
    private static int[] byNeighbour(SwitchGraph g, int[] out) {
        Integer[] boxed = new Integer[out.length];
        for (int i = 0; i < out.length; i++) {
            boxed[i] = out[i];
        }
        Arrays.sort(boxed, (a, b) -> g.dst(a) != g.dst(b) ? Integer.compare(g.dst(a), g.dst(b))
                : Integer.compare(g.srcPort(a), g.srcPort(b)));
        int[] sorted = new int[out.length];
        for (int i = 0; i < out.length; i++) {
            sorted[i] = boxed[i];
        }
        return sorted;
    }

    /** Number of layers opened so far. */
    int layerCount() {
        return cdg.size();
    }

    /** Opens a new, empty layer and returns its index. */
    int openLayer() {
        cdg.add(new LayerCdg(g, slotLayout[0], slotLayout[1]));
        next.add(new int[n][]);
        uses.add(new int[n][]);
        pairs.add(0);
        memos.add(new Memo(g.channelCount()));
        return cdg.size() - 1;
    }

    /** Pairs currently placed in a layer. */
    int pairsIn(int layer) {
        return pairs.get(layer);
    }

    /** Distinct dependencies in a layer's channel dependency graph. */
    int dependencies(int layer) {
        return cdg.get(layer).edgeCount();
    }

    /** The next-hop channel of switch u toward d in a layer, or -1 if u is not in that layer's tree toward d. */
    int nextHop(int layer, int u, int d) {
        int[] nh = next.get(layer)[d];
        return nh == null ? -1 : nh[u];
    }

    /**
     * Places pair (s, d) in a layer on a shortest path that keeps the layer acyclic and its tree toward d a tree.
     *
     * @return false (and no change) when no such path was found
     */
    boolean place(int layer, int s, int d) {
        return place(layer, s, d, null);
    }

    /**
     * As {@link #place(int, int, int)}, trying channels not in {@code avoidChannels} first (MP-LASH path diversity).
     */
    boolean place(int layer, int s, int d, int[] avoidChannels) {
        if (s == d) {
            throw new IllegalArgumentException("pair (" + s + ", " + d + "): source equals destination");
        }
        if (dist[s][d] == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("pair (" + s + ", " + d + "): destination unreachable");
        }
        int[] nh = tree(next, layer, d);
        if (nh[s] >= 0) {
            commit(layer, s, d, 0);
            return true;
        }
        avoidStamp++;
        if (avoidChannels != null) {
            for (int c : avoidChannels) {
                avoid[c] = avoidStamp;
            }
        }
        Memo memo = memos.get(layer);
        if (d != memo.dst || memo.version != memo.validFor || avoidChannels != null) {
            memo.attempt++;
            memo.dst = d;
            memo.validFor = memo.version;
        }
        expansions = 0;
        LayerCdg layerCdg = cdg.get(layer);
        int depth = search(layerCdg, memo, nh, s, -1, d, 0);
        if (depth < 0) {
            return false;
        }
        commit(layer, s, d, depth);
        return true;
    }

    /**
     * Depth-first search from u (reached over channel cin, -1 at the source) toward d. Returns the number of new
     * channels on the found path (stored in {@code path}) or -1. Dependencies of the found path up to and including
     * the one that joins d's tree are left added.
     */
    private int search(LayerCdg layerCdg, Memo memo, int[] nh, int u, int cin, int d, int depth) {
        if (++expansions > EXPANSION_CAP || (cin >= 0 && memo.failed[cin] == memo.attempt)) {
            return -1;
        }
        int want = dist[u][d] - 1;
        int[] out = fixedNextHop ? g.out(u) : outByNeighbour[u];
        for (int pass = 0; pass < 4; pass++) {
            for (int c : out) {
                int v = g.dst(c);
                if (dist[v][d] != want || !inPass(pass, layerCdg, nh, cin, c, v, d)) {
                    continue;
                }
                // The search holds depth - 1 temporary dependencies before this one, depth after it.
                if (cin >= 0 && !layerCdg.add(cin, c, depth == 1)) {
                    if (fixedNextHop) {
                        return fail(memo, cin);
                    }
                    continue;
                }
                path[depth] = c;
                if (v == d) {
                    return depth + 1;
                }
                if (nh[v] >= 0) {
                    if (layerCdg.add(c, nh[v], depth == 0)) {
                        return depth + 1;
                    }
                } else {
                    int found = search(layerCdg, memo, nh, v, c, d, depth + 1);
                    if (found >= 0) {
                        return found;
                    }
                }
                if (cin >= 0) {
                    layerCdg.remove(cin, c);
                }
                if (fixedNextHop || expansions > EXPANSION_CAP) {
                    return fail(memo, cin);
                }
            }
        }
        return fail(memo, cin);
    }

    private static int fail(Memo memo, int cin) {
        if (cin >= 0) {
            memo.failed[cin] = memo.attempt;
        }
        return -1;
    }

    /**
     * Candidate order (calibration note 5). With a fixed next hop only the first productive channel is a candidate.
     * Otherwise: pass 0, hops into d's tree (or d itself) not avoided; pass 1, channels that follow the layer's order
     * and are not avoided; pass 2, other channels not avoided; pass 3, avoided channels.
     */
    private boolean inPass(int pass, LayerCdg layerCdg, int[] nh, int cin, int c, int v, int d) {
        if (fixedNextHop) {
            return pass == 0 && c == firstProductive(g.src(c), d);
        }
        boolean avoided = avoid[c] == avoidStamp;
        if (pass == 3) {
            return avoided;
        }
        if (avoided) {
            return false;
        }
        boolean joins = v == d || nh[v] >= 0;
        if (pass == 0) {
            return joins;
        }
        boolean ordered = cin < 0 || layerCdg.precedes(cin, c);
        return !joins && (pass == 1) == ordered;
    }

    private int firstProductive(int u, int d) {
        int want = dist[u][d] - 1;
        for (int c : g.out(u)) {
            if (dist[g.dst(c)][d] == want) {
                return c;
            }
        }
        throw new IllegalStateException("switch " + u + " has no neighbour closer to " + d);
    }

    /** Records a found path: tree next hops for its new part, uses along the whole path, the forced dependencies. */
    private void commit(int layer, int s, int d, int newChannels) {
        int[] nh = tree(next, layer, d);
        int[] use = tree(uses, layer, d);
        LayerCdg layerCdg = cdg.get(layer);
        int u = s;
        for (int i = 0; i < newChannels; i++) {
            nh[u] = path[i];
            use[u]++;
            u = g.dst(path[i]);
        }
        // From the join point on, the path is the tree's: count its uses and its (already present) dependencies.
        while (u != d) {
            use[u]++;
            int c = nh[u];
            int v = g.dst(c);
            if (v != d) {
                layerCdg.add(c, nh[v]);
            }
            u = v;
        }
        pairs.set(layer, pairs.get(layer) + 1);
    }

    /** Removes pair (s, d) from a layer it was placed in, dropping tree hops no other pair uses. */
    void remove(int layer, int s, int d) {
        int[] nh = next.get(layer)[d];
        int[] use = uses.get(layer)[d];
        if (nh == null || nh[s] < 0) {
            throw new IllegalStateException("pair (" + s + ", " + d + ") is not in layer " + layer);
        }
        LayerCdg layerCdg = cdg.get(layer);
        layerCdg.forgetCycles();
        int u = s;
        while (u != d) {
            int c = nh[u];
            int v = g.dst(c);
            if (v != d) {
                layerCdg.remove(c, nh[v]);
            }
            if (--use[u] == 0) {
                nh[u] = -1;
            }
            u = v;
        }
        pairs.set(layer, pairs.get(layer) - 1);
        memos.get(layer).version++;
    }

    /** The channels of pair (s, d)'s path in a layer, in order. */
    int[] pathOf(int layer, int s, int d) {
        int[] nh = next.get(layer)[d];
        int[] out = new int[dist[s][d]];
        int u = s;
        for (int i = 0; i < out.length; i++) {
            out[i] = nh[u];
            u = g.dst(nh[u]);
        }
        return out;
    }

    private int[] tree(List<int[][]> perLayer, int layer, int d) {
        int[][] rows = perLayer.get(layer);
        if (rows[d] == null) {
            rows[d] = new int[n];
            if (perLayer == next) {
                Arrays.fill(rows[d], -1);
            }
        }
        return rows[d];
    }
}

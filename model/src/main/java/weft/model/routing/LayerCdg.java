package weft.model.routing;

import java.util.Arrays;
import weft.model.topology.SwitchGraph;

/**
 * The channel dependency graph of one layer, kept acyclic under edge insertion with the Pearce-Kelly dynamic
 * topological order: an edge that agrees with the current order costs O(1); otherwise a forward search from its
 * head and a backward search from its tail, both bounded by the order and run interleaved, either meet (a cycle)
 * or find the affected region, which is then reordered locally. Edges carry reference counts (how many assigned
 * paths use the dependency) so paths can be removed again; removing an edge never invalidates the order.
 * Dependencies found to close a cycle are remembered while the layer only grows ({@link #add(int, int, boolean)}).
 *
 * <p>Seed 002 §3.3.1 step 2.2 ("does not close a cycle in the layer's dependency graph"); the LASH calibration
 * (docs/sources.md §4). D. J. Pearce and P. H. J. Kelly, "A dynamic topological sort algorithm for directed acyclic
 * graphs", ACM JEA 11 (2006).
 *
 * <p>Vertices are the directed channels of a {@link SwitchGraph}. A dependency {@code x -> y} needs
 * {@code dst(x) == src(y)}; it is stored in slot {@code base[x] + k} where {@code k} is the index of {@code y}
 * in {@code out(dst(x))}, so edge lookups are array reads; the present edges are also kept as successor and
 * predecessor lists, so the searches touch only edges that exist.
 */
final class LayerCdg {
    /** A reorder sweeps the span of positions instead of sorting when the span is below this many per node. */
    private static final int SWEEP_SPAN = 16;
    private final SwitchGraph g;
    private final int[] base;
    private final int[] posInOut;
    private final int[] count;
    private final int[] ord;
    private final int[] nodeAt;
    private final int[] cyclic;
    private int cyclicEpoch = 1;
    private final int[] succList;
    private final int[] succSize;
    private final int[] predBase;
    private final int[] predList;
    private final int[] predSize;
    private final int[] mark;
    private final int[] backMark;
    private int epoch;
    private final int[] stack;
    private final int[] backStack;
    private final int[] forward;
    private final int[] backward;
    private final int[] slots;
    private final byte[] side;
    private int edges;

    /** Slot layout shared by every layer of one graph (see {@link #slotLayout}). */
    LayerCdg(SwitchGraph g, int[] base, int[] posInOut) {
        this.g = g;
        this.base = base;
        this.posInOut = posInOut;
        int m = g.channelCount();
        this.count = new int[base[m]];
        this.ord = new int[m];
        this.nodeAt = new int[m];
        for (int c = 0; c < m; c++) {
            ord[c] = c;
            nodeAt[c] = c;
        }
        this.cyclic = new int[base[m]];
        this.succList = new int[base[m]];
        this.succSize = new int[m];
        this.predBase = new int[m + 1];
        for (int c = 0; c < m; c++) {
            predBase[c + 1] = predBase[c] + g.in(g.src(c)).length;
        }
        this.predList = new int[predBase[m]];
        this.predSize = new int[m];
        this.mark = new int[m];
        this.backMark = new int[m];
        this.stack = new int[m];
        this.backStack = new int[m];
        this.forward = new int[m];
        this.backward = new int[m];
        this.slots = new int[m];
        this.side = new byte[m];
    }

    /**
     * Computes the slot layout of a graph: {@code result[0]} is {@code base} (length channels + 1, the first slot
     * of each channel's successors) and {@code result[1]} is {@code posInOut} (index of each channel in the out
     * list of its source switch).
     */
    static int[][] slotLayout(SwitchGraph g) {
        int m = g.channelCount();
        int[] base = new int[m + 1];
        for (int c = 0; c < m; c++) {
            base[c + 1] = base[c] + g.out(g.dst(c)).length;
        }
        int[] pos = new int[m];
        for (int u = 0; u < g.switchCount(); u++) {
            int[] out = g.out(u);
            for (int k = 0; k < out.length; k++) {
                pos[out[k]] = k;
            }
        }
        return new int[][] {base, pos};
    }

    /** Number of distinct dependencies (edges with a positive count). */
    int edgeCount() {
        return edges;
    }

    /** True when the dependency {@code x -> y} is present. */
    boolean has(int x, int y) {
        return count[base[x] + posInOut[y]] > 0;
    }

    /** True when {@code x} precedes {@code y} in the current topological order. */
    boolean precedes(int x, int y) {
        return ord[x] < ord[y];
    }

    /**
     * Adds one use of the dependency {@code x -> y} unless that would close a cycle.
     *
     * @return false (and no change) when the dependency would close a cycle
     */
    boolean add(int x, int y) {
        int slot = base[x] + posInOut[y];
        if (count[slot] > 0) {
            count[slot]++;
            return true;
        }
        if (ord[x] > ord[y] && !reorder(x, y)) {
            return false;
        }
        count[slot] = 1;
        succList[base[x] + succSize[x]++] = y;
        predList[predBase[y] + predSize[y]++] = x;
        edges++;
        return true;
    }

    /**
     * As {@link #add}, consulting and feeding a memory of dependencies known to close a cycle. While no dependency
     * leaves the layer for good the graph only grows, so a dependency that closed a cycle still does: it fails in
     * O(1) until {@link #forgetCycles()}. A failure is remembered only when {@code remember} says the caller holds
     * no temporary dependencies (the cycle may run through them otherwise).
     */
    boolean add(int x, int y, boolean remember) {
        int slot = base[x] + posInOut[y];
        if (count[slot] == 0 && cyclic[slot] == cyclicEpoch) {
            return false;
        }
        if (add(x, y)) {
            return true;
        }
        if (remember) {
            cyclic[slot] = cyclicEpoch;
        }
        return false;
    }

    /** Forgets the remembered cycle-closing dependencies; called when a path leaves the layer. */
    void forgetCycles() {
        cyclicEpoch++;
    }

    /** Removes one use of the dependency {@code x -> y}; the order stays valid. */
    void remove(int x, int y) {
        int slot = base[x] + posInOut[y];
        if (count[slot] <= 0) {
            throw new IllegalStateException("layer dependency " + x + "->" + y + " removed more often than added");
        }
        if (--count[slot] == 0) {
            edges--;
            drop(succList, base[x], succSize, x, y);
            drop(predList, predBase[y], predSize, y, x);
        }
    }

    private static void drop(int[] list, int from, int[] size, int owner, int value) {
        int last = from + --size[owner];
        for (int i = from; i <= last; i++) {
            if (list[i] == value) {
                list[i] = list[last];
                return;
            }
        }
        throw new IllegalStateException("dependency list of " + owner + " lacks " + value);
    }

    /**
     * Pearce-Kelly for an edge x -> y with ord[y] < ord[x]: the nodes reachable from y below ord[x] (forward) and
     * the nodes reaching x above ord[y] (backward) are the only ones whose order can change. The two searches run
     * interleaved, one node each in turn, so that when y reaches x (a cycle, the common case in LASH's failing
     * checks) they stop as soon as they meet; otherwise both complete and the region is reordered: backward nodes
     * first, then forward nodes, into the positions they held.
     */
    private boolean reorder(int x, int y) {
        int lb = ord[y];
        int ub = ord[x];
        epoch++;
        int nf = 0;
        int nb = 0;
        int fTop = 0;
        int bTop = 0;
        stack[fTop++] = y;
        mark[y] = epoch;
        backStack[bTop++] = x;
        backMark[x] = epoch;
        while (fTop > 0 || bTop > 0) {
            if (fTop > 0) {
                int w = stack[--fTop];
                forward[nf++] = w;
                int b = base[w];
                int end = b + succSize[w];
                for (int i = b; i < end; i++) {
                    int z = succList[i];
                    if (backMark[z] == epoch) {
                        return false;
                    }
                    if (mark[z] != epoch && ord[z] < ub) {
                        mark[z] = epoch;
                        stack[fTop++] = z;
                    }
                }
            }
            if (bTop > 0) {
                int w = backStack[--bTop];
                backward[nb++] = w;
                int b = predBase[w];
                int end = b + predSize[w];
                for (int i = b; i < end; i++) {
                    int p = predList[i];
                    if (mark[p] == epoch) {
                        return false;
                    }
                    if (backMark[p] != epoch && ord[p] > lb) {
                        backMark[p] = epoch;
                        backStack[bTop++] = p;
                    }
                }
            }
        }
        if (ub - lb < SWEEP_SPAN * (nf + nb)) {
            sweepPositions(nf, nb, lb, ub);
        } else {
            sortPositions(nf, nb);
        }
        for (int i = 0; i < nb; i++) {
            backward[i] = nodeAt[backward[i]];
        }
        for (int i = 0; i < nf; i++) {
            forward[i] = nodeAt[forward[i]];
        }
        for (int i = 0; i < nb; i++) {
            place(backward[i], slots[i]);
        }
        for (int i = 0; i < nf; i++) {
            place(forward[i], slots[nb + i]);
        }
        return true;
    }

    private void place(int node, int position) {
        ord[node] = position;
        nodeAt[position] = node;
    }

    /**
     * Replaces the forward and backward nodes by their positions, each list ascending, and fills {@code slots} with
     * all those positions ascending: a sweep over the span [lb, ub] that holds them, for a dense region.
     */
    private void sweepPositions(int nf, int nb, int lb, int ub) {
        for (int i = 0; i < nf; i++) {
            side[ord[forward[i]]] = 1;
        }
        for (int i = 0; i < nb; i++) {
            side[ord[backward[i]]] = 2;
        }
        int f = 0;
        int b = 0;
        int t = 0;
        for (int pos = lb; pos <= ub; pos++) {
            byte which = side[pos];
            if (which == 0) {
                continue;
            }
            side[pos] = 0;
            slots[t++] = pos;
            if (which == 1) {
                forward[f++] = pos;
            } else {
                backward[b++] = pos;
            }
        }
    }

    /** As {@link #sweepPositions} by sorting, for a sparse region: two sorts and a merge. */
    private void sortPositions(int nf, int nb) {
        sortByOrder(forward, nf);
        sortByOrder(backward, nb);
        for (int i = 0, fi = 0, bi = 0; i < nf + nb; i++) {
            if (bi == nb || (fi < nf && forward[fi] < backward[bi])) {
                slots[i] = forward[fi++];
            } else {
                slots[i] = backward[bi++];
            }
        }
    }

    /** Replaces the nodes by their positions in the order, ascending. */
    private void sortByOrder(int[] nodes, int len) {
        for (int i = 0; i < len; i++) {
            nodes[i] = ord[nodes[i]];
        }
        Arrays.sort(nodes, 0, len);
    }
}

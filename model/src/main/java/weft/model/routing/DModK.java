package weft.model.routing;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * D-mod-k: the static, oblivious routing of k-ary n-trees. Going up toward destination d, the up port taken into
 * level j is d's digit j, so every path to d ends in the same descent and destinations never share a descending
 * link; the descent is the unique one.
 *
 * <p>Source: seed 000 §6.1 (the static baseline, ref. [15] Gómez et al., whose formula the thesis does not print;
 * docs/sources.md): the up-port at the i-th upward hop toward host d is {@code floor(d / k^i) mod k}, i.e. moving up to
 * level j sets digit j of the switch label to digit j+1 of d. Decision: Weft forwards on the destination switch (all
 * hosts of a leaf share its entries), so the engine uses the leaf's own label: moving up to level j sets digit j to the
 * leaf's digit j; the descent from the nearest common ancestor then runs straight down the switches labelled like the
 * leaf. {@link #hostPath} gives the host-level D-mod-k path of the thesis, which the contention reproduction uses.
 * Up*&#47;down* paths in a tree are deadlock-free; paths are shortest.
 */
final class DModK extends NamedEngine {
    DModK() {
        super("dmodk", true);
    }

    @Override
    public RoutingResult compute(Topology topology, RoutingOptions options) {
        KaryNTreeShape tree = KaryNTreeShape.of(name(), topology);
        SwitchGraph g = topology.graph();
        int s = g.switchCount();
        int[][] next = new int[s][];
        for (int d : tree.leaves) {
            if (g.hostsAt(d).length == 0) {
                continue;
            }
            next[d] = new int[s];
            for (int u = 0; u < s; u++) {
                if (u == d) {
                    next[d][u] = -1;
                } else if (tree.above(u, d)) {
                    next[d][u] = tree.downToward(u, d);
                } else {
                    next[d][u] = tree.up[u][tree.digit(d, tree.level[u] - 1)];
                }
            }
        }
        return DestinationTables.result(name(), topology, 1, null, new int[][][] {next}, true);
    }

    /**
     * The thesis's host-level D-mod-k path between two hosts of different leaves, as channels: the up port into
     * level j is digit j+1 of the destination host's number (its leaf digits, then its position on the leaf).
     *
     * @param srcLeaf   leaf switch of the source host
     * @param dstLeaf   leaf switch of the destination host
     * @param dstOnLeaf position of the destination host among its leaf's hosts
     */
    static int[] hostPath(KaryNTreeShape tree, int srcLeaf, int dstLeaf, int dstOnLeaf) {
        int[] path = new int[2 * tree.n];
        int len = 0;
        int u = srcLeaf;
        while (!tree.above(u, dstLeaf)) {
            int j = tree.level[u] - 1;
            int digit = j + 1 == tree.n - 1 ? dstOnLeaf : tree.digit(dstLeaf, j + 1);
            int c = tree.up[u][digit];
            path[len++] = c;
            u = tree.g.dst(c);
        }
        while (u != dstLeaf) {
            int c = tree.downToward(u, dstLeaf);
            path[len++] = c;
            u = tree.g.dst(c);
        }
        return java.util.Arrays.copyOf(path, len);
    }
}

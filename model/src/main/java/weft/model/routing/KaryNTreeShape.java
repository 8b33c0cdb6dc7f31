package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * A k-ary n-tree (plain or enriched with horizontal links) recognised from the switch graph, for the tree engines.
 *
 * <p>Source: seed 000 §6.1-6.2 (Petrini–Vanneschi labelling {@code <w,l>}, logical nodes, horizontal links).
 * <ul>
 *   <li>Leaves are the switches with hosts; a switch's level is {@code n-1} minus its hop distance to the nearest
 *       leaf (0 = roots). A channel is up, down or horizontal by the levels of its ends.</li>
 *   <li>Decision: digit positions come from port order. The j-th up channel of a switch (in port order) leads to
 *       the parent whose digit {@code l-1} is j, and the j-th down channel to the child whose digit l is j. The
 *       generator {@code weft.model.topology.generate.KaryNTree} numbers ports this way (down ports {@code 1..k},
 *       up ports {@code k+1..2k}, in digit order). A leaf's digit j is the down-channel index its level-j
 *       ancestors use toward it; a host's last digit is its position among its leaf's hosts in port order.</li>
 *   <li>Logical node: the switches of one level that reach the same leaves by descending. Its horizontal
 *       neighbours form a chain; position 0 is the end with the lowest switch index (for a ring, the lowest index,
 *       and the chain follows the lower-index neighbour; the closing link is not used).</li>
 * </ul>
 */
final class KaryNTreeShape {
    final SwitchGraph g;
    final int k;
    final int n;
    final int[] level;
    final int[][] up;
    final int[][] down;
    /** Channels to the next position (right) and the previous (left) in the logical node; empty if none. */
    final int[][] right;
    final int[][] left;
    final int[] position;
    final int[] nodeSize;
    /** Leaf number of each switch (dense over leaves, in switch order), -1 for non-leaves. */
    final int[] leafNumber;
    final int[] leaves;
    /** digits[leafNumber][j], j = 0..n-2. */
    final int[][] digits;
    private final long[][] descendants;

    private KaryNTreeShape(SwitchGraph g, int k, int n, int[] level, int[][] up, int[][] down, int[] leaves,
                           int[] leafNumber) {
        this.g = g;
        this.k = k;
        this.n = n;
        this.level = level;
        this.up = up;
        this.down = down;
        this.leaves = leaves;
        this.leafNumber = leafNumber;
        int s = g.switchCount();
        int words = (leaves.length + 63) >>> 6;
        descendants = new long[s][words];
        for (int i = 0; i < leaves.length; i++) {
            descendants[leaves[i]][i >>> 6] |= 1L << i;
        }
        for (int l = n - 2; l >= 0; l--) {
            for (int u = 0; u < s; u++) {
                if (level[u] == l) {
                    for (int c : down[u]) {
                        long[] child = descendants[g.dst(c)];
                        for (int w = 0; w < words; w++) {
                            descendants[u][w] |= child[w];
                        }
                    }
                }
            }
        }
        digits = new int[leaves.length][Math.max(0, n - 1)];
        for (int u = 0; u < s; u++) {
            if (level[u] < n - 1) {
                for (int j = 0; j < down[u].length; j++) {
                    long[] below = descendants[g.dst(down[u][j])];
                    for (int i = 0; i < leaves.length; i++) {
                        if ((below[i >>> 6] & (1L << i)) != 0) {
                            digits[i][level[u]] = j;
                        }
                    }
                }
            }
        }
        right = new int[s][];
        left = new int[s][];
        position = new int[s];
        nodeSize = new int[s];
        orderLogicalNodes();
    }

    /**
     * Every switch's level in a tree: its hop distance from the nearest switch with hosts (a leaf), -1 where no leaf
     * reaches it.
     */
    static int[] heights(SwitchGraph g) {
        int[] height = g.bfsFrom(u -> g.hostsAt(u).length > 0);
        for (int u = 0; u < height.length; u++) {
            if (height[u] == Integer.MAX_VALUE) {
                height[u] = -1;
            }
        }
        return height;
    }

    /**
     * Recognises the tree or says why not.
     *
     * @throws RoutingFailure {@code "<engine>: fabric NAME is not a k-ary n-tree: <reason>"}
     */
    static KaryNTreeShape of(String engine, Topology topology) {
        DestinationTables.requireConnected(engine, topology);
        SwitchGraph g = topology.graph();
        int s = g.switchCount();
        String not = engine + ": fabric " + topology.name() + " is not a k-ary n-tree: ";
        int[] height = heights(g);
        if (Arrays.stream(height).noneMatch(h -> h == 0)) {
            throw new RoutingFailure(not + "no switch has hosts (leaves are the switches with hosts)");
        }
        int maxHeight = 0;
        for (int h : height) {
            maxHeight = Math.max(maxHeight, h);
        }
        int n = maxHeight + 1;
        int[] level = new int[s];
        List<List<Integer>> ups = new ArrayList<>();
        List<List<Integer>> downs = new ArrayList<>();
        for (int u = 0; u < s; u++) {
            level[u] = maxHeight - height[u];
            ups.add(new ArrayList<>());
            downs.add(new ArrayList<>());
        }
        for (int u = 0; u < s; u++) {
            for (int c : g.out(u)) {
                int diff = level[g.dst(c)] - level[u];
                if (diff == -1) {
                    ups.get(u).add(c);
                } else if (diff == 1) {
                    downs.get(u).add(c);
                } else if (diff != 0) {
                    throw new RoutingFailure(not + "link " + g.switchId(u) + "-" + g.switchId(g.dst(c))
                            + " skips a level");
                }
            }
        }
        List<Integer> leafList = new ArrayList<>();
        int[] leafNumber = new int[s];
        Arrays.fill(leafNumber, -1);
        for (int u = 0; u < s; u++) {
            if (level[u] == n - 1) {
                leafNumber[u] = leafList.size();
                leafList.add(u);
            }
        }
        int k = n == 1 ? 1 : ups.get(leafList.get(0)).size();
        long perLevel = 1;
        for (int i = 0; i < n - 1; i++) {
            perLevel *= k;
        }
        int[] count = new int[n];
        for (int u = 0; u < s; u++) {
            count[level[u]]++;
            int wantUp = level[u] == 0 ? 0 : k;
            int wantDown = level[u] == n - 1 ? 0 : k;
            if (ups.get(u).size() != wantUp || downs.get(u).size() != wantDown) {
                throw new RoutingFailure(not + g.switchId(u) + " at level " + level[u] + " has "
                        + ups.get(u).size() + " up and " + downs.get(u).size() + " down links (expected " + wantUp
                        + " and " + wantDown + " with k = " + k + ")");
            }
            if (level[u] < n - 1 && g.hostsAt(u).length > 0) {
                throw new RoutingFailure(not + g.switchId(u) + " has hosts but is not a leaf");
            }
        }
        for (int l = 0; l < n; l++) {
            if (count[l] != perLevel) {
                throw new RoutingFailure(not + "level " + l + " has " + count[l] + " switches (expected k^(n-1) = "
                        + perLevel + " with k = " + k + ", n = " + n + ")");
            }
        }
        int[][] up = new int[s][];
        int[][] down = new int[s][];
        for (int u = 0; u < s; u++) {
            up[u] = ups.get(u).stream().mapToInt(Integer::intValue).toArray();
            down[u] = downs.get(u).stream().mapToInt(Integer::intValue).toArray();
        }
        int[] leaves = leafList.stream().mapToInt(Integer::intValue).toArray();
        return new KaryNTreeShape(g, k, n, level, up, down, leaves, leafNumber);
    }

    /** True when leaf {@code leaf} (a switch) lies below switch u (or is u). */
    boolean above(int u, int leaf) {
        int i = leafNumber[leaf];
        return (descendants[u][i >>> 6] & (1L << i)) != 0;
    }

    /** The down channel of u toward a leaf below it. */
    int downToward(int u, int leaf) {
        for (int c : down[u]) {
            if (above(g.dst(c), leaf)) {
                return c;
            }
        }
        throw new IllegalStateException(g.switchId(leaf) + " is not below " + g.switchId(u));
    }

    /** Digit j (0..n-2) of a leaf switch's label. */
    int digit(int leaf, int j) {
        return digits[leafNumber[leaf]][j];
    }

    private void orderLogicalNodes() {
        int s = g.switchCount();
        Map<String, List<Integer>> groups = new HashMap<>();
        for (int u = 0; u < s; u++) {
            groups.computeIfAbsent(level[u] + ":" + Arrays.toString(descendants[u]), x -> new ArrayList<>()).add(u);
        }
        for (List<Integer> group : groups.values()) {
            java.util.Set<Integer> members = new java.util.HashSet<>(group);
            int start = group.get(0);
            for (int u : group) {
                if (neighbours(u, members).size() <= 1) {
                    start = u;
                    break;
                }
            }
            int prev = -1;
            int u = start;
            int pos = 0;
            boolean[] placed = new boolean[s];
            while (u >= 0) {
                placed[u] = true;
                position[u] = pos++;
                nodeSize[u] = group.size();
                int next = -1;
                for (int v : neighbours(u, members)) {
                    if (!placed[v] && (next < 0 || v < next)) {
                        next = v;
                    }
                }
                right[u] = channelsTo(u, next);
                left[u] = channelsTo(u, prev);
                prev = u;
                u = next;
            }
            for (int v : group) {
                if (!placed[v]) {
                    position[v] = pos++;
                    nodeSize[v] = group.size();
                    right[v] = new int[0];
                    left[v] = new int[0];
                }
            }
        }
    }

    private List<Integer> neighbours(int u, java.util.Set<Integer> members) {
        List<Integer> out = new ArrayList<>();
        for (int c : g.out(u)) {
            int v = g.dst(c);
            if (v != u && members.contains(v) && !out.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    private int[] channelsTo(int u, int v) {
        if (v < 0) {
            return new int[0];
        }
        return Arrays.stream(g.out(u)).filter(c -> g.dst(c) == v).toArray();
    }
}

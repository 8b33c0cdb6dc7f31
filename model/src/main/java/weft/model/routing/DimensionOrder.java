package weft.model.routing;

import java.util.Arrays;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Dimension-order routing for meshes and tori: correct dimension 0 fully, then dimension 1, and so on; on a torus
 * each dimension goes the shorter way round (the plus direction on a tie).
 *
 * <p>Source: seed 002 §2.1.4 (DOR, the reference for regular meshes; tori need wrap handling). Dimension order alone is
 * deadlock-free on a mesh: a packet only turns from a lower to a higher dimension, so any cycle of dependencies would
 * stay in one row, where a mesh has none.
 * <ul>
 *   <li>Grid coordinates come from the port scheme of {@code weft.model.topology.generate.Grid}: after a switch's
 *       host ports {@code 1..h}, port {@code h+1+2i} leads to the minus and {@code h+2+2i} to the plus neighbour in
 *       dimension i. Coordinates are counted along plus ports from the first switch (the generator's origin);
 *       a dimension is wrapped (torus) when its last switch's plus port leads back to coordinate 0.</li>
 *   <li>Dateline: on a ring, the packets that cross the wrap link and those that do not must use different virtual
 *       channels (Dally and Seitz). Weft never rewrites a packet's PCP on the way, so the channel is fixed per pair:
 *       the layer of a pair is the set of wrapped dimensions whose wrap link its path crosses, as a bit mask.
 *       Decision: this needs 2 layers per wrapped dimension (2 on a ring, 4 on a 2D torus, 8 on a 3D torus)
 *       instead of the 2 of a per-hop dateline, because a 2D path that switches channels only in the dimension it
 *       wraps would mix crossing and non-crossing segments of another row in one layer. Within one layer every row
 *       carries only crossing or only non-crossing segments of at most half its length, which cannot close the
 *       row's cycle.</li>
 * </ul>
 */
final class DimensionOrder extends ConnectedEngine {
    DimensionOrder() {
        super("dor", true);
    }

    @Override
    RoutingResult route(Topology topology, RoutingOptions options) {
        Grid grid = Grid.of(name(), topology);
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        int wrapped = 0;
        int[] wrapBit = new int[grid.dims];
        for (int i = 0; i < grid.dims; i++) {
            wrapBit[i] = grid.wrap[i] ? 1 << wrapped++ : 0;
        }
        int layers = 1 << wrapped;
        if (layers > options.layersPerClass()) {
            throw new RoutingFailure(name() + ": needs " + layers + " layers for " + wrapped
                    + " wrapped dimension(s), " + options.layersPerClass() + " available (--max-layers "
                    + options.maxLayers() + " / --classes " + options.classes() + ")");
        }
        int[][][] next = new int[layers][n][];
        int[][] layerOf = new int[n][n];
        for (int s = 0; s < n; s++) {
            if (g.hostsAt(s).length == 0) {
                continue;
            }
            for (int d = 0; d < n; d++) {
                if (d == s || g.hostsAt(d).length == 0) {
                    continue;
                }
                int layer = 0;
                for (int i = 0; i < grid.dims; i++) {
                    if (grid.wrap[i] && crossesWrap(grid, i, grid.coord[s][i], grid.coord[d][i])) {
                        layer |= wrapBit[i];
                    }
                }
                layerOf[s][d] = layer;
                int[] row = next[layer][d];
                if (row == null) {
                    row = new int[n];
                    Arrays.fill(row, -1);
                    next[layer][d] = row;
                }
                for (int u = s; u != d; ) {
                    int c = hop(grid, u, d);
                    row[u] = c;
                    u = g.dst(c);
                }
            }
        }
        return DestinationTables.result(name(), topology, layers, layerOf, next, true);
    }

    private static boolean plus(Grid grid, int i, int from, int to) {
        int size = grid.size[i];
        if (!grid.wrap[i]) {
            return to > from;
        }
        int forward = Math.floorMod(to - from, size);
        return forward <= size - forward;
    }

    private static boolean crossesWrap(Grid grid, int i, int from, int to) {
        if (from == to) {
            return false;
        }
        return plus(grid, i, from, to) ? to < from : to > from;
    }

    /** The channel leaving u toward d: first dimension that differs, shorter direction. */
    private static int hop(Grid grid, int u, int d) {
        for (int i = 0; i < grid.dims; i++) {
            int from = grid.coord[u][i];
            int to = grid.coord[d][i];
            if (from != to) {
                return plus(grid, i, from, to) ? grid.plus[u][i] : grid.minus[u][i];
            }
        }
        throw new IllegalStateException("no hop from a switch to itself");
    }

    /** Coordinates recognised from the generator's port scheme. */
    static final class Grid {
        final int dims;
        final int[] size;
        final boolean[] wrap;
        final int[][] coord;
        final int[][] plus;
        final int[][] minus;

        private Grid(int dims, int[] size, boolean[] wrap, int[][] coord, int[][] plus, int[][] minus) {
            this.dims = dims;
            this.size = size;
            this.wrap = wrap;
            this.coord = coord;
            this.plus = plus;
            this.minus = minus;
        }

        static Grid of(String engine, Topology topology) {
            SwitchGraph g = topology.graph();
            int n = g.switchCount();
            String not = engine + ": fabric " + topology.name() + " is not a mesh or torus with the generator's port"
                    + " scheme (hosts on ports 1..h, then minus and plus ports per dimension): ";
            int h = g.hostsAt(0).length;
            int ports = topology.switches().get(0).ports();
            if ((ports - h) % 2 != 0 || ports - h < 2) {
                throw new RoutingFailure(not + g.switchId(0) + " has " + ports + " ports and " + h + " hosts");
            }
            int dims = (ports - h) / 2;
            int[][] plus = new int[n][dims];
            int[][] minus = new int[n][dims];
            for (int u = 0; u < n; u++) {
                Arrays.fill(plus[u], -1);
                Arrays.fill(minus[u], -1);
                int hu = g.hostsAt(u).length;
                for (int c : g.out(u)) {
                    int p = g.srcPort(c) - hu - 1;
                    if (p < 0 || p >= 2 * dims) {
                        throw new RoutingFailure(not + "port " + g.srcPort(c) + " of " + g.switchId(u)
                                + " is outside the dimension ports");
                    }
                    int q = g.dstPort(c) - g.hostsAt(g.dst(c)).length - 1;
                    if (q / 2 != p / 2 || q % 2 == p % 2) {
                        throw new RoutingFailure(not + "link " + g.switchId(u) + ":" + g.srcPort(c) + "-"
                                + g.switchId(g.dst(c)) + ":" + g.dstPort(c) + " does not join a plus to a minus port"
                                + " of one dimension");
                    }
                    (p % 2 == 1 ? plus : minus)[u][p / 2] = c;
                }
            }
            int[] size = new int[dims];
            boolean[] wrap = new boolean[dims];
            for (int i = 0; i < dims; i++) {
                int u = 0;
                size[i] = 1;
                while (plus[u][i] >= 0 && g.dst(plus[u][i]) != 0) {
                    u = g.dst(plus[u][i]);
                    size[i]++;
                    if (size[i] > n) {
                        throw new RoutingFailure(not + "dimension " + i + " does not end");
                    }
                }
                wrap[i] = plus[u][i] >= 0;
            }
            int[][] coord = new int[n][];
            coord[0] = new int[dims];
            int[] queue = new int[n];
            int tail = 0;
            queue[tail++] = 0;
            for (int head = 0; head < tail; head++) {
                int u = queue[head];
                for (int i = 0; i < dims; i++) {
                    int c = plus[u][i];
                    if (c < 0) {
                        continue;
                    }
                    int v = g.dst(c);
                    int[] want = coord[u].clone();
                    want[i] = (want[i] + 1) % size[i];
                    if (coord[v] == null) {
                        coord[v] = want;
                        queue[tail++] = v;
                    } else if (!Arrays.equals(coord[v], want)) {
                        throw new RoutingFailure(not + g.switchId(v) + " is reached at " + Arrays.toString(want)
                                + " and " + Arrays.toString(coord[v]));
                    }
                }
            }
            long product = 1;
            for (int sz : size) {
                product *= sz;
            }
            if (tail != n || product != n) {
                throw new RoutingFailure(not + n + " switches but the dimensions found are " + Arrays.toString(size));
            }
            return new Grid(dims, size, wrap, coord, plus, minus);
        }
    }
}

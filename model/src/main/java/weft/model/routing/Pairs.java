package weft.model.routing;

import java.util.Arrays;
import java.util.SplittableRandom;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.traffic.Shuffle;

/**
 * The ordered switch pairs an engine routes, in the order it processes them: the pairs of distinct switches that
 * have hosts (every switch when the fabric has no hosts), destination-major (each destination's sources nearest
 * first) or source-major, shuffled by the seed when the options ask for randomised orders. Refuses a disconnected
 * fabric, naming two switches that cannot reach each other.
 */
final class Pairs {
    private final int[] src;
    private final int[] dst;
    private final int[] destinations;
    private final int[][] index;

    private Pairs(int[] src, int[] dst, int[] destinations, int[][] index) {
        this.src = src;
        this.dst = dst;
        this.destinations = destinations;
        this.index = index;
    }

    /**
     * @param engine           engine name for error messages
     * @param destinationMajor true: by destination, then source by increasing distance to it (ties in index order);
     *                         false: by source then destination
     * @throws RoutingFailure when the fabric has no switches or is disconnected
     */
    static Pairs of(String engine, Topology topology, boolean destinationMajor, RoutingOptions options) {
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        if (n == 0) {
            throw new RoutingFailure(engine + ": fabric '" + topology.name() + "' has no switches");
        }
        if (!g.isConnected()) {
            int[] comp = g.components();
            int other = 0;
            while (comp[other] == comp[0]) {
                other++;
            }
            throw new RoutingFailure(engine + ": fabric '" + topology.name() + "' is disconnected ("
                    + g.componentCount() + " components; " + g.switchId(0) + " cannot reach " + g.switchId(other)
                    + ")");
        }
        int terminals = 0;
        boolean[] terminal = new boolean[n];
        for (int u = 0; u < n; u++) {
            terminal[u] = g.hostsAt(u).length > 0 || topology.hosts().isEmpty();
            terminals += terminal[u] ? 1 : 0;
        }
        int[] ids = new int[terminals];
        for (int u = 0, i = 0; u < n; u++) {
            if (terminal[u]) {
                ids[i++] = u;
            }
        }
        int size = terminals * (terminals - 1);
        int[] src = new int[size];
        int[] dst = new int[size];
        int[][] index = new int[n][];
        for (int u : ids) {
            index[u] = new int[n];
            Arrays.fill(index[u], -1);
        }
        SplittableRandom random = options.randomize() ? new SplittableRandom(options.seed()) : null;
        int[] outer = ids.clone();
        if (random != null) {
            Shuffle.shuffle(outer, random);
        }
        int p = 0;
        for (int a : outer) {
            int[] inner = ids.clone();
            if (random != null) {
                Shuffle.shuffle(inner, random);
            }
            if (destinationMajor) {
                inner = nearestFirst(inner, g.distances()[a]);
            }
            for (int b : inner) {
                if (a == b) {
                    continue;
                }
                int s = destinationMajor ? b : a;
                int d = destinationMajor ? a : b;
                src[p] = s;
                dst[p] = d;
                index[s][d] = p;
                p++;
            }
        }
        return new Pairs(src, dst, ids, index);
    }

    /** Stable counting sort of switches by distance (from the destination), nearest first. */
    private static int[] nearestFirst(int[] switches, int[] dist) {
        int max = 0;
        for (int u : switches) {
            max = Math.max(max, dist[u]);
        }
        int[] start = new int[max + 2];
        for (int u : switches) {
            start[dist[u] + 1]++;
        }
        for (int k = 1; k < start.length; k++) {
            start[k] += start[k - 1];
        }
        int[] out = new int[switches.length];
        for (int u : switches) {
            out[start[dist[u]]++] = u;
        }
        return out;
    }

    int size() {
        return src.length;
    }

    int src(int pair) {
        return src[pair];
    }

    int dst(int pair) {
        return dst[pair];
    }

    /** Index of pair (s, d) in processing order, or -1 if it is not routed. */
    int index(int s, int d) {
        return index[s] == null ? -1 : index[s][d];
    }

    /** Switches that are destinations (and sources), ascending. */
    int[] destinations() {
        return destinations;
    }

    /** Pair indexes sorted by source then destination, for output. */
    int[] sourceMajor() {
        int[] out = new int[size()];
        int k = 0;
        for (int s : destinations) {
            for (int d : destinations) {
                if (s != d) {
                    out[k++] = index[s][d];
                }
            }
        }
        return out;
    }
}

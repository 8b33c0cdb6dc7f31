package weft.model.routing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Small fabrics for routing tests: switch i is "s" + i with index i; at every switch the ports of its switch links are
 * numbered in ascending order of the neighbour's index (so "first productive port" is "lowest-id productive neighbour",
 * the R of the hand-computed LASH vectors), then one host port per switch when hosts are wanted.
 */
final class LashFabrics {
    private LashFabrics() {
    }

    /** A fabric from an edge list; parallel edges allowed. */
    static Topology fromEdges(String name, int n, List<int[]> edges, boolean hosts) {
        List<List<int[]>> incident = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            incident.add(new ArrayList<>());
        }
        for (int i = 0; i < edges.size(); i++) {
            int[] e = edges.get(i);
            incident.get(e[0]).add(new int[] {e[1], i});
            incident.get(e[1]).add(new int[] {e[0], i});
        }
        int[][] portOf = new int[edges.size()][2];
        for (int u = 0; u < n; u++) {
            List<int[]> inc = incident.get(u);
            inc.sort(Comparator.<int[]>comparingInt(x -> x[0]).thenComparingInt(x -> x[1]));
            for (int k = 0; k < inc.size(); k++) {
                int[] e = edges.get(inc.get(k)[1]);
                portOf[inc.get(k)[1]][e[0] == u && (e[1] != u) ? 0 : 1] = k + 1;
            }
        }
        List<Switch> switches = new ArrayList<>();
        List<Host> hostList = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            int deg = incident.get(u).size();
            switches.add(new Switch("s" + u, u + 1L, deg + 1));
            if (hosts) {
                hostList.add(new Host("h" + u, String.format("02:00:00:00:%02x:%02x", u >> 8, u & 0xff),
                        "10.1." + (u >> 8) + "." + (u & 0xff), "s" + u,
                        deg + 1, 10));
            }
        }
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < edges.size(); i++) {
            int[] e = edges.get(i);
            links.add(new Link("s" + e[0], portOf[i][0], "s" + e[1], portOf[i][1], 10));
        }
        return new Topology(name, switches, hostList, links);
    }

    static Topology ring(int n) {
        List<int[]> edges = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            edges.add(new int[] {i, (i + 1) % n});
        }
        return fromEdges("ring-" + n, n, edges, false);
    }

    /** W x H torus (W, H >= 3), switch id = y * W + x. */
    static Topology torus(int w, int h) {
        List<int[]> edges = new ArrayList<>();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                edges.add(new int[] {y * w + x, y * w + (x + 1) % w});
                edges.add(new int[] {y * w + x, ((y + 1) % h) * w + x});
            }
        }
        return fromEdges("torus-" + w + "x" + h, w * h, edges, false);
    }

    /** W x H mesh, switch id = y * W + x. */
    static Topology mesh(int w, int h) {
        List<int[]> edges = new ArrayList<>();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (x + 1 < w) {
                    edges.add(new int[] {y * w + x, y * w + x + 1});
                }
                if (y + 1 < h) {
                    edges.add(new int[] {y * w + x, (y + 1) * w + x});
                }
            }
        }
        return fromEdges("mesh-" + w + "x" + h, w * h, edges, false);
    }

    /**
     * A connected random graph of maximum degree maxDegree: a random tree, then random links between switches with
     * free ports until none can be added, no parallel links.
     */
    static Topology random(int n, int maxDegree, long seed, boolean hosts) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] deg = new int[n];
        boolean[][] adj = new boolean[n][n];
        List<int[]> edges = new ArrayList<>();
        for (int v = 1; v < n; v++) {
            int u;
            do {
                u = r.nextInt(v);
            } while (deg[u] >= maxDegree);
            add(edges, adj, deg, u, v);
        }
        for (int misses = 0; misses < 50 * n; ) {
            int a = r.nextInt(n);
            int b = r.nextInt(n);
            if (a == b || adj[a][b] || deg[a] >= maxDegree || deg[b] >= maxDegree) {
                misses++;
                continue;
            }
            add(edges, adj, deg, a, b);
        }
        return fromEdges("random-" + n + "-d" + maxDegree + "-" + seed, n, edges, hosts);
    }

    private static void add(List<int[]> edges, boolean[][] adj, int[] deg, int a, int b) {
        edges.add(new int[] {a, b});
        adj[a][b] = true;
        adj[b][a] = true;
        deg[a]++;
        deg[b]++;
    }
}

package weft.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * The benchmark fabrics of issue 6: random irregular graphs of a given maximum degree, 2-D tori and k-ary n-trees,
 * with one host per switch (per leaf switch in trees) so that every switch pair with hosts is routed. Port 1 of a
 * switch is its host port; link ports follow in the order links are made.
 */
final class BenchFabrics {
    private BenchFabrics() {
    }

    /** Connected random graph: random spanning tree, then random links while both ends have free degree. */
    static Topology random(int n, int maxDegree, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] deg = new int[n];
        boolean[][] adj = new boolean[n][n];
        List<int[]> edges = new ArrayList<>();
        for (int v = 1; v < n; v++) {
            int u;
            do {
                u = r.nextInt(v);
            } while (deg[u] >= maxDegree);
            edge(edges, adj, deg, u, v);
        }
        for (int misses = 0; misses < 50 * n; ) {
            int a = r.nextInt(n);
            int b = r.nextInt(n);
            if (a == b || adj[a][b] || deg[a] >= maxDegree || deg[b] >= maxDegree) {
                misses++;
            } else {
                edge(edges, adj, deg, a, b);
            }
        }
        boolean[] hosts = new boolean[n];
        java.util.Arrays.fill(hosts, true);
        return build("random-" + n + "-d" + maxDegree, n, hosts, edges);
    }

    private static void edge(List<int[]> edges, boolean[][] adj, int[] deg, int a, int b) {
        edges.add(new int[] {a, b});
        adj[a][b] = true;
        adj[b][a] = true;
        deg[a]++;
        deg[b]++;
    }

    /** W x H torus, switch index y * W + x. */
    static Topology torus(int w, int h) {
        List<int[]> edges = new ArrayList<>();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                edges.add(new int[] {y * w + x, y * w + (x + 1) % w});
                edges.add(new int[] {y * w + x, ((y + 1) % h) * w + x});
            }
        }
        boolean[] hosts = new boolean[w * h];
        java.util.Arrays.fill(hosts, true);
        return build("torus-" + w + "x" + h, w * h, hosts, edges);
    }

    /**
     * k-ary n-tree (Petrini and Vanneschi): n levels of k^(n-1) switches; switch (l, w) links to (l+1, w') when w and
     * w' differ at most in digit l. Level 0 switches are the leaves and get the hosts.
     */
    static Topology karyNTree(int k, int levels) {
        int per = (int) Math.pow(k, levels - 1);
        List<int[]> edges = new ArrayList<>();
        for (int l = 0; l + 1 < levels; l++) {
            int stride = (int) Math.pow(k, l);
            for (int w = 0; w < per; w++) {
                int digit = (w / stride) % k;
                for (int v = 0; v < k; v++) {
                    int w2 = w + (v - digit) * stride;
                    edges.add(new int[] {l * per + w, (l + 1) * per + w2});
                }
            }
        }
        boolean[] hosts = new boolean[per * levels];
        java.util.Arrays.fill(hosts, 0, per, true);
        return build(k + "-ary-" + levels + "-tree", per * levels, hosts, edges);
    }

    private static Topology build(String name, int n, boolean[] hosts, List<int[]> edges) {
        int[] next = new int[n];
        java.util.Arrays.fill(next, 2);
        List<Link> links = new ArrayList<>();
        for (int[] e : edges) {
            links.add(new Link("s" + e[0], next[e[0]]++, "s" + e[1], next[e[1]]++, 100));
        }
        List<Switch> switches = new ArrayList<>();
        List<Host> hostList = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            switches.add(new Switch("s" + u, u + 1L, next[u] - 1));
            if (hosts[u]) {
                hostList.add(new Host("h" + u, String.format("02:00:00:00:%02x:%02x", u >> 8, u & 0xff),
                        "10.1." + (u >> 8) + "." + (u & 0xff), "s" + u, 1, 100));
            }
        }
        return new Topology(name, switches, hostList, links);
    }
}

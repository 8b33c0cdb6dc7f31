package weft.model.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ArbitrarySupplier;
import net.jqwik.api.Combinators;

import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Small fabrics built by hand for routing tests, with the numbering of the hand-computed LASH vectors: switches
 * {@code s0..s(N-1)} in index order, mesh and torus switch id {@code y*W + x}. On every switch the hosts take ports
 * {@code 1..h} and the links follow in the order given. Hosts are {@code h0, h1, ...}.
 */
public final class Fabrics {
    private Fabrics() {
    }

    /** A fabric of {@code switches} switches, {@code hostsPerSwitch} hosts on each, and the given links. */
    public static Topology graph(String name, int switches, int hostsPerSwitch, int[][] edges) {
        int[] hosts = new int[switches];
        java.util.Arrays.fill(hosts, hostsPerSwitch);
        return graph(name, hosts, edges);
    }

    /** A fabric with {@code hosts[i]} hosts on switch i and the given links (pairs of switch indexes). */
    public static Topology graph(String name, int[] hosts, int[][] edges) {
        int n = hosts.length;
        int[] nextPort = new int[n];
        List<Host> hostList = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (int i = 0; i < hosts[u]; i++) {
                int h = hostList.size();
                hostList.add(new Host("h" + h, String.format("02:00:00:%02x:%02x:%02x", h >> 16, (h >> 8) & 255,
                        h & 255), "10." + (h >> 16) + "." + ((h >> 8) & 255) + "." + (h & 255), "s" + u,
                        ++nextPort[u], 10.0));
            }
        }
        List<Link> links = new ArrayList<>();
        for (int[] e : edges) {
            links.add(new Link("s" + e[0], ++nextPort[e[0]], "s" + e[1], ++nextPort[e[1]], 10.0));
        }
        List<Switch> switches = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            switches.add(new Switch("s" + u, u + 1L, Math.max(1, nextPort[u])));
        }
        return new Topology(name, switches, hostList, links);
    }

    /** Ring s0-s1-...-s(n-1)-s0, link i = (i, i+1 mod n). */
    public static Topology ring(int n) {
        int[][] edges = new int[n][];
        for (int i = 0; i < n; i++) {
            edges[i] = new int[] {i, (i + 1) % n};
        }
        return graph("ring-" + n, n, 1, edges);
    }

    /** W x H mesh, id = y*W + x (see {@link #grid}). */
    public static Topology mesh(int w, int h) {
        return grid(w, h, false);
    }

    /** W x H torus, id = y*W + x, with wrap links (see {@link #grid}; a dimension of 2 gets parallel links). */
    public static Topology torus(int w, int h) {
        return grid(w, h, true);
    }

    /**
     * Grid with one host per switch and the port scheme of {@code weft.model.topology.generate.Grid}: dimension 0
     * is y (size H), dimension 1 is x (size W); host on port 1, then ports 2/3 lead to the y minus/plus neighbour and
     * 4/5 to the x minus/plus neighbour.
     */
    private static Topology grid(int w, int h, boolean wrap) {
        int n = w * h;
        List<Host> hosts = new ArrayList<>();
        List<Switch> switches = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            switches.add(new Switch("s" + u, u + 1L, 5));
            hosts.add(new Host("h" + u, String.format("02:00:00:00:%02x:%02x", u >> 8, u & 255),
                    "10.0." + (u >> 8) + "." + (u & 255), "s" + u, 1, 10.0));
        }
        List<Link> links = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            int x = u % w;
            int y = u / w;
            if (y + 1 < h || wrap && h > 1) {
                links.add(new Link("s" + u, 3, "s" + (((y + 1) % h) * w + x), 2, 10.0));
            }
            if (x + 1 < w || wrap && w > 1) {
                links.add(new Link("s" + u, 5, "s" + (y * w + (x + 1) % w), 4, 10.0));
            }
        }
        return new Topology((wrap ? "torus-" : "mesh-") + w + "x" + h, switches, hosts, links);
    }

    /**
     * A connected random fabric: a random spanning tree, then random extra links while both ends have fewer than
     * {@code maxDegree} links. Deterministic per seed.
     */
    public static Topology irregular(int n, int maxDegree, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] deg = new int[n];
        List<int[]> edges = new ArrayList<>();
        boolean[][] adj = new boolean[n][n];
        for (int v = 1; v < n; v++) {
            int u;
            do {
                u = rnd.nextInt(v);
            } while (deg[u] >= maxDegree);
            edges.add(new int[] {u, v});
            adj[u][v] = adj[v][u] = true;
            deg[u]++;
            deg[v]++;
        }
        for (int tries = 0; tries < n * maxDegree * 4; tries++) {
            int a = rnd.nextInt(n);
            int b = rnd.nextInt(n);
            if (a != b && !adj[a][b] && deg[a] < maxDegree && deg[b] < maxDegree) {
                edges.add(new int[] {a, b});
                adj[a][b] = adj[b][a] = true;
                deg[a]++;
                deg[b]++;
            }
        }
        return graph("irregular-" + n + "-d" + maxDegree + "-" + seed, n, 1, edges.toArray(new int[0][]));
    }

    /**
     * One fabric of the random families the engines' properties draw from: {@code family} 0 a random irregular
     * fabric of {@code size + 6} switches and degree at most {@code degree}, 1 a torus, 2 a mesh (side
     * {@code 2 + size % 7} by {@code 2 + degree % 5}).
     */
    public static Topology anyFamily(int family, int size, int degree, long seed) {
        int side = 2 + size % 7;
        return family == 0 ? irregular(size + 6, degree, seed)
                : family == 1 ? torus(side, 2 + degree % 5) : mesh(side, 2 + degree % 5);
    }

    /**
     * Random fabrics for properties, {@code @ForAll(supplier = Fabrics.AnyFamily.class) Topology t}: {@link #anyFamily}
     * with family 0..2, size 2..64, degree 3..8 and any seed.
     */
    public static final class AnyFamily implements ArbitrarySupplier<Topology> {
        @Override
        public Arbitrary<Topology> get() {
            return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.integers().between(2, 64),
                    Arbitraries.integers().between(3, 8), Arbitraries.longs()).as(Fabrics::anyFamily);
        }
    }

    /** Two 3-switch rings with no link between them. */
    public static Topology disconnected() {
        return graph("two-islands", 6, 1, new int[][] {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}});
    }

    /**
     * Petrini–Vanneschi k-ary n-tree (seed 000 §6.1): switch {@code <w,l>} (w = n-1 base-k digits, level l, 0 = root)
     * is {@code s(l*k^(n-1) + w)}; {@code <w,l>} links {@code <w',l+1>} when they differ at most in digit l. Ports:
     * down ports 1..k in digit order (hosts on leaves), then up ports k+1..2k in digit order.
     */
    public static Topology karyNTree(int k, int n) {
        int per = (int) Math.pow(k, n - 1);
        int[] hosts = new int[n * per];
        for (int w = 0; w < per; w++) {
            hosts[(n - 1) * per + w] = k;
        }
        // Link order makes ports line up with digits: for each lower switch, its up ports in digit order.
        List<int[]> edges = new ArrayList<>();
        for (int l = n - 1; l >= 1; l--) {
            int weight = (int) Math.pow(k, n - 2 - (l - 1));
            for (int w = 0; w < per; w++) {
                int digit = (w / weight) % k;
                for (int j = 0; j < k; j++) {
                    int up = w + (j - digit) * weight;
                    edges.add(new int[] {l * per + w, (l - 1) * per + up});
                }
            }
        }
        return withDigitPorts(k, n, per, hosts, edges, 0);
    }

    /**
     * The enriched k-ary n-tree of seed 000 §6.2: {@link #karyNTree} plus, at levels 0..n-2, a chain through the
     * switches of each logical node (consecutive indexes), {@code width} parallel links between neighbours: ports
     * {@code 2k+1..2k+w} to the left neighbour and {@code 2k+w+1..2k+2w} to the right one.
     */
    public static Topology enrichedKaryNTree(int k, int n, int width) {
        Topology plain = karyNTree(k, n);
        int per = (int) Math.pow(k, n - 1);
        List<Link> links = new ArrayList<>(plain.links());
        for (int l = 0; l < n - 1; l++) {
            int size = per / (int) Math.pow(k, l);
            for (int first = 0; first < per; first += size) {
                for (int p = 0; p + 1 < size; p++) {
                    int a = l * per + first + p;
                    for (int t = 0; t < width; t++) {
                        links.add(new Link("s" + a, 2 * k + width + 1 + t, "s" + (a + 1), 2 * k + 1 + t, 10.0));
                    }
                }
            }
        }
        List<Switch> switches = plain.switches().stream()
                .map(s -> new Switch(s.id(), s.dpid(), 2 * k + 2 * width)).toList();
        return new Topology("enriched-" + plain.name() + "-w" + width, switches, plain.hosts(), links);
    }

    private static Topology withDigitPorts(int k, int n, int per, int[] hosts, List<int[]> edges, int extra) {
        int count = n * per;
        List<Host> hostList = new ArrayList<>();
        for (int u = 0; u < count; u++) {
            for (int i = 0; i < hosts[u]; i++) {
                int h = hostList.size();
                hostList.add(new Host("h" + h, String.format("02:00:00:%02x:%02x:%02x", h >> 16, (h >> 8) & 255,
                        h & 255), "10." + (h >> 16) + "." + ((h >> 8) & 255) + "." + (h & 255), "s" + u, i + 1,
                        10.0));
            }
        }
        List<Link> links = new ArrayList<>();
        for (int[] e : edges) {
            int lower = e[0];
            int upper = e[1];
            int l = lower / per;
            int weight = (int) Math.pow(k, n - 2 - (l - 1));
            int upDigit = ((upper % per) / weight) % k;
            int downDigit = ((lower % per) / weight) % k;
            links.add(new Link("s" + lower, k + 1 + upDigit, "s" + upper, 1 + downDigit, 10.0));
        }
        List<Switch> switches = new ArrayList<>();
        for (int u = 0; u < count; u++) {
            switches.add(new Switch("s" + u, u + 1L, 2 * k + extra));
        }
        return new Topology(k + "-ary-" + n + "-tree", switches, hostList, links);
    }
}

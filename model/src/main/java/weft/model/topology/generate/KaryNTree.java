package weft.model.topology.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The k-ary n-tree of Petrini and Vanneschi: {@code n} levels of {@code k^(n-1)} switches each, {@code k^n} hosts.
 * Seeds 000 §6.1 and 003 §4.
 *
 * <p>Labelling (Petrini and Vanneschi's, docs/sources.md): switch {@code <w, l>} has level {@code l} ({@code 0} =
 * roots, {@code n-1} = leaves) and label {@code w = (w_0 .. w_{n-2})}, digits base {@code k}; {@code <w, l>} is cabled
 * to {@code <w', l+1>} iff {@code w} and {@code w'} differ at most in digit {@code l}. Host
 * {@code p = (p_0 .. p_{n-1})} hangs off leaf {@code (p_0 .. p_{n-2})} at down-port {@code p_{n-1}}.
 *
 * <p>Numbering: switch {@code <w, l>} is {@code s(1 + l*k^(n-1) + w)} with {@code w} read as a base-k number, most
 * significant digit first ({@link TreeCoordinates}{@code (l, w)}); hosts are numbered leaf by leaf, so with the
 * default {@code k} hosts per leaf host {@code h(p+1)} is node {@code p}. Every switch has {@code 2k} ports:
 * down-ports {@code 1..k} (port {@code 1+j} leads to the child whose digit {@code l} is {@code j}, or to host
 * {@code j} at a leaf) and up-ports {@code k+1..2k} (port {@code k+1+j} leads to the parent whose digit
 * {@code l-1} is {@code j}). Root up-ports stay unused, as in the 32-port switches of the 16-ary 3-tree.
 * So the D-mod-k up-port at the {@code i}-th upward hop towards host {@code d} is port
 * {@code k + 1 + (d / k^i) mod k}.
 *
 * <p>Hosts per leaf default to {@code k} and may be {@code 0..k}.
 */
public final class KaryNTree {
    /** The family name. */
    public static final String KIND = "kary-ntree";

    private KaryNTree() {
    }

    /**
     * Builds a k-ary n-tree.
     *
     * @param k arity, at least 2
     * @param n number of switch levels, at least 1
     */
    public static Topology generate(int k, int n, GeneratorOptions options) {
        int hosts = hostsPerLeaf(KIND, k, options);
        FabricBuilder b = new FabricBuilder(options);
        addTree(KIND, b, k, n, 2 * k, hosts);
        return b.build(k + "-ary " + n + "-tree");
    }

    /** Checks the host count against the {@code k} down-ports of a leaf. */
    static int hostsPerLeaf(String kind, int k, GeneratorOptions options) {
        int hosts = options.hostsOr(k);
        if (hosts > k) {
            throw new GeneratorException(kind + ": --hosts " + hosts + " exceeds the " + k
                    + " down-ports of a leaf (k)");
        }
        return hosts;
    }

    /** Adds the switches, tree links and hosts of a k-ary n-tree whose switches have {@code ports} ports. */
    static void addTree(String kind, FabricBuilder b, int k, int n, int ports, int hostsPerLeaf) {
        checkShape(kind, k, n);
        long perLevel = perLevel(k, n);
        FabricBuilder.checkSize(kind, n * perLevel, perLevel * hostsPerLeaf);
        int w = (int) perLevel;
        for (int s = 0; s < n * w; s++) {
            b.addSwitch(ports);
        }
        for (int[] link : treeLinks(k, n)) {
            b.link(link[0], link[1], link[2], link[3]);
        }
        for (int leaf = 0; leaf < w; leaf++) {
            b.addHosts((n - 1) * w + leaf, hostsPerLeaf);
        }
    }

    private static void checkShape(String kind, int k, int n) {
        GeneratorArguments.atLeast(kind, "k", k, 2);
        GeneratorArguments.atLeast(kind, "n", n, 1);
    }

    /** {@code k^(n-1)}, the switches per level, or a value beyond the size limit on overflow. */
    private static long perLevel(int k, int n) {
        long v = 1;
        for (int i = 0; i < n - 1; i++) {
            v *= k;
            if (v > FabricBuilder.MAX_SWITCHES) {
                return FabricBuilder.MAX_SWITCHES + 1;
            }
        }
        return v;
    }

    /**
     * The tree cables as {@code {parent, parentPort, child, childPort}} switch numbers, level by level, parent by
     * parent, child digit by child digit.
     */
    static List<int[]> treeLinks(int k, int n) {
        int w = (int) perLevel(k, n);
        List<int[]> links = new ArrayList<>();
        for (int l = 0; l < n - 1; l++) {
            int weight = w / TreeCoordinates.pow(k, l + 1);
            for (int parent = 0; parent < w; parent++) {
                int digit = (parent / weight) % k;
                for (int j = 0; j < k; j++) {
                    int child = parent + (j - digit) * weight;
                    links.add(new int[] {l * w + parent, 1 + j, (l + 1) * w + child, k + 1 + digit});
                }
            }
        }
        return links;
    }

    /** The label {@code (w_0 .. w_{n-2})} of the switch with index {@code index} in its level. */
    public static int[] digits(int index, int k, int n) {
        int[] d = new int[n - 1];
        int v = index;
        for (int i = n - 2; i >= 0; i--) {
            d[i] = v % k;
            v /= k;
        }
        return d;
    }

    /** Levels and positions of the switches {@link #generate} names, roots first. */
    public static TreeLayout layout(int k, int n) {
        checkShape(KIND, k, n);
        return layoutOf(KIND, k, n, null);
    }

    private static TreeLayout layoutOf(String family, int k, int n, Topology topology) {
        int w = (int) perLevel(k, n);
        List<List<String>> levels = new ArrayList<>();
        for (int l = 0; l < n; l++) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < w; i++) {
                int s = l * w + i;
                ids.add(topology == null ? Addressing.switchId(s) : topology.switches().get(s).id());
            }
            levels.add(ids);
        }
        return new TreeLayout(family, k, levels);
    }

    /**
     * Recognises a k-ary n-tree (with or without horizontal links) laid out as {@link #generate} does it: switch
     * order level by level, the port scheme above, hosts on leaf down-ports only, and any further link joining
     * two switches of the same level. Ids and dpids may differ. This holds for generated fabrics after a JSON
     * round trip. Only trees of two or more levels are recognised (a single switch is not a recognisable tree).
     *
     * @return the layout, or empty when the topology is not such a tree
     */
    public static Optional<TreeLayout> recognize(Topology topology) {
        int switches = topology.switches().size();
        for (int n = 2; n <= 20; n++) {
            for (int k = 2; perLevel(k, n) * n <= switches; k++) {
                boolean enoughLinks = (n - 1) * perLevel(k, n) * k <= topology.links().size();
                if (perLevel(k, n) * n == switches && enoughLinks && matches(topology, k, n)) {
                    return Optional.of(layoutOf(KIND, k, n, topology));
                }
            }
        }
        return Optional.empty();
    }

    private static boolean matches(Topology topology, int k, int n) {
        SwitchGraph g = topology.graph();
        int w = (int) perLevel(k, n);
        for (int[] l : treeLinks(k, n)) {
            int c = g.channelAtPort(l[0], l[1]);
            if (c < 0 || g.dst(c) != l[2] || g.dstPort(c) != l[3]) {
                return false;
            }
        }
        int crossLevel = 0;
        for (Link link : topology.links()) {
            int a = topology.switchIndex(link.a()) / w;
            int b = topology.switchIndex(link.b()) / w;
            if (a != b) {
                crossLevel++;
            }
        }
        if (crossLevel != (n - 1) * w * k) {
            return false;
        }
        for (Host h : topology.hosts()) {
            if (topology.switchIndex(h.switchId()) / w != n - 1 || h.port() > k) {
                return false;
            }
        }
        return true;
    }
}

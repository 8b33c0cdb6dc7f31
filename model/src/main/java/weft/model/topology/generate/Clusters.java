package weft.model.topology.generate;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Network clusters joined by a few over-subscribed inter-cluster channels (seed 001 §3): each cluster is a two-level
 * fat tree (a leaf-spine: every leaf cabled to every spine, hosts on leaves, full bisection inside the cluster), and
 * neighbouring clusters are joined leaf to leaf by {@code inter} links in a ring (two clusters: one set of links).
 * The paper's network is {@code --clusters 2 --leaves 12 --spines 12 --inter 4}: 144 hosts per cluster, four
 * channels each way, inter-cluster latency twice the others' (64 against 32 ns).
 *
 * <p>Numbering: cluster by cluster, its spines then its leaves (as {@link LeafSpine}); hosts leaf by leaf, so host
 * {@code h} is in cluster {@code h / (leaves x hosts per leaf)}. A leaf has hosts on ports {@code 1..h}, its uplink to
 * spine {@code j} on port {@code h+1+j}, then its inter-cluster links; spine {@code j} reaches leaf {@code i} on port
 * {@code 1+i}. The {@code i}-th link between clusters {@code c} and {@code c+1} joins their leaves
 * {@code floor(i x leaves / inter)} (spread over the cluster; the paper does not say which leaves). Hosts per leaf
 * default to the number of spines. Inter-cluster links are the only links between two leaves: the {@code nca}
 * routing engine finds the clusters by that.
 */
public final class Clusters {
    /** The family name. */
    public static final String KIND = "clusters";

    private Clusters() {
    }

    /**
     * Builds the clusters.
     *
     * @param clusters       number of clusters, at least 2 (a ring when more than 2)
     * @param leaves         leaves per cluster, at least 1
     * @param spines         spines per cluster, at least 1
     * @param inter          links between each pair of neighbouring clusters, 1..leaves
     * @param interLatencyUs one-way latency of the inter-cluster links
     */
    public static Topology generate(int clusters, int leaves, int spines, int inter, double interLatencyUs,
                                    GeneratorOptions options) {
        if (clusters < 2 || leaves < 1 || spines < 1 || inter < 1 || inter > leaves) {
            throw new GeneratorException(KIND + ": need --clusters >= 2, --leaves and --spines >= 1 and --inter in "
                    + "1..leaves; got " + clusters + ", " + leaves + ", " + spines + ", " + inter);
        }
        if (!(interLatencyUs >= 0) || Double.isInfinite(interLatencyUs)) {
            throw new GeneratorException(KIND + ": --inter-latency-us must be >= 0, got " + interLatencyUs);
        }
        int hosts = options.hostsOr(spines);
        int perCluster = spines + leaves;
        FabricBuilder.checkSize(KIND, (long) clusters * perCluster, (long) clusters * leaves * hosts);
        int neighbours = clusters == 2 ? 1 : 2;
        FabricBuilder b = new FabricBuilder(options);
        for (int c = 0; c < clusters; c++) {
            for (int s = 0; s < spines; s++) {
                b.addSwitch(leaves);
            }
            for (int l = 0; l < leaves; l++) {
                b.addSwitch(Math.max(1, hosts + spines + neighbours * inter));
            }
        }
        int[] nextPort = new int[clusters * perCluster];
        for (int c = 0; c < clusters; c++) {
            int base = c * perCluster;
            for (int l = 0; l < leaves; l++) {
                int leaf = base + spines + l;
                for (int s = 0; s < spines; s++) {
                    b.link(leaf, hosts + 1 + s, base + s, 1 + l);
                }
                b.addHosts(leaf, hosts);
                nextPort[leaf] = hosts + spines + 1;
            }
        }
        int pairs = clusters == 2 ? 1 : clusters;
        for (int c = 0; c < pairs; c++) {
            int d = (c + 1) % clusters;
            for (int i = 0; i < inter; i++) {
                int l = (int) ((long) i * leaves / inter);
                int a = c * perCluster + spines + l;
                int z = d * perCluster + spines + l;
                b.interLink(a, nextPort[a]++, z, nextPort[z]++, interLatencyUs);
            }
        }
        return b.build(clusters + " clusters of " + leaves + "-leaf " + spines + "-spine, " + inter
                + " inter-cluster links");
    }

    /**
     * The cluster of every switch: the components of the fabric without its links between two switches that both
     * have hosts (the inter-cluster links of {@link #generate}'s fabrics), numbered in switch order from 0.
     */
    public static int[] switchClusters(SwitchGraph g) {
        return g.components(c -> g.hostsAt(g.src(c)).length == 0 || g.hostsAt(g.dst(c)).length == 0);
    }

    /** Reads the family's parameters as {@code weft topo generate} gives them. */
    static Topology generate(GeneratorArguments arguments, GeneratorOptions options) {
        String latency = arguments.text("inter-latency-us");
        double inter;
        try {
            inter = latency.isBlank() ? 2 * options.latencyUs() : Double.parseDouble(latency.trim());
        } catch (NumberFormatException e) {
            throw new GeneratorException(KIND + ": --inter-latency-us must be a number, got '" + latency + "'");
        }
        return generate(arguments.integer("clusters", 2), arguments.integer("leaves", 1),
                arguments.integer("spines", 1), arguments.integer("inter", 1), inter, options);
    }
}

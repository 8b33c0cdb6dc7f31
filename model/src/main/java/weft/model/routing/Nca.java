package weft.model.routing;

import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;

/**
 * Routing for network clusters joined by inter-cluster links (seed 001 §3): every shortest path, as ECMP groups
 * (inside a two-level fat-tree cluster that is the paper's nearest-common-ancestor routing: up to any spine, then
 * down; between clusters, through every inter-cluster link on a shortest path), and one layer per cluster: a pair's
 * layer is its source switch's cluster.
 *
 * <p>The layers are the paper's dateline ("when traversing to a different cluster, packets cross a dateline and thus
 * use a different set of VCs") in the form Weft's layers can take, fixed per pair: each cluster's own traffic and the
 * traffic it sends out share its layer inside it, and arrivals from another cluster travel in their source's layer
 * there, as they would after the paper's dateline. A layer is deadlock-free because its paths only move away from
 * its cluster: up then down inside a cluster, then across inter-cluster links, never back.
 *
 * <p>Clusters: the components of the fabric without its links between two switches that both have hosts, which in
 * the {@code clusters} generator's fabrics are exactly the inter-cluster links (leaf to leaf). A fabric without such
 * links is one cluster, routed as plain ECMP in one layer.
 */
final class Nca extends ConnectedEngine {
    Nca() {
        super("nca", true);
    }

    @Override
    RoutingResult route(Topology topology, RoutingOptions options) {
        int[] cluster = Clusters.switchClusters(topology.graph());
        int layers = java.util.Arrays.stream(cluster).max().orElse(0) + 1;
        if (layers > options.maxLayers()) {
            throw new RoutingFailure(name() + ": " + layers + " clusters need " + layers + " layers, more than the "
                    + options.maxLayers() + " allowed (--max-layers)");
        }
        int[][] layerOf = DestinationTables.emptyTable(cluster.length);
        for (int s = 0; s < cluster.length; s++) {
            java.util.Arrays.fill(layerOf[s], cluster[s]);
        }
        return new RoutingResult(name(), layers, DestinationTables.pairs(topology, layerOf),
                Ecmp.shortestPathGroups(topology.graph(), layers), true);
    }
}

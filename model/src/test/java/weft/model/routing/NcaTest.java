package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.topology.generate.GeneratorOptions;

class NcaTest extends RoutingEngineContract {
    NcaTest() {
        super(new Nca(), clusters(2, 4, 4, 2), clusters(3, 3, 2, 1), clusters(4, 3, 3, 2), Fabrics.karyNTree(4, 2));
    }

    private static Topology clusters(int n, int leaves, int spines, int inter) {
        return Clusters.generate(n, leaves, spines, inter, 2, GeneratorOptions.defaults());
    }

    @Test
    @DisplayName("Seed 001 §3: two clusters get one layer each; a pair's layer is its source's cluster, so a cluster's "
            + "own and outbound traffic share its layer and arrivals keep the sender's (the dateline)")
    void layerPerSourceCluster() {
        Topology t = clusters(2, 4, 4, 2);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        assertThat(r.layers()).isEqualTo(2);
        // switches s1..s8 are cluster 0 (spines s1-s4, leaves s5-s8), s9..s16 cluster 1
        assertThat(r.layerOf()).filteredOn(p -> p.src().equals("s5")).extracting(PairLayer::layer).containsOnly(0);
        assertThat(r.layerOf()).filteredOn(p -> p.src().equals("s13")).extracting(PairLayer::layer).containsOnly(1);
        VerificationReport v = verified(t, r);
        assertThat(v.deadlockFree()).as(v.verdict()).isTrue();
    }

    @Test
    @DisplayName("inside a cluster the paper's nearest-common-ancestor routing: a leaf sends up over every spine, a "
            + "spine down to the leaf; a leaf without an inter-cluster link reaches the other cluster over every "
            + "spine, "
            + "a spine over every inter-cluster leaf")
    void nearestCommonAncestor() {
        Topology t = clusters(2, 4, 4, 2);
        RoutingResult r = engine().compute(t, RoutingOptions.defaults());
        // s6 is cluster 0's leaf 1 (no inter-cluster link; leaves 0 and 2 have one): hosts on ports 1-4, up 5-8
        assertThat(r.forwarding()).filteredOn(e -> e.switchId().equals("s6") && e.dst().equals("s7")
                && e.layer() == 0).singleElement().extracting(ForwardingEntry::outPorts).isEqualTo(List.of(5, 6, 7, 8));
        assertThat(r.forwarding()).filteredOn(e -> e.switchId().equals("s1") && e.dst().equals("s7")
                && e.layer() == 0).singleElement().extracting(ForwardingEntry::outPorts).isEqualTo(List.of(3));
        assertThat(r.forwarding()).filteredOn(e -> e.switchId().equals("s6") && e.dst().equals("s14")
                && e.layer() == 0).singleElement().extracting(ForwardingEntry::outPorts).isEqualTo(List.of(5, 6, 7, 8));
        assertThat(r.forwarding()).filteredOn(e -> e.switchId().equals("s1") && e.dst().equals("s14")
                && e.layer() == 0).singleElement().extracting(ForwardingEntry::outPorts).isEqualTo(List.of(1, 3));
        // an inter-cluster leaf sends its own hosts' traffic straight over its link (port 9)
        assertThat(r.forwarding()).filteredOn(e -> e.switchId().equals("s5") && e.dst().equals("s14")
                && e.layer() == 0).singleElement().extracting(ForwardingEntry::outPorts).isEqualTo(List.of(9));
    }

    @Test
    @DisplayName("a fabric without links between two host switches is one cluster: plain ECMP in one layer")
    void oneCluster() {
        RoutingResult r = engine().compute(Fabrics.karyNTree(4, 2), RoutingOptions.defaults());
        assertThat(r.layers()).isEqualTo(1);
        assertThat(Clusters.switchClusters(clusters(3, 3, 2, 1).graph())).containsExactly(0, 0, 0, 0, 0, 1, 1, 1, 1,
                1, 2, 2, 2, 2, 2);
    }

    @Test
    @DisplayName("more clusters than the layer budget are refused, naming the counts")
    void layerBudget() {
        assertThatThrownBy(() -> engine().compute(clusters(4, 3, 3, 1), RoutingOptions.defaults().withMaxLayers(2)))
                .isInstanceOf(RoutingFailure.class).hasMessageContaining("4 clusters need 4 layers");
    }
}

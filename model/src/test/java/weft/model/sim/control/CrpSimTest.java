package weft.model.sim.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.crp.CrpParameters;
import weft.model.crp.ResourceNode;
import weft.model.crp.ResourcePath;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.sim.SimNetwork;
import weft.model.sim.Simulator;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.topology.generate.GeneratorOptions;

/**
 * CRP on the simulator against the paper's rules and Table 1; expected values come from the paper, never from
 * running Weft. Two clusters of 3 leaves and 3 spines with 3 hosts per leaf (hosts 0-8 and 9-17), one
 * inter-cluster link: a flit of 8 B per cycle of 1 ns.
 */
class CrpSimTest {
    private static final Topology T = Clusters.generate(2, 3, 3, 1, 0.064,
            GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));

    private static SimNetwork network() {
        return new Simulator(T, RoutingEngines.byName("nca").compute(T, RoutingOptions.defaults()),
                ControlRunTest.config(ControlRun.Control.CRP, 0, 1000)).network();
    }

    @Test
    @DisplayName("Seed 001 Table 1 in the simulator's units (1 ns cycles, 32-flit packets): V_cells 32, C_max 269 "
            + "flits per 269-cycle slot, N_min 4 and N_max 16 packets (128, 512 flits), TTW 200 and R_cycles 30 "
            + "cycles, R_res 1, and 256 flits reserve 269 with epsilon 5%")
    void tableOne() {
        CrpParameters p = CrpScheme.parameters(1000, 32);
        assertThat(p.cells()).isEqualTo(32);
        assertThat(p.capacity()).isEqualTo(269);
        assertThat(p.clock().slotTicks()).isEqualTo(269_000);
        assertThat(p.minUnits()).isEqualTo(128);
        assertThat(p.maxUnits()).isEqualTo(512);
        assertThat(p.ttwTicks()).isEqualTo(200_000);
        assertThat(p.retryTicks()).isEqualTo(30_000);
        assertThat(p.eagerSlots()).isEqualTo(1);
        assertThat(p.inflate(256)).isEqualTo(269);
        assertThat(p.windowTicks()).isEqualTo(32 * 269_000L);
    }

    @Test
    @DisplayName("Seed 001 §3: only destinations and inter-cluster channels participate: a request from cluster 0 "
            + "to cluster 1 reserves the inter-cluster channel out of cluster 0, then its destination; one inside a "
            + "cluster only its destination; the way back uses the other direction of the link")
    void participants() {
        SimNetwork net = network();
        SwitchGraph g = T.graph();
        List<Integer> inter = new ArrayList<>();
        for (int c = 0; c < g.channelCount(); c++) {
            if (g.hostsAt(g.src(c)).length > 0 && g.hostsAt(g.dst(c)).length > 0) {
                inter.add(c);
            }
        }
        assertThat(inter).hasSize(2);
        ControlSetup setup = new ControlSetup(net, MessageTraffic.parse("global-uniform", 0.1, MessageSize.fixed(8)),
                8, 256, 1000, 64);
        CrpScheme crp = new CrpScheme(setup, CrpScheme.parameters(1000, 32), null,
                inter.stream().mapToInt(Integer::intValue).toArray());
        int out = Clusters.switchClusters(g)[g.src(inter.get(0))] == 0 ? 0 : 1;
        assertThat(crp.path(0, 17)).isEqualTo(ResourcePath.of(18 + out, 17));
        assertThat(crp.path(17, 0)).isEqualTo(ResourcePath.of(18 + (1 - out), 0));
        assertThat(crp.path(0, 8)).isEqualTo(ResourcePath.of(8));
        assertThat(crp.path(9, 13)).isEqualTo(ResourcePath.of(13));
        assertThat(crp.owner(18 + out)).isEqualTo(net.channelSource(inter.get(out)));
        assertThat(crp.isHost(17)).isTrue();
        assertThat(crp.isHost(18)).isFalse();
    }

    @Test
    @DisplayName("Seed 001 §2.3-2.4: every grant a destination issues commits the request's 269 flits (an 8-packet "
            + "message of 256 flits, plus epsilon 5%, rounded up) in its table; a channel commits the same per grant "
            + "that passes it; the tables never hold less than 0 or more than C_max = 269 free flits in a slot")
    void grantsCommit() {
        ControlRun run = new ControlRun(ControlRun.Control.CRP, MessageTraffic.parse("global-uniform", 0.3,
                MessageSize.fixed(8)), ControlRun.Options.paper());
        new Simulator(T, RoutingEngines.byName("nca").compute(T, RoutingOptions.defaults()),
                ControlRunTest.config(ControlRun.Control.CRP, 0, 30_000)).run(run.workload());
        List<ResourceNode> nodes = run.resourceNodes();
        assertThat(nodes).hasSize(2 + 18);
        long destinationGrants = 0;
        for (ResourceNode n : nodes.subList(2, nodes.size())) {
            assertThat(n.table().committedUnits()).as("host %d", n.id()).isEqualTo(269 * n.grants());
            destinationGrants += n.grants();
        }
        assertThat(destinationGrants).isGreaterThan(50);
        for (ResourceNode n : nodes.subList(0, 2)) {
            assertThat(n.grants()).isZero();
            assertThat(n.table().committedUnits() % 269).isZero();
            assertThat(n.table().committedUnits()).isPositive();
        }
        for (ResourceNode n : nodes) {
            for (long free : n.table().freeCells()) {
                assertThat(free).isBetween(0L, 269L);
            }
        }
    }
}

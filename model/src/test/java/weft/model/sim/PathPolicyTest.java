package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.traffic.Flow;

/** Host-chosen paths (VLB tags, seed 004 §3.2) and the hybrid resequencer at the receivers (seed 004 §3.4). */
class PathPolicyTest {
    private static final Topology TREE = KaryNTree.generate(2, 3, GeneratorOptions.defaults());

    private static Workload.Phases permutation() {
        List<Flow> flows = new ArrayList<>();
        int hosts = TREE.hosts().size();
        for (int h = 0; h < hosts; h++) {
            flows.add(new Flow("f" + h, TREE.hosts().get(h).id(), TREE.hosts().get((h + hosts / 2) % hosts).id(), 1,
                    "app", 200 * 2048L));
        }
        return new Workload.Phases("shift", flows, 1, 0);
    }

    @Test
    @DisplayName("VLB tags spread each flow's packets over the roots: packets arrive out of order, the resequencer "
            + "puts them back and every byte arrives")
    void vlbReordersResequencerFixes() {
        RoutingResult vlb = SimFabrics.route("vlb", TREE);
        SimConfig c = SimConfig.defaults().withWarmupPs(0).withDurationPs(10_000_000_000L).withPathPolicy("vlb")
                .withResequence(true);
        long[] calls = new long[2];
        SimObserver waits = new SimObserver() {
            @Override
            public void resequenced(int src, int dst, int flow, long injectedPs, long arrivedPs, long releasedPs) {
                assertThat(injectedPs).isLessThan(arrivedPs);
                assertThat(releasedPs).isGreaterThanOrEqualTo(arrivedPs);
                calls[0]++;
                calls[1] += releasedPs > arrivedPs ? 1 : 0;
            }
        };
        SimResult r = new Simulator(TREE, vlb, c).run(permutation(), (h, q, s) -> new NoControl(), List.of(waits));
        assertThat(r.stopReason()).isEqualTo("all phases complete");
        assertThat(calls[0]).as("every packet passes the resequencer once").isEqualTo(r.resequencing().arrivals());
        assertThat(calls[1]).as("packets that waited for a gap").isPositive()
                .isLessThanOrEqualTo(r.resequencing().reordered());
        assertThat(r.flows()).allSatisfy(f -> assertThat(f.bytes()).isEqualTo(200 * 2048L));
        assertThat(r.resequencing()).isNotNull();
        assertThat(r.resequencing().arrivals()).isEqualTo(r.deliveredPackets());
        assertThat(r.resequencing().reordered()).isPositive();
        assertThat(r.resequencing().fixed()).isPositive();
        long seenByFlows = r.flows().stream().mapToLong(SimResult.FlowRate::reordered).sum();
        assertThat(seenByFlows).as("late packets the resequencer let through").isEqualTo(r.resequencing().late());
        assertThat(seenByFlows).isLessThan(r.resequencing().reordered() / 4);
    }

    @Test
    @DisplayName("without a resequencer the flows see VLB's reordering; Multi-Phase runs on the paths' walked channels")
    void reorderingSeenWithoutResequencer() {
        RoutingResult vlb = SimFabrics.route("vlb", TREE);
        SimConfig c = SimConfig.defaults().withWarmupPs(0).withDurationPs(10_000_000_000L);
        long random = reordered(new Simulator(TREE, vlb, c.withPathPolicy("vlb")).run(permutation()));
        assertThat(random).isPositive();
        SimResult mp = new Simulator(TREE, vlb, c.withPathPolicy("mp")).run(permutation());
        assertThat(mp.stopReason()).isEqualTo("all phases complete");
    }

    private static long reordered(SimResult r) {
        return r.flows().stream().mapToLong(SimResult.FlowRate::reordered).sum();
    }
}

package weft.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import weft.model.rate.FabricProblem;
import weft.model.routing.AdaptiveFlowRouting;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;
import weft.model.traffic.Shuffle;

/**
 * The workload of seed 000's fluid experiments on a k-ary n-tree: {@code p} superposed random permutations of the
 * hosts, routed by host-level D-mod-k (seed 000 §6.1), as the thesis routes; the switch-level routes of
 * {@code weft-routes/1} cannot express it (a leaf's hosts share its entries).
 */
public final class FatTreeWorkload {
    private FatTreeWorkload() {
    }

    /** {@code p} random permutations (fixed points dropped), each an application of its own, 1 MB per flow. */
    public static List<Flow> permutations(int hosts, int p, RandomGenerator random) {
        List<Flow> flows = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            int[] perm = Shuffle.permutation(hosts, random);
            for (int i = 0; i < hosts; i++) {
                if (perm[i] != i) {
                    flows.add(new Flow("p" + q + "f" + i, "h" + (i + 1), "h" + (perm[i] + 1), 1, "perm" + q,
                            1_000_000));
                }
            }
        }
        return flows;
    }

    /** Host-level D-mod-k ({@link AdaptiveFlowRouting#routeStatic}) for these flows, answered in flow order. */
    public static FabricProblem.FlowPaths dModK(Topology t, List<Flow> flows) {
        List<AdaptiveFlowRouting.Flow> pairs = new ArrayList<>(flows.size());
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < flows.size(); i++) {
            pairs.add(new AdaptiveFlowRouting.Flow(flows.get(i).src(), flows.get(i).dst()));
            index.put(flows.get(i).id(), i);
        }
        AdaptiveFlowRouting.FlowPaths routed = new AdaptiveFlowRouting(t, 0).routeStatic(pairs);
        return (flow, su, du) -> routed.channels(index.get(flow.id()));
    }
}

package weft.model.rate;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.routing.AdaptiveFlowRouting;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.traffic.Flow;
import weft.model.traffic.Shuffle;

/**
 * A k-ary n-tree ({@link KaryNTree}) with unit-capacity links, host-level D-mod-k routing (seed 000 §6.1) and random
 * permutation traffic, for tests.
 */
final class KaryNTreeFixture {
    private KaryNTreeFixture() {
    }

    /** The generators' k-ary n-tree with unit-capacity links. */
    static Topology tree(int k, int n) {
        return KaryNTree.generate(k, n, GeneratorOptions.defaults().withGbps(1));
    }

    /**
     * Host-level D-mod-k from {@link AdaptiveFlowRouting#routeStatic}: every flow's path, answered in flow order
     * (the order {@link FabricProblem#build} asks in).
     */
    static FabricProblem.FlowPaths dModK(Topology t, List<Flow> flows) {
        List<AdaptiveFlowRouting.Flow> pairs = new ArrayList<>();
        for (Flow f : flows) {
            pairs.add(new AdaptiveFlowRouting.Flow(f.src(), f.dst()));
        }
        AdaptiveFlowRouting.FlowPaths routed = new AdaptiveFlowRouting(t, 0).routeStatic(pairs);
        java.util.Map<String, Integer> index = new java.util.HashMap<>();
        for (int i = 0; i < flows.size(); i++) {
            index.put(flows.get(i).id(), i);
        }
        return (flow, su, du) -> routed.channels(index.get(flow.id()));
    }

    /** {@code p} superposed random permutations over the hosts (fixed points skipped). */
    static List<Flow> permutations(int hosts, int p, RandomGenerator random) {
        List<Flow> flows = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            int[] perm = Shuffle.permutation(hosts, random);
            for (int i = 0; i < hosts; i++) {
                if (perm[i] != i) {
                    flows.add(new Flow("p" + q + "f" + i, "h" + (i + 1), "h" + (perm[i] + 1), 1, "a" + q, 1_000_000));
                }
            }
        }
        return flows;
    }
}

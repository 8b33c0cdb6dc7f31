package weft.bench;

import java.util.SplittableRandom;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import weft.model.routing.AdaptiveFlowRouting;
import weft.model.routing.AdaptiveFlowRouting.Contention;
import weft.model.topology.generate.EnrichedKaryNTree;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.traffic.Shuffle;

/**
 * Cost of setting up one random permutation (4,096 flows) with adaptive flow routing on the enriched 16-ary 3-tree
 * of seed 000 §6.2 (width 2, ForcedDir(8)), contention metric included: what {@code weft repro contention} pays per
 * run. Run: {@code integration-tests/jmh.sh AdaptiveFlowRoutingBenchmark} (JMH is not in the distribution).
 */
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class AdaptiveFlowRoutingBenchmark extends FabricBenchmark {
    private AdaptiveFlowRouting routing;
    private int[][] flows;

    @Setup(Level.Trial)
    public void setUp() {
        routing = new AdaptiveFlowRouting(EnrichedKaryNTree.generate(16, 3, 2, EnrichedKaryNTree.Shape.CHAIN,
                GeneratorOptions.defaults()), AdaptiveFlowRouting.FORCED_DIR_HOPS);
        int hosts = 4096;
        int[] p = Shuffle.permutation(hosts, new SplittableRandom(1));
        flows = new int[hosts][];
        for (int i = 0; i < hosts; i++) {
            flows[i] = new int[] {i, p[i]};
        }
    }

    @Benchmark
    public Contention adaptivePermutation() {
        return routing.routeIndexed(flows, true).contention();
    }

    @Benchmark
    public Contention staticDModKPermutation() {
        return routing.routeIndexed(flows, false).contention();
    }
}

package weft.bench;

import java.util.List;
import java.util.random.RandomGeneratorFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import weft.model.rate.Allocation;
import weft.model.rate.FabricProblem;
import weft.model.rate.RateAllocator;
import weft.model.rate.RateAllocators;
import weft.model.rate.RateProblem;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * FFA, AFA and SAA (doubles) on the 16-ary 3-tree (4096 hosts, 768 switches) with 1, 4 and 16 superposed random
 * permutations routed by D-mod-k: up to 65,536 flows. Target: FFA on 65,536 flows under 200 ms on the 2-core build
 * machine. The problem is built once per trial; only the allocation is timed.
 */
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RateAllocatorBenchmark extends FabricBenchmark {
    @Param({"kary-ntree-16x3"})
    public String fabric;

    @Param({"1", "4", "16"})
    public int permutations;

    @Param({"ffa", "afa", "saa"})
    public String algo;

    private RateAllocator allocator;
    private RateProblem problem;

    @Setup
    public void setUp() {
        Topology t = BenchFabrics.generate(fabric);
        List<Flow> flows = FatTreeWorkload.permutations(t.hosts().size(), permutations,
                RandomGeneratorFactory.of("L64X128MixRandom").create(42));
        allocator = RateAllocators.byName(algo);
        problem = FabricProblem.build(t, flows, FatTreeWorkload.dModK(t, flows), allocator.weightBasis(), 1e-3);
    }

    @Benchmark
    public Allocation<Double> allocate() {
        return allocator.allocate(problem);
    }
}

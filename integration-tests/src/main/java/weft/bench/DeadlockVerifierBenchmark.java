package weft.bench;


import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.routing.verify.VerificationReport;
import weft.model.topology.Topology;

/**
 * Cost of computing routes with the non-LASH engines and of checking them with the independent verifier, on the large
 * fabrics of {@code weft bench routing} ({@code fabric:engine}). Run:
 * {@code integration-tests/jmh.sh DeadlockVerifierBenchmark -prof gc} (the gc profiler
 * adds allocation per operation).
 */
@Fork(value = 1, jvmArgs = {"-Xmx3g"})
public class DeadlockVerifierBenchmark extends FabricBenchmark {
    @Param({"kary-ntree-16x3:dmodk", "kary-ntree-16x3:ecmp", "irregular-1024x8:updown", "torus-16x16:dor"})
    public String fabricEngine;

    private Topology topology;
    private RoutingEngine engine;
    private RoutingResult result;

    @Setup(Level.Trial)
    public void setUp() {
        String[] parts = fabricEngine.split(":");
        topology = BenchFabrics.generate(parts[0]);
        engine = RoutingEngines.byName(parts[1]);
        result = engine.compute(topology, RoutingOptions.defaults());
    }

    @Benchmark
    public RoutingResult compute() {
        return engine.compute(topology, RoutingOptions.defaults());
    }

    @Benchmark
    public VerificationReport verify() {
        return DeadlockVerifier.verify(topology, result);
    }
}

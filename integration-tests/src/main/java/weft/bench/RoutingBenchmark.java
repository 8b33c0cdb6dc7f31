package weft.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import weft.cli.bench.BenchCommand;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * JMH: time of one routing computation per engine and fabric (fabric names as in {@code weft bench routing}).
 * Run with {@code integration-tests/jmh.sh RoutingBenchmark}; add {@code -prof gc} for allocation per computation.
 */
public class RoutingBenchmark extends FabricBenchmark {
    @Param({"torus-8x8", "torus-16x16", "random-256-d8"})
    public String fabric;

    @Param({"lash", "sr", "updown"})
    public String engine;

    private Topology topology;
    private RoutingEngine routing;

    @Setup
    public void setUp() {
        topology = BenchCommand.fabric(fabric, 1);
        topology.graph().distances();
        routing = RoutingEngines.byName(engine);
    }

    @Benchmark
    public RoutingResult compute() {
        return routing.compute(topology, RoutingOptions.defaults());
    }
}

package weft.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import weft.model.topology.Topology;
import weft.model.topology.io.IbnetdiscoverFormat;
import weft.model.topology.io.TopologyJson;

/**
 * Cost of the topology layer on the benchmark fabrics: generating, writing and reading {@code weft-topology/1},
 * importing the ibsim/ibnetdiscover text, and building the switch graph with all-pairs BFS distances (what every
 * routing engine pays first). Run: {@code integration-tests/jmh.sh TopologyBenchmark} (JMH is not in the
 * distribution).
 */
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class TopologyBenchmark extends FabricBenchmark {
    @Param({"kary-ntree-16x3", "fat-tree-24x3", "torus-16x16", "irregular-256x8"})
    public String fabric;

    private Topology topology;
    private String json;
    private String net;

    @Setup(Level.Trial)
    public void setUp() {
        topology = BenchFabrics.generate(fabric);
        json = TopologyJson.write(topology);
        net = IbnetdiscoverFormat.writeIbsim(topology);
    }

    @Benchmark
    public Topology generateFabric() {
        return BenchFabrics.generate(fabric);
    }

    @Benchmark
    public String writeJson() {
        return TopologyJson.write(topology);
    }

    @Benchmark
    public Topology readJson() {
        return TopologyJson.read("bench.json", json);
    }

    @Benchmark
    public Topology importIbsim() {
        return IbnetdiscoverFormat.read("bench.net", net, 10);
    }

    @Benchmark
    public int[][] graphAndAllPairsDistances() {
        return new Topology(topology.name(), topology.switches(), topology.hosts(), topology.links()).graph()
                .distances();
    }
}

package weft.bench;

import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KPortFatTree;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.RandomIrregular;
import weft.model.topology.generate.Torus;
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
        topology = generate(fabric);
        json = TopologyJson.write(topology);
        net = IbnetdiscoverFormat.writeIbsim(topology);
    }

    static Topology generate(String fabric) {
        GeneratorOptions o = GeneratorOptions.defaults();
        return switch (fabric) {
            case "kary-ntree-16x3" -> KaryNTree.generate(16, 3, o);
            case "fat-tree-24x3" -> KPortFatTree.generate(24, 3, o);
            case "torus-16x16" -> Torus.generate(List.of(16, 16), o);
            case "irregular-256x8" -> RandomIrregular.generate(256, 8, 7, o);
            default -> throw new IllegalArgumentException("unknown benchmark fabric " + fabric);
        };
    }

    @Benchmark
    public Topology generateFabric() {
        return generate(fabric);
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

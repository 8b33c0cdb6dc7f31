package weft.model.topology.generate;

import static weft.model.topology.generate.GeneratorParameter.optional;
import static weft.model.topology.generate.GeneratorParameter.required;

import java.util.List;

import weft.model.registry.Registry;

/**
 * The table of topology families by name: the one place that knows every generator, as
 * {@code weft topo generate KIND} lists them. One row per family: its name, summary, parameters and how they are read
 * into the family's typed {@code generate(...)}.
 */
public final class Generators {
    private static final Registry<TopologyGenerator> GENERATORS = new Registry<>("topology kind");
    private static final GeneratorParameter LEVELS = required("n", "number of switch levels, >= 1");
    private static final GeneratorParameter SWITCHES = required("switches", "number of switches, >= 2");

    static {
        family(KaryNTree.KIND, "k-ary n-tree (Petrini-Vanneschi; seeds 000/003): n levels of k^(n-1) switches, k^n "
                        + "hosts", (a, o) -> KaryNTree.generate(a.integer("k", 2), a.integer("n", 1), o),
                required("k", "arity: down-ports (and up-ports) per switch, >= 2"), LEVELS);
        family(EnrichedKaryNTree.KIND, "k-ary n-tree with horizontal links of width w inside each logical node "
                        + "(seed 000 §6.2)", EnrichedKaryNTree::generate,
                required("k", "arity, >= 2"), LEVELS,
                optional("width", "parallel links between horizontal neighbours", "2"),
                optional("shape", "chain or ring: how a logical node's switches are joined", "chain"));
        family(KPortFatTree.KIND, "k-port l-level FatTree (seed 004 §2.1): k (k/2)^(l-1) servers, (k/2)^(l-1) core "
                        + "switches", (a, o) -> KPortFatTree.generate(a.integer("k", 2), a.integer("levels", 2), o),
                required("k", "ports per switch, even, >= 2"), optional("levels", "switch levels l, >= 2", "3"));
        family(LeafSpine.KIND, "2-tier leaf-spine: every leaf cabled to every spine, hosts on leaves",
                (a, o) -> LeafSpine.generate(a.integer("leaves", 1), a.integer("spines", 1), o),
                required("leaves", "number of leaf switches, >= 1"),
                required("spines", "number of spine switches, >= 1"));
        family(Clusters.KIND, "leaf-spine clusters joined leaf to leaf by a few inter-cluster links (seed 001 §3)",
                Clusters::generate,
                optional("clusters", "number of clusters, >= 2 (a ring beyond 2)", "2"),
                optional("leaves", "leaf switches per cluster", "12"),
                optional("spines", "spine switches per cluster", "12"),
                optional("inter", "links between neighbouring clusters, 1..leaves", "4"),
                optional("inter-latency-us", "latency of inter-cluster links (default: twice --latency-us)", ""));
        family(Mesh.KIND, "d-dimensional mesh, e.g. --dims 4x8 or 4x4x4 (no wrap-around)", Mesh::generate,
                required("dims", "switches per dimension, e.g. 4x8 or 4x4x4"),
                optional("faults", "percent of the links removed at random, keeping the mesh connected (seed 002 "
                        + "§3.2.3: 5)", "0"),
                optional("seed", "random seed of the faults", "1"));
        family(Torus.KIND, "d-dimensional torus, e.g. --dims 4x8 or 4x4x4 (size-2 dimensions get parallel links)",
                (a, o) -> Torus.generate(a.dims("dims", 2), o),
                required("dims", "switches per dimension, each >= 2, e.g. 4x8 or 4x4x4"));
        family(Ring.KIND, "ring of n switches (the 1-dimensional torus)",
                (a, o) -> Ring.generate(a.integer("switches", 2), o), SWITCHES);
        family(FullyConnected.KIND, "complete graph: one link between every pair of switches",
                (a, o) -> FullyConnected.generate(a.integer("switches", 2), o), SWITCHES);
        family(RandomIrregular.KIND, "seeded random connected fabric with at most d links per switch (seed 002 "
                        + "§2.3.3 setups)",
                (a, o) -> RandomIrregular.generate(a.integer("switches", 2), a.integer("degree", 1),
                        a.longInteger("seed"), o),
                SWITCHES, required("degree", "most switch links per switch, >= 2"),
                optional("seed", "random seed; the same seed gives the same fabric", "1"));
    }

    private Generators() {
    }

    private static void family(String kind, String summary, GeneratorFamily.Build build,
                               GeneratorParameter... parameters) {
        GENERATORS.add(kind, new GeneratorFamily(kind, summary, List.of(parameters), build));
    }

    /** Every generator in registration order. */
    public static List<TopologyGenerator> all() {
        return GENERATORS.values();
    }

    /**
     * The generator of a family.
     *
     * @throws GeneratorException naming the unknown family and listing the known ones
     */
    public static TopologyGenerator byKind(String kind) {
        return GENERATORS.find(kind).orElseThrow(() -> new GeneratorException(GENERATORS.unknown(kind)));
    }
}

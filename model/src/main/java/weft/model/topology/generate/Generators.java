package weft.model.topology.generate;

import java.util.List;

import weft.model.registry.Registry;

/**
 * The table of topology families by name: the one place that knows every generator, as
 * {@code weft topo generate KIND} lists them.
 */
public final class Generators {
    private static final Registry<TopologyGenerator> GENERATORS = new Registry<>("topology kind");

    static {
        register(new KaryNTree());
        register(new EnrichedKaryNTree());
        register(new KPortFatTree());
        register(new LeafSpine());
        register(new Clusters());
        register(new Mesh());
        register(new Torus());
        register(new Ring());
        register(new FullyConnected());
        register(new RandomIrregular());
    }

    private Generators() {
    }

    private static void register(TopologyGenerator generator) {
        GENERATORS.add(generator.kind(), generator);
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

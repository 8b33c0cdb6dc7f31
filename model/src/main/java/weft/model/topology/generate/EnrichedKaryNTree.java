package weft.model.topology.generate;

import java.util.List;
import weft.model.topology.Topology;

/**
 * The modified ("enriched") k-ary n-tree: a {@link KaryNTree} whose switches of the same logical node are joined by
 * horizontal links of width {@code w} ({@code w} parallel links between horizontal neighbours). Seed 000 §6.2, Fig. 6.3
 * and Table 6.1.
 *
 * <p>The logical node of switch {@code <w, l>} is the set of {@code k^(n-1-l)} switches of level {@code l} that
 * share digits {@code w_0 .. w_{l-1}}; with the {@link KaryNTree} numbering these are consecutive indexes, and
 * the position of a switch inside its logical node is its index modulo {@code k^(n-1-l)}. Leaf logical nodes are
 * single switches, so horizontal links exist only at levels {@code 0..n-2}.
 *
 * <p>Ports: the tree ports {@code 1..2k} exactly as in {@link KaryNTree}; then {@code 2k+1..2k+w} lead to the
 * left neighbour (position {@code p-1}) and {@code 2k+w+1..2k+2w} to the right neighbour ({@code p+1}). Every
 * switch has {@code 2k+2w} ports, leaves included, so all switches share one radix.
 *
 * <p>Decision (docs/sources.md): the default shape is a {@code chain}, because ForcedDir routing needs the ends of a
 * logical node; {@code ring} also joins the last position to the first (a logical node of two switches then gets
 * {@code 2w} parallel links), which is the shape Table 6.1's port overhead {@code 4(n-1)/((2n-1)k)} counts.
 */
public final class EnrichedKaryNTree {
    /** The family name. */
    public static final String KIND = "enriched-kary-ntree";

    private EnrichedKaryNTree() {
    }

    /** How the switches of one logical node are joined. */
    public enum Shape {
        /** Positions {@code p} and {@code p+1} are joined; the ends have one neighbour. */
        CHAIN,
        /** As chain, and the last position is also joined to the first. */
        RING
    }

    /**
     * Builds an enriched k-ary n-tree.
     *
     * @param k     arity, at least 2
     * @param n     levels, at least 1
     * @param width parallel links between horizontal neighbours, at least 1
     * @param shape chain or ring
     */
    public static Topology generate(int k, int n, int width, Shape shape, GeneratorOptions options) {
        GeneratorArguments.atLeast(KIND, "width", width, 1);
        int hosts = KaryNTree.hostsPerLeaf(KIND, k, options);
        FabricBuilder b = new FabricBuilder(options);
        KaryNTree.addTree(KIND, b, k, n, 2 * k + 2 * width, hosts);
        int perLevel = b.switchCount() / n;
        for (int l = 0; l < n - 1; l++) {
            int size = perLevel / TreeCoordinates.pow(k, l);
            for (int first = 0; first < perLevel; first += size) {
                int last = shape == Shape.RING ? size : size - 1;
                for (int p = 0; p < last; p++) {
                    int left = l * perLevel + first + p;
                    int right = l * perLevel + first + (p + 1) % size;
                    for (int t = 0; t < width; t++) {
                        b.link(left, 2 * k + width + 1 + t, right, 2 * k + 1 + t);
                    }
                }
            }
        }
        return b.build("enriched " + k + "-ary " + n + "-tree, width " + width + " " + shape.name().toLowerCase());
    }

    /** Reads the family's parameters as {@code weft topo generate} gives them. */
    static Topology generate(GeneratorArguments arguments, GeneratorOptions options) {
        Shape shape = Shape.valueOf(arguments.choice("shape", List.of("chain", "ring")).toUpperCase());
        return generate(arguments.integer("k", 2), arguments.integer("n", 1), arguments.integer("width", 1), shape,
                options);
    }
}

package weft.model.topology.generate;

import java.util.List;
import weft.model.topology.Topology;

/**
 * The d-dimensional mesh (2D and 3D are the usual cases): a grid where each switch is cabled to its neighbour one step
 * further along every dimension, without wrap-around. The classic dimension-order routing target (seed 002 §2.1.4).
 *
 * <p>Numbering and ports as in {@link Grid}: last dimension fastest, hosts on {@code 1..h}, then for dimension
 * {@code i} port {@code h+1+2i} to the minus and {@code h+2+2i} to the plus neighbour. One host per switch by
 * default. A {@code 4x8} mesh has {@code 32} switches and {@code 4*7 + 3*8 = 52} links. {@code --faults P} removes
 * {@code P}% of the links at random, keeping the mesh connected ({@link LinkFaults}, seeded by {@code --seed}): seed
 * 002 §3.2.3's "8x8 mesh with 5% link faults" is {@code --dims 8x8 --faults 5}.
 */
public final class Mesh {
    /** The family name. */
    public static final String KIND = "mesh";

    private Mesh() {
    }

    /**
     * Builds a mesh.
     *
     * @param sizes switches along each dimension, each at least 1
     */
    public static Topology generate(List<Integer> sizes, GeneratorOptions options) {
        checkSizes(KIND, sizes, 1);
        return Grid.build(KIND, sizes, false, options, Grid.dims(sizes) + " mesh");
    }

    static void checkSizes(String kind, List<Integer> sizes, int min) {
        if (sizes.isEmpty() || sizes.size() > 8) {
            throw new GeneratorException(kind + ": --dims must have 1 to 8 sizes, got " + sizes.size());
        }
        for (int size : sizes) {
            if (size < min) {
                throw new GeneratorException(kind + ": --dims " + Grid.dims(sizes) + ": every size must be >= "
                        + min + ", got " + size);
            }
        }
    }

    /** The coordinates of switch number {@code u} (0-based) in a mesh or torus of these sizes. */
    public static int[] coordinates(int u, List<Integer> sizes) {
        return Grid.coordinates(u, sizes);
    }

    /** Reads the family's parameters as {@code weft topo generate} gives them: a mesh, with its faults if any. */
    static Topology generate(GeneratorArguments arguments, GeneratorOptions options) {
        Topology mesh = generate(arguments.dims("dims", 1), options);
        int faults = arguments.integer("faults", 0);
        return faults == 0 ? mesh : LinkFaults.remove(mesh, faults / 100.0, arguments.longInteger("seed"));
    }
}

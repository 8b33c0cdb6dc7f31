package weft.model.topology.generate;

import java.util.List;
import weft.model.topology.Topology;

/**
 * The d-dimensional torus (k-ary d-cube generalised to mixed sizes): a {@link Mesh} with wrap-around links, so every
 * switch has {@code 2d} switch links and a {@code 4x8} torus has {@code 32} switches and {@code 64} links. The LASH and
 * dimension-order reference fabric of seed 002 (§2.1.4, §3.3.5).
 *
 * <p>Numbering and ports as in {@link Grid}: port {@code h+2+2i} always leads to coordinate {@code c_i + 1 mod size}
 * and port {@code h+1+2i} to {@code c_i - 1 mod size}. One host per switch by default.
 *
 * <p>Decision: a dimension of size 2 gets two parallel links between its two switches (the plus link and the
 * wrap-around link), so that every switch keeps degree {@code 2d} and the port meaning above holds without
 * exception; routing sees them as two channels each way. A dimension of size 1 would be a self-loop and is
 * rejected.
 */
public final class Torus {
    /** The family name. */
    public static final String KIND = "torus";

    private Torus() {
    }

    /**
     * Builds a torus.
     *
     * @param sizes switches along each dimension, each at least 2
     */
    public static Topology generate(List<Integer> sizes, GeneratorOptions options) {
        Mesh.checkSizes(KIND, sizes, 2);
        return Grid.build(KIND, sizes, true, options, Grid.dims(sizes) + " torus");
    }
}

package weft.model.topology.generate;

import java.util.List;
import weft.model.topology.Topology;

/**
 * The ring of {@code n} switches: the one-dimensional {@link Torus}, the smallest fabric with a cyclic channel
 * dependency (seed 002 §2.1.3, §3.3.1).
 *
 * <p>Switch {@code s(i+1)} has hosts on {@code 1..h}, port {@code h+1} to its predecessor {@code i-1 mod n} and
 * port {@code h+2} to its successor {@code i+1 mod n}. One host per switch by default. A ring of 2 has two
 * parallel links (see {@link Torus}).
 */
public final class Ring {
    /** The family name. */
    public static final String KIND = "ring";

    private Ring() {
    }

    /**
     * Builds a ring.
     *
     * @param switches number of switches, at least 2
     */
    public static Topology generate(int switches, GeneratorOptions options) {
        GeneratorArguments.atLeast(KIND, "switches", switches, 2);
        return Grid.build(KIND, List.of(switches), true, options, switches + "-ring");
    }
}

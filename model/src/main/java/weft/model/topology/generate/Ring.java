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
public final class Ring extends GeneratorFamily {
    /** The family name. */
    public static final String KIND = "ring";

    public Ring() {
        super(KIND, "ring of n switches (the 1-dimensional torus)",
                GeneratorParameter.required("switches", "number of switches, >= 2"));
    }

    /**
     * Builds a ring.
     *
     * @param switches number of switches, at least 2
     */
    public static Topology generate(int switches, GeneratorOptions options) {
        if (switches < 2) {
            throw new GeneratorException(KIND + ": --switches must be >= 2, got " + switches);
        }
        return Grid.build(KIND, List.of(switches), true, options, switches + "-ring");
    }

    @Override
    public Topology generate(GeneratorArguments arguments, GeneratorOptions options) {
        return generate(arguments.integer("switches", 2), options);
    }
}

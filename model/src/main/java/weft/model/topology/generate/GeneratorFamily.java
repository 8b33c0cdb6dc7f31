package weft.model.topology.generate;

import java.util.List;
import weft.model.topology.Topology;

/**
 * One row of {@link Generators}' table: a family's name, summary and parameters, and how its parameters are read to
 * build the fabric. The build itself is the family class's typed static {@code generate(...)}.
 *
 * @param build reads the family's own parameters and builds the fabric
 */
record GeneratorFamily(String kind, String summary, List<GeneratorParameter> parameters, Build build)
        implements TopologyGenerator {
    /** Reads a family's parameters and builds its fabric. */
    @FunctionalInterface
    interface Build {
        Topology generate(GeneratorArguments arguments, GeneratorOptions options);
    }

    GeneratorFamily {
        parameters = List.copyOf(parameters);
    }

    @Override
    public Topology generate(GeneratorArguments arguments, GeneratorOptions options) {
        return build.generate(arguments, options);
    }
}

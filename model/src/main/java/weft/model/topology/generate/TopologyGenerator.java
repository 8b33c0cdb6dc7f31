package weft.model.topology.generate;

import java.util.List;
import weft.model.topology.Topology;

/**
 * One topology family, as {@code weft topo generate KIND} sees it: a name, a one-line summary, its own parameters
 * and a build method. Each family class also offers a typed static {@code generate(...)} for Java callers.
 */
public interface TopologyGenerator {
    /** The family name on the command line, e.g. {@code "kary-ntree"}. */
    String kind();

    /** One line for {@code --help}, naming the source. */
    String summary();

    /** The family's own parameters (the shared ones are in {@link GeneratorOptions}). */
    List<GeneratorParameter> parameters();

    /**
     * Builds the fabric.
     *
     * @throws GeneratorException naming the family and parameter when the arguments describe no valid fabric
     */
    Topology generate(GeneratorArguments arguments, GeneratorOptions options);
}

package weft.controller.agentlink;

import java.util.List;
import weft.model.protocol.PathSpec;

/**
 * Supplies the paths (with the tags the switches' entries follow) that a source may use towards a destination;
 * the fabric service implements it from its routing result. An empty list means one default path.
 */
@FunctionalInterface
public interface PathProvider {
    List<PathSpec> paths(String srcHost, String dstHost);

    /** No multipath: every pair uses the default path. */
    PathProvider NONE = (s, d) -> List.of();
}

package weft.model.protocol;

import java.util.List;

/**
 * One path the controller allows towards a destination.
 *
 * @param id    dense path index {@code 0..paths-1}, also written into the data shim header
 * @param tag   what the controller's forwarding entries follow for this path: the UDP source port the agent sends
 *              from (1024..65535); digest seed 004 §10.1 "the host picks the intermediate switch and stamps a path
 *              tag"
 * @param links dense ids of the links the path loads (used only by the Multi-Phase policy; may be empty)
 */
public record PathSpec(int id, int tag, List<Integer> links) {
    public PathSpec {
        if (id < 0 || id > 255) {
            throw new IllegalArgumentException("path id must be in 0..255, got " + id);
        }
        if (tag < 1024 || tag > 65535) {
            throw new IllegalArgumentException("path " + id + ": tag (UDP source port) must be in 1024..65535, got "
                    + tag);
        }
        links = links == null ? List.of() : List.copyOf(links);
    }
}

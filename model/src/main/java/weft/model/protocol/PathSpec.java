package weft.model.protocol;

import java.util.List;

/**
 * One path the controller allows towards a destination.
 *
 * @param id    dense path index {@code 0..paths-1}, also written into the data shim header
 * @param tag   what the controller's forwarding entries follow for this path: the UDP source port the agent sends
 *              from (1024..65535); the host picks the intermediate switch and stamps a path tag (seed 004
 *              App. A.2.1; docs/sources.md)
 * @param links dense ids of the links the path loads: channels of the switch graph ({@code 2i} = link i a->b,
 *              {@code 2i+1} = b->a), in path order (used only by the Multi-Phase policy; may be empty, and is empty
 *              when the switches' hash rather than the tag picks the path)
 * @param dscp  the IPv4 DSCP the agent writes on this path's packets ({@code IP_TOS = dscp << 2}), which the
 *              switches' path-tagged entries match (VLB, MP-LASH: {@code weft.controller.program.RouteCompiler}),
 *              or null to leave the TOS byte 0. Optional within version 1: an older peer ignores it
 */
public record PathSpec(int id, int tag, List<Integer> links, Integer dscp) {
    /** A path told apart by its UDP source port only (no DSCP). */
    public PathSpec(int id, int tag, List<Integer> links) {
        this(id, tag, links, null);
    }

    public PathSpec {
        if (id < 0 || id > 255) {
            throw new IllegalArgumentException("path id must be in 0..255, got " + id);
        }
        if (tag < 1024 || tag > 65535) {
            throw new IllegalArgumentException("path " + id + ": tag (UDP source port) must be in 1024..65535, got "
                    + tag);
        }
        if (dscp != null && (dscp < 0 || dscp > 63)) {
            throw new IllegalArgumentException("path " + id + ": dscp must be in 0..63, got " + dscp);
        }
        links = links == null ? List.of() : List.copyOf(links);
    }
}

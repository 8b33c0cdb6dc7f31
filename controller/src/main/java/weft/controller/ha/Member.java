package weft.controller.ha;

import java.util.Objects;

/**
 * One controller of the cluster as the others see it: its id and where it serves. Stored as JSON in its
 * ephemeral member znode and, for the master, in the master record.
 *
 * @param id       node id
 * @param openflow the OpenFlow listen address ({@code host:port}) switches connect to
 * @param agents   the agent registry address agents connect to, or null without one
 * @param rest     the REST address, or null without one
 */
public record Member(String id, String openflow, String agents, String rest) {
    public Member {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(openflow, "openflow");
    }
}

package weft.controller.ha;

import java.util.List;

/**
 * The cluster as one node sees it ({@code GET /api/cluster}).
 *
 * @param self     this node's id
 * @param role     this node's role
 * @param master   the master's member record, or null when none is known
 * @param epoch    the master's epoch (its OpenFlow generation id), or -1 before the first election
 * @param members  every live member, by id
 * @param connected whether this node's ZooKeeper session is connected
 */
public record ClusterView(String self, Mastership.Role role, Member master, long epoch, List<Member> members,
                          boolean connected) {
    public ClusterView {
        members = List.copyOf(members);
    }
}

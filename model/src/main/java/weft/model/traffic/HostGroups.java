package weft.model.traffic;

import java.util.ArrayList;
import java.util.List;

/**
 * Hosts by group, for the patterns that send inside or between groups: the clusters of seed 001's cluster-local
 * traffic, the pods of seed 004's pod-to-pod permutation (§3.1).
 */
public final class HostGroups {
    private HostGroups() {
    }

    /**
     * The members of every group {@code 0 .. max(groupOf)}, each in host order.
     *
     * @param groupOf each host's group, from 0
     */
    public static List<List<Integer>> members(int[] groupOf) {
        List<List<Integer>> members = new ArrayList<>();
        for (int h = 0; h < groupOf.length; h++) {
            while (members.size() <= groupOf[h]) {
                members.add(new ArrayList<>());
            }
            members.get(groupOf[h]).add(h);
        }
        return members;
    }
}

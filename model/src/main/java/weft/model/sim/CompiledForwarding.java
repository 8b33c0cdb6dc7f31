package weft.model.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weft.model.routing.ForwardingEntry;
import weft.model.routing.RoutingResult;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * A routing result's forwarding entries as dense arrays, with the matching rule of the deadlock verifier: among the
 * entries of a switch for (destination, layer), one naming the arrival port beats one for any port, and one naming
 * the packet's path tag beats an untagged one; entries naming another port or tag do not apply. Identical port
 * groups are stored once, as channel ids.
 */
final class CompiledForwarding implements ForwardingLookup {
    private final int n;
    /** {@code rows[layer * n + d][u]}: 1 + group of the only plain entry, -(1 + list) for matched entries, 0 none. */
    private final int[][] rows;
    private final int[][] groups;
    /** Matched entries: triples (inPort or -1, tag or -1, group), per list. */
    private final int[][] lists;

    CompiledForwarding(Topology topology, RoutingResult result) {
        SwitchGraph g = topology.graph();
        this.n = g.switchCount();
        int layers = result.layers();
        rows = new int[layers * n][];
        Map<List<Integer>, Integer> groupIds = new HashMap<>();
        List<int[]> groupList = new ArrayList<>();
        Map<Long, List<int[]>> matched = new HashMap<>();
        List<ForwardingEntry> entries = result.forwarding();
        for (int i = 0; i < entries.size(); i++) {
            ForwardingEntry e = entries.get(i);
            int u = topology.switchIndex(e.switchId());
            int d = topology.switchIndex(e.dst());
            String where = "routes: forwarding[" + i + "] at " + e.switchId() + " for " + e.dst();
            if (u < 0 || d < 0) {
                throw new IllegalArgumentException(where + ": unknown switch (routes for another topology?)");
            }
            if (e.layer() < 0 || e.layer() >= layers) {
                throw new IllegalArgumentException(where + ": layer " + e.layer() + " outside 0.." + (layers - 1));
            }
            List<Integer> channels = new ArrayList<>();
            for (int port : e.outPorts()) {
                int c = g.channelAtPort(u, port);
                if (c < 0) {
                    throw new IllegalArgumentException(where + ": out port " + port
                            + " has no switch link (routes for another topology?)");
                }
                channels.add(c);
            }
            Integer group = groupIds.get(channels);
            if (group == null) {
                group = groupList.size();
                groupIds.put(channels, group);
                groupList.add(channels.stream().mapToInt(Integer::intValue).toArray());
            }
            long key = ((long) e.layer() * n + d) * n + u;
            matched.computeIfAbsent(key, k -> new ArrayList<>()).add(new int[] {
                e.inPort() == null ? -1 : e.inPort(), e.path() == null ? -1 : e.path(), group});
        }
        groups = groupList.toArray(new int[0][]);
        List<int[]> listOut = new ArrayList<>();
        for (Map.Entry<Long, List<int[]>> m : matched.entrySet()) {
            long key = m.getKey();
            int row = (int) (key / n);
            int u = (int) (key % n);
            if (rows[row] == null) {
                rows[row] = new int[n];
            }
            List<int[]> es = m.getValue();
            if (es.size() == 1 && es.get(0)[0] < 0 && es.get(0)[1] < 0) {
                rows[row][u] = 1 + es.get(0)[2];
            } else {
                int[] flat = new int[3 * es.size()];
                for (int j = 0; j < es.size(); j++) {
                    System.arraycopy(es.get(j), 0, flat, 3 * j, 3);
                }
                rows[row][u] = -(1 + listOut.size());
                listOut.add(flat);
            }
        }
        lists = listOut.toArray(new int[0][]);
    }

    @Override
    public int lookup(int u, int d, int layer, int inPort, int tag) {
        int[] row = rows[layer * n + d];
        if (row == null) {
            return NONE;
        }
        int v = row[u];
        if (v > 0) {
            return v - 1;
        }
        if (v == 0) {
            return NONE;
        }
        int[] flat = lists[-v - 1];
        int best = NONE;
        int bestScore = -1;
        for (int j = 0; j < flat.length; j += 3) {
            int score = 0;
            if (flat[j] >= 0) {
                if (flat[j] != inPort) {
                    continue;
                }
                score += 2;
            }
            if (flat[j + 1] >= 0) {
                if (flat[j + 1] != tag) {
                    continue;
                }
                score += 1;
            }
            if (score > bestScore) {
                bestScore = score;
                best = flat[j + 2];
            }
        }
        return best;
    }

    @Override
    public int outCount(int e) {
        return groups[e].length;
    }

    @Override
    public int outChannel(int e, int k) {
        return groups[e][k];
    }

    /** Distinct port groups (for tests and statistics). */
    int groupCount() {
        return groups.length;
    }

    @Override
    public String toString() {
        return "CompiledForwarding[" + n + " switches, " + groups.length + " groups, " + lists.length
                + " matched lists, rows " + Arrays.stream(rows).filter(r -> r != null).count() + "]";
    }
}

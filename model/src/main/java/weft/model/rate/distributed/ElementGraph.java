package weft.model.rate.distributed;

import java.util.ArrayList;
import java.util.List;
import weft.model.rate.FabricProblem;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The network elements that run a distributed calculation, the links between them (over which PIF waves flood) and
 * which element owns each rate-problem link. Seed 000 §4.1.2 (decision in docs/sources.md): a link's state lives in the
 * element that drives it (the switch for a switch port, the host adapter for its injection link).
 *
 * @param neighbours adjacency lists of the elements (symmetric, no self-loops)
 * @param ownerOf    element owning each rate-problem link
 */
public record ElementGraph(int[][] neighbours, int[] ownerOf) {
    public ElementGraph {
        for (int e = 0; e < neighbours.length; e++) {
            for (int n : neighbours[e]) {
                if (n < 0 || n >= neighbours.length || n == e) {
                    throw new IllegalArgumentException("element graph: element " + e + " lists neighbour " + n);
                }
            }
        }
        for (int l = 0; l < ownerOf.length; l++) {
            if (ownerOf[l] < 0 || ownerOf[l] >= neighbours.length) {
                throw new IllegalArgumentException("element graph: link " + l + " owned by unknown element "
                        + ownerOf[l]);
            }
        }
    }

    public int elements() {
        return neighbours.length;
    }

    /** Number of undirected element-to-element links. */
    public int edges() {
        int sum = 0;
        for (int[] n : neighbours) {
            sum += n.length;
        }
        return sum / 2;
    }

    /** Hop distance from {@code root} to the farthest element ({@code h_max} of seed 000 §6.5). */
    public int eccentricity(int root) {
        int[] d = new int[elements()];
        java.util.Arrays.fill(d, -1);
        int[] queue = new int[elements()];
        int head = 0;
        int tail = 0;
        d[root] = 0;
        queue[tail++] = root;
        int max = 0;
        while (head < tail) {
            int u = queue[head++];
            for (int v : neighbours[u]) {
                if (d[v] < 0) {
                    d[v] = d[u] + 1;
                    max = Math.max(max, d[v]);
                    queue[tail++] = v;
                }
            }
        }
        if (tail != elements()) {
            throw new IllegalArgumentException("element graph: not connected (" + tail + " of " + elements()
                    + " elements reachable from " + root + ")");
        }
        return max;
    }

    /**
     * The elements of a fabric: switches {@code 0..S-1}, then hosts; a switch channel is owned by its source
     * switch, a host's uplink by the host and its downlink by its switch ({@link FabricProblem} link numbering).
     */
    public static ElementGraph ofFabric(Topology t) {
        SwitchGraph g = t.graph();
        int switches = g.switchCount();
        int hosts = t.hosts().size();
        List<List<Integer>> adj = new ArrayList<>();
        for (int i = 0; i < switches + hosts; i++) {
            adj.add(new ArrayList<>());
        }
        for (int u = 0; u < switches; u++) {
            for (int c : g.out(u)) {
                if (!adj.get(u).contains(g.dst(c))) {
                    adj.get(u).add(g.dst(c));
                }
            }
        }
        int[] owner = new int[FabricProblem.linkCount(t)];
        for (int c = 0; c < g.channelCount(); c++) {
            owner[c] = g.src(c);
        }
        for (int h = 0; h < hosts; h++) {
            Host host = t.hosts().get(h);
            int s = t.switchIndex(host.switchId());
            adj.get(switches + h).add(s);
            adj.get(s).add(switches + h);
            owner[FabricProblem.hostUplink(t, h)] = switches + h;
            owner[FabricProblem.hostDownlink(t, h)] = s;
        }
        int[][] n = new int[adj.size()][];
        for (int i = 0; i < n.length; i++) {
            n[i] = adj.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return new ElementGraph(n, owner);
    }

    /** Every link its own element, elements in a ring (for abstract problems). */
    public static ElementGraph ring(int links) {
        int[][] n = new int[links][];
        int[] owner = new int[links];
        for (int i = 0; i < links; i++) {
            owner[i] = i;
            n[i] = links == 1 ? new int[0] : links == 2 ? new int[] {1 - i}
                    : new int[] {(i + links - 1) % links, (i + 1) % links};
        }
        return new ElementGraph(n, owner);
    }
}

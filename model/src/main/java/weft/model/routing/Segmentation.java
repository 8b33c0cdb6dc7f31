package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import weft.model.topology.SwitchGraph;

/**
 * Splits a switch graph into sub-nets and segments for Segment-based routing: starting segments (a cycle from a
 * sub-net's starting switch back to it), regular segments (from a visited switch through new switches to a visited
 * switch) and unitary segments (one link between two visited switches). Links in no segment are bridges between
 * sub-nets.
 *
 * <p>Seed 002 §3.2.1, Fig. 3.7 ({@code compute_segments}, {@code find}, {@code next_visited},
 * {@code next_not_visited}), with these fixes to the printed pseudocode: {@code next_visited} skips terminal switches;
 * a nil from {@code next_not_visited} ends the run; a switch that joins a segment joins the sub-net; {@code find} never
 * re-enters a temporarily visited switch (guard a) and never recurses into another sub-net (guard b).
 */
final class Segmentation {
    /** The three segment kinds of §3.2.1. */
    enum Type { STARTING, REGULAR, UNITARY }

    /** How {@code find} orders the suitable links of a switch. */
    enum LinkOrder {
        /** Ascending link index (the order of the hand-computed six-switch trace in the tests). */
        BY_INDEX,
        /**
         * Ascending hop distance from the link's far end to the nearest visited switch of the current sub-net, ties by
         * link index: short segments, as in the thesis's evaluation (§3.2.3, "shortest distance to already visited
         * switches").
         */
        NEAREST_VISITED
    }

    /**
     * One segment as {@code find} built it: its first switch, then each switch it passed, and its links in order.
     * Link i joins {@code switches[i]} to {@code switches[i+1]} (the last link ends on a visited switch).
     */
    record Segment(Type type, int subnet, List<Integer> switches, List<Integer> links) {
        Segment {
            switches = List.copyOf(switches);
            links = List.copyOf(links);
        }
    }

    private final SwitchGraph g;
    private final LinkOrder order;
    private final int n;
    private final boolean[] visited;
    private final boolean[] tvisited;
    private final boolean[] starting;
    private final boolean[] terminal;
    private final int[] subnet;
    private final boolean[] linkVisited;
    private final boolean[] linkTvisited;
    private final List<Segment> segments = new ArrayList<>();
    private int[] nearVisited;

    private Segmentation(SwitchGraph g, LinkOrder order) {
        this.g = g;
        this.order = order;
        this.n = g.switchCount();
        visited = new boolean[n];
        tvisited = new boolean[n];
        starting = new boolean[n];
        terminal = new boolean[n];
        subnet = new int[n];
        Arrays.fill(subnet, -1);
        int links = g.channelCount() / 2;
        linkVisited = new boolean[links];
        linkTvisited = new boolean[links];
    }

    /** Runs {@code compute_segments} from the lowest-index switch (the thesis's evaluation choice, §3.2.3). */
    static Segmentation compute(SwitchGraph g, LinkOrder order) {
        Segmentation s = new Segmentation(g, order);
        if (s.n > 0) {
            s.computeSegments();
        }
        return s;
    }

    List<Segment> segments() {
        return segments;
    }

    boolean isStarting(int u) {
        return starting[u];
    }

    boolean isTerminal(int u) {
        return terminal[u];
    }

    int subnetOf(int u) {
        return subnet[u];
    }

    /** Links in no segment: the bridges between sub-nets. */
    List<Integer> bridges() {
        List<Integer> out = new ArrayList<>();
        for (int l = 0; l < linkVisited.length; l++) {
            if (!linkVisited[l]) {
                out.add(l);
            }
        }
        return out;
    }

    private void computeSegments() {
        int c = 0;
        int sw = 0;
        starting[sw] = true;
        subnet[sw] = c;
        visited[sw] = true;
        boolean firstOfSubnet = true;
        while (sw >= 0) {
            List<Integer> switches = new ArrayList<>();
            List<Integer> links = new ArrayList<>();
            if (order == LinkOrder.NEAREST_VISITED) {
                nearVisited = distanceToVisited(c);
            }
            if (find(sw, switches, links, c)) {
                Type type = firstOfSubnet ? Type.STARTING : links.size() == 1 ? Type.UNITARY : Type.REGULAR;
                segments.add(new Segment(type, c, switches, links));
                firstOfSubnet = false;
            } else {
                terminal[sw] = true;
            }
            sw = nextVisited(c);
            if (sw < 0) {
                sw = nextNotVisited();
                if (sw >= 0) {
                    c++;
                    starting[sw] = true;
                    subnet[sw] = c;
                    visited[sw] = true;
                    firstOfSubnet = true;
                }
            }
        }
    }

    private boolean find(int sw, List<Integer> switches, List<Integer> links, int snet) {
        tvisited[sw] = true;
        switches.add(sw);
        for (int c : suitableLinks(sw)) {
            int ln = SwitchGraph.linkOf(c);
            int nsw = g.dst(c);
            boolean closes = visited[nsw] && subnet[nsw] == snet;
            if ((tvisited[nsw] && !closes) || (visited[nsw] && subnet[nsw] != snet)) {
                continue;
            }
            linkTvisited[ln] = true;
            links.add(ln);
            if (closes || find(nsw, switches, links, snet)) {
                linkVisited[ln] = true;
                visited[sw] = true;
                subnet[sw] = snet;
                linkTvisited[ln] = false;
                tvisited[sw] = false;
                return true;
            }
            linkTvisited[ln] = false;
            links.remove(links.size() - 1);
        }
        switches.remove(switches.size() - 1);
        tvisited[sw] = false;
        return false;
    }

    /** Out-channels of sw over links neither visited nor temporarily visited, in the configured order. */
    private int[] suitableLinks(int sw) {
        int[] out = g.out(sw);
        int k = 0;
        int[] res = new int[out.length];
        for (int c : out) {
            int ln = SwitchGraph.linkOf(c);
            if (!linkVisited[ln] && !linkTvisited[ln]) {
                res[k++] = c;
            }
        }
        Integer[] boxed = new Integer[k];
        for (int i = 0; i < k; i++) {
            boxed[i] = res[i];
        }
        Arrays.sort(boxed, (x, y) -> {
            if (order == LinkOrder.NEAREST_VISITED) {
                int byDist = Integer.compare(nearVisited[g.dst(x)], nearVisited[g.dst(y)]);
                if (byDist != 0) {
                    return byDist;
                }
            }
            return Integer.compare(SwitchGraph.linkOf(x), SwitchGraph.linkOf(y));
        });
        int[] sorted = new int[k];
        for (int i = 0; i < k; i++) {
            sorted[i] = boxed[i];
        }
        return sorted;
    }

    /** Multi-source BFS distance to the visited switches of sub-net c. */
    private int[] distanceToVisited(int c) {
        return g.bfsFrom(u -> visited[u] && subnet[u] == c);
    }

    /** A visited, non-terminal switch of sub-net c with a non-visited link; lowest index first. */
    private int nextVisited(int c) {
        for (int u = 0; u < n; u++) {
            if (visited[u] && subnet[u] == c && !terminal[u] && hasOpenLink(u)) {
                return u;
            }
        }
        return -1;
    }

    /** A switch that is neither visited nor terminal and is attached to a terminal switch; lowest index first. */
    private int nextNotVisited() {
        for (int u = 0; u < n; u++) {
            if (visited[u] || terminal[u]) {
                continue;
            }
            for (int c : g.out(u)) {
                if (terminal[g.dst(c)]) {
                    return u;
                }
            }
        }
        return -1;
    }

    private boolean hasOpenLink(int u) {
        for (int c : g.out(u)) {
            if (!linkVisited[SwitchGraph.linkOf(c)]) {
                return true;
            }
        }
        return false;
    }
}

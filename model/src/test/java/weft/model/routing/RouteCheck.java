package weft.model.routing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * A test-side walk of a routing result's forwarding entries: for every listed pair and layer it follows the
 * entries (never the engine's internal paths) from the source switch to the destination, and reports unreachable
 * pairs, loops, non-shortest paths and, per layer, whether the channel dependency graph of the walked paths is
 * acyclic. Entries with an in_port take precedence over entries without one.
 */
final class RouteCheck {
    private RouteCheck() {
    }

    /** What the walk found; {@code problems} is empty for a deadlock-free, connected (and shortest) result. */
    record Verdict(List<String> problems, Map<Integer, List<List<Integer>>> pathsByLayer, int maxPathsPerPair) {
        boolean ok() {
            return problems.isEmpty();
        }
    }

    static Verdict check(Topology t, RoutingResult r) {
        SwitchGraph g = t.graph();
        int[][] dist = g.distances();
        Map<String, List<Integer>> table = new HashMap<>();
        for (ForwardingEntry e : r.forwarding()) {
            String key = e.switchId() + "|" + e.dst() + "|" + e.layer() + "|" + e.inPort() + "|" + e.path();
            if (table.put(key, e.outPorts()) != null) {
                throw new AssertionError("duplicate forwarding entry " + key);
            }
        }
        List<String> problems = new ArrayList<>();
        Map<Integer, List<List<Integer>>> byLayer = new HashMap<>();
        Map<String, Integer> perPair = new HashMap<>();
        for (PairLayer pl : r.layerOf()) {
            perPair.merge(pl.src() + ">" + pl.dst(), 1, Integer::sum);
            int s = t.switchIndex(pl.src());
            int d = t.switchIndex(pl.dst());
            List<Integer> channels = new ArrayList<>();
            int u = s;
            Integer inPort = null;
            String failure = null;
            while (u != d) {
                List<Integer> out = table.get(g.switchId(u) + "|" + pl.dst() + "|" + pl.layer() + "|" + inPort + "|"
                        + pl.path());
                if (out == null) {
                    out = table.get(g.switchId(u) + "|" + pl.dst() + "|" + pl.layer() + "|null|" + pl.path());
                }
                if (out == null && pl.path() != null) {
                    out = table.get(g.switchId(u) + "|" + pl.dst() + "|" + pl.layer() + "|null|null");
                }
                if (out == null) {
                    failure = "no entry at " + g.switchId(u);
                    break;
                }
                int c = g.channelAtPort(u, out.get(0));
                if (c < 0) {
                    failure = "port " + out.get(0) + " of " + g.switchId(u) + " has no link";
                    break;
                }
                channels.add(c);
                if (channels.size() > g.switchCount()) {
                    failure = "loop";
                    break;
                }
                inPort = g.dstPort(c);
                u = g.dst(c);
            }
            if (failure != null) {
                problems.add(pl + ": " + failure);
                continue;
            }
            if (r.promisesShortest() && channels.size() != dist[s][d]) {
                problems.add(pl + ": " + channels.size() + " hops, shortest is " + dist[s][d]);
            }
            byLayer.computeIfAbsent(pl.layer(), k -> new ArrayList<>()).add(channels);
        }
        for (Map.Entry<Integer, List<List<Integer>>> e : byLayer.entrySet()) {
            if (!acyclic(g.channelCount(), e.getValue())) {
                problems.add("layer " + e.getKey() + ": channel dependency graph has a cycle");
            }
        }
        int maxPaths = perPair.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        return new Verdict(problems, byLayer, maxPaths);
    }

    /** Kahn's algorithm over the dependencies of consecutive channels. */
    static boolean acyclic(int channels, List<List<Integer>> paths) {
        List<List<Integer>> succ = new ArrayList<>();
        for (int c = 0; c < channels; c++) {
            succ.add(new ArrayList<>());
        }
        java.util.Set<Long> seen = new java.util.HashSet<>();
        int[] indeg = new int[channels];
        for (List<Integer> p : paths) {
            for (int i = 0; i + 1 < p.size(); i++) {
                long key = (long) p.get(i) * channels + p.get(i + 1);
                if (seen.add(key)) {
                    succ.get(p.get(i)).add(p.get(i + 1));
                    indeg[p.get(i + 1)]++;
                }
            }
        }
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int c = 0; c < channels; c++) {
            if (indeg[c] == 0) {
                queue.add(c);
            }
        }
        int done = 0;
        while (!queue.isEmpty()) {
            int c = queue.poll();
            done++;
            for (int x : succ.get(c)) {
                if (--indeg[x] == 0) {
                    queue.add(x);
                }
            }
        }
        return done == channels;
    }
}

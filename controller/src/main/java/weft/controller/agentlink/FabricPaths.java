package weft.controller.agentlink;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import weft.model.protocol.PathSpec;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The paths a source host may use towards a destination host under the fabric's current routes, each with the tag
 * the switches' entries follow: walks the forwarding entries from the source switch exactly as the compiled
 * program matches them ({@code weft.controller.program.RouteCompiler}: an entry restricted to the packet's input
 * port beats one for any port, and within those an entry for the packet's DSCP path tag beats the untagged
 * default, which is the entry without a tag or else the lowest tag), and forks at every port group.
 *
 * <p>Source: seed 004 §3.1-3.2 and App. A.2.1 (ECMP, VLB, host-chosen paths), mapped as Weft does in docs/sources.md
 * ("the host picks the intermediate switch and stamps a path tag, and the controller installs deterministic per-tag
 * forwarding").
 * <ul>
 *   <li>Path-tagged routes (VLB, MP-LASH): every DSCP value {@code p} that the pair's {@code layer_of} or the
 *       entries towards the destination name is one path with {@code dscp = p}; the layer is the one the ingress
 *       entry pushes for that tag.</li>
 *   <li>A port group (ECMP SELECT group) on the way forks the walk: each branch is a path the switch's hash may
 *       pick. Such paths carry no links, since the tag does not choose among them; the agent's distinct UDP
 *       source ports only give the hash distinct flows to spread.</li>
 *   <li>Tags are UDP source ports: {@code TAG_PORT_BASE + 64 k + dscp} for the k-th branch of DSCP {@code dscp}
 *       (0 when untagged), so one source port always means one DSCP, which the agent's per-tag socket sets.</li>
 *   <li>Decision: a pair with one untagged path gets no path list (the agent sends from its data port, as
 *       before); paths beyond {@link #MAX_PATHS} are left out; hosts outside the routed topology get none.</li>
 * </ul>
 */
public final class FabricPaths {
    /** First UDP source port used as a path tag. */
    public static final int TAG_PORT_BASE = 20000;
    /** Most paths offered for one pair. */
    public static final int MAX_PATHS = 16;

    private FabricPaths() {
    }

    /** A provider reading the fabric's current topology and routes at every call. */
    public static PathProvider provider(Supplier<Topology> topology, Supplier<RoutingResult> routes) {
        return (src, dst) -> {
            Topology t = topology.get();
            RoutingResult r = routes.get();
            return t == null || r == null ? List.of() : of(t, r, src, dst);
        };
    }

    /** The paths from host {@code srcHost} to host {@code dstHost}. */
    public static List<PathSpec> of(Topology topology, RoutingResult routes, String srcHost, String dstHost) {
        Host s = host(topology, srcHost);
        Host d = host(topology, dstHost);
        if (s == null || d == null || s.switchId().equals(d.switchId())) {
            return List.of();
        }
        SwitchGraph g = topology.graph();
        int su = topology.switchIndex(s.switchId());
        int du = topology.switchIndex(d.switchId());
        Map<String, List<ForwardingEntry>> atSwitch = new HashMap<>();
        TreeSet<Integer> tags = new TreeSet<>();
        for (ForwardingEntry e : routes.forwarding()) {
            if (e.dst().equals(d.switchId())) {
                atSwitch.computeIfAbsent(e.switchId(), k -> new ArrayList<>()).add(e);
                if (e.path() != null) {
                    tags.add(e.path());
                }
            }
        }
        List<PairLayer> pairs = new ArrayList<>();
        for (PairLayer p : routes.layerOf()) {
            if (p.src().equals(s.switchId()) && p.dst().equals(d.switchId())) {
                pairs.add(p);
                if (p.path() != null) {
                    tags.add(p.path());
                }
            }
        }
        pairs.sort(Comparator.comparing(p -> p.path() == null ? -1 : p.path()));
        List<Integer> dscps = new ArrayList<>(tags);
        if (dscps.isEmpty()) {
            dscps.add(null);
        }
        List<PathSpec> out = new ArrayList<>();
        Set<List<Integer>> seen = new HashSet<>();
        for (Integer dscp : dscps) {
            List<List<Integer>> branches = new ArrayList<>();
            walk(g, atSwitch, su, du, s.port(), layerOf(pairs, dscp), dscp, new ArrayList<>(),
                    new boolean[g.switchCount()], branches);
            for (int k = 0; k < branches.size() && out.size() < MAX_PATHS; k++) {
                List<Integer> channels = branches.get(k);
                boolean hashed = branches.size() > 1;
                if (!hashed && !seen.add(channels)) {
                    continue;
                }
                out.add(new PathSpec(out.size(), TAG_PORT_BASE + 64 * k + (dscp == null ? 0 : dscp),
                        hashed ? List.of() : channels, dscp));
            }
        }
        if (out.size() == 1 && out.get(0).dscp() == null) {
            return List.of();
        }
        return List.copyOf(out);
    }

    private static Host host(Topology t, String id) {
        for (Host h : t.hosts()) {
            if (h.id().equals(id)) {
                return h;
            }
        }
        return null;
    }

    /** The layer the ingress entry pushes for packets with this DSCP: its pair's, else the lowest path's. */
    private static int layerOf(List<PairLayer> pairs, Integer dscp) {
        for (PairLayer p : pairs) {
            if (dscp != null && dscp.equals(p.path())) {
                return p.layer();
            }
        }
        return pairs.isEmpty() ? 0 : pairs.get(0).layer();
    }

    private static void walk(SwitchGraph g, Map<String, List<ForwardingEntry>> atSwitch, int u, int du, int inPort,
                             int layer, Integer dscp, List<Integer> channels, boolean[] visited,
                             List<List<Integer>> out) {
        if (u == du) {
            out.add(List.copyOf(channels));
            return;
        }
        if (visited[u] || out.size() >= MAX_PATHS) {
            return;
        }
        ForwardingEntry e = match(atSwitch.getOrDefault(g.switchId(u), List.of()), layer, inPort, dscp);
        if (e == null) {
            return;
        }
        visited[u] = true;
        for (int port : new TreeSet<>(e.outPorts())) {
            int c = g.channelAtPort(u, port);
            if (c >= 0) {
                channels.add(c);
                walk(g, atSwitch, g.dst(c), du, g.dstPort(c), layer, dscp, channels, visited, out);
                channels.remove(channels.size() - 1);
            }
        }
        visited[u] = false;
    }

    /** The entry a packet (input port, layer, DSCP) hits, as the compiled priorities decide it. */
    private static ForwardingEntry match(List<ForwardingEntry> entries, int layer, int inPort, Integer dscp) {
        List<ForwardingEntry> exact = new ArrayList<>();
        List<ForwardingEntry> any = new ArrayList<>();
        for (ForwardingEntry e : entries) {
            if (e.layer() == layer) {
                if (e.inPort() == null) {
                    any.add(e);
                } else if (e.inPort() == inPort) {
                    exact.add(e);
                }
            }
        }
        ForwardingEntry hit = tagged(exact, dscp);
        return hit != null ? hit : tagged(any, dscp);
    }

    private static ForwardingEntry tagged(List<ForwardingEntry> group, Integer dscp) {
        ForwardingEntry def = null;
        for (ForwardingEntry e : group) {
            if (e.path() != null && e.path().equals(dscp == null ? 0 : dscp)) {
                return e;
            }
            if (e.path() == null) {
                if (def == null || def.path() != null) {
                    def = e;
                }
            } else if (def == null || def.path() != null && e.path() < def.path()) {
                def = e;
            }
        }
        return def;
    }
}

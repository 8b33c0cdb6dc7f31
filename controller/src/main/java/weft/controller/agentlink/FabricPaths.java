package weft.controller.agentlink;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import weft.model.protocol.PathSpec;
import weft.model.routing.ForwardingTable;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The paths a source host may use towards a destination host under the fabric's current routes, each with the tag
 * the switches' entries follow: walks the routes' {@link ForwardingTable} from the source switch, which matches the
 * entries as the compiled program does ({@code weft.controller.program.RouteCompiler}: an entry restricted to the
 * packet's input port beats one for any port, and within those an entry for the packet's DSCP path tag beats the
 * untagged default, which is the entry without a tag or else the lowest tag), and forks at every port group.
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

    /**
     * A provider reading the fabric's current topology and routes at every call; the forwarding table is indexed
     * once per routes object and reused while the routes stay the same.
     */
    public static PathProvider provider(Supplier<Topology> topology, Supplier<RoutingResult> routes) {
        AtomicReference<Indexed> last = new AtomicReference<>();
        return (src, dst) -> {
            Topology t = topology.get();
            RoutingResult r = routes.get();
            if (t == null || r == null) {
                return List.of();
            }
            Indexed i = last.get();
            if (i == null || i.topology != t || i.routes != r) {
                i = new Indexed(t, r, table(t, r));
                last.set(i);
            }
            return of(i.table, src, dst);
        };
    }

    private record Indexed(Topology topology, RoutingResult routes, ForwardingTable table) {
    }

    /** The forwarding table of the routes; entries a switch could not hold are left out, as the walk skipped them. */
    private static ForwardingTable table(Topology topology, RoutingResult routes) {
        return ForwardingTable.of(topology, routes, problem -> { });
    }

    /** The paths from host {@code srcHost} to host {@code dstHost}. */
    public static List<PathSpec> of(Topology topology, RoutingResult routes, String srcHost, String dstHost) {
        return of(table(topology, routes), srcHost, dstHost);
    }

    /** The paths from host {@code srcHost} to host {@code dstHost} under the routes indexed in {@code table}. */
    public static List<PathSpec> of(ForwardingTable table, String srcHost, String dstHost) {
        Topology topology = table.topology();
        Host s = host(topology, srcHost);
        Host d = host(topology, dstHost);
        if (s == null || d == null || s.switchId().equals(d.switchId())) {
            return List.of();
        }
        SwitchGraph g = topology.graph();
        int su = topology.switchIndex(s.switchId());
        int du = topology.switchIndex(d.switchId());
        List<PathSpec> out = new ArrayList<>();
        Set<List<Integer>> seen = new HashSet<>();
        for (Integer dscp : dscps(table, su, du)) {
            int tag = ForwardingTable.tagOf(dscp);
            List<List<Integer>> branches = new ArrayList<>();
            walk(table, su, du, s.port(), table.ingressLayer(su, du, tag), tag, new ArrayList<>(),
                    new boolean[g.switchCount()], branches);
            for (int k = 0; k < branches.size() && out.size() < MAX_PATHS; k++) {
                List<Integer> channels = branches.get(k);
                boolean hashed = branches.size() > 1;
                if (!hashed && !seen.add(channels)) {
                    continue;
                }
                out.add(new PathSpec(out.size(), TAG_PORT_BASE + 64 * k + tag, hashed ? List.of() : channels, dscp));
            }
        }
        if (out.size() == 1 && out.get(0).dscp() == null) {
            return List.of();
        }
        return List.copyOf(out);
    }

    /** The DSCP path tags of a switch pair, in order; one null (untagged) when it has none. */
    private static List<Integer> dscps(ForwardingTable table, int su, int du) {
        TreeSet<Integer> tags = new TreeSet<>();
        for (int tag : table.tagsToward(du)) {
            tags.add(tag);
        }
        for (int tag : table.pairTags(su, du)) {
            tags.add(tag);
        }
        List<Integer> dscps = new ArrayList<>(tags);
        if (dscps.isEmpty()) {
            dscps.add(null);
        }
        return dscps;
    }

    /**
     * Every channel sequence the traffic from {@code s} to {@code d} may take under the routes indexed in
     * {@code table}: the walk of each DSCP path tag, forked at every port group (the live CRP checks a pair's
     * reservation on all of them, docs/crp.md); one empty sequence when both hang off one switch, none without a
     * route.
     */
    public static List<int[]> branches(ForwardingTable table, Host s, Host d) {
        Topology topology = table.topology();
        if (s.switchId().equals(d.switchId())) {
            return List.of(new int[0]);
        }
        int su = topology.switchIndex(s.switchId());
        int du = topology.switchIndex(d.switchId());
        List<int[]> out = new ArrayList<>();
        for (Integer dscp : dscps(table, su, du)) {
            int tag = ForwardingTable.tagOf(dscp);
            List<List<Integer>> branches = new ArrayList<>();
            walk(table, su, du, s.port(), table.ingressLayer(su, du, tag), tag, new ArrayList<>(),
                    new boolean[topology.graph().switchCount()], branches);
            for (List<Integer> b : branches) {
                out.add(b.stream().mapToInt(Integer::intValue).toArray());
            }
        }
        return out;
    }

    private static Host host(Topology t, String id) {
        for (Host h : t.hosts()) {
            if (h.id().equals(id)) {
                return h;
            }
        }
        return null;
    }

    /** Follows every port of every entry the packet hits, in port order, collecting the delivered branches. */
    private static void walk(ForwardingTable table, int u, int du, int inPort, int layer, int tag,
                             List<Integer> channels, boolean[] visited, List<List<Integer>> out) {
        if (u == du) {
            out.add(List.copyOf(channels));
            return;
        }
        if (visited[u] || out.size() >= MAX_PATHS) {
            return;
        }
        int e = table.lookup(u, du, layer, inPort, tag);
        if (e == ForwardingTable.NONE) {
            return;
        }
        SwitchGraph g = table.graph();
        TreeMap<Integer, Integer> byPort = new TreeMap<>();
        for (int k = 0; k < table.outCount(e); k++) {
            byPort.put(table.outPort(e, k), table.outChannel(e, k));
        }
        visited[u] = true;
        for (int c : byPort.values()) {
            channels.add(c);
            walk(table, g.dst(c), du, g.dstPort(c), layer, tag, channels, visited, out);
            channels.remove(channels.size() - 1);
        }
        visited[u] = false;
    }
}

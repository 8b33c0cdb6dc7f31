package weft.lab;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Topology;

/**
 * Reads the IPv4 forwarding state back from {@code ovs-ofctl -O OpenFlow13 dump-flows/dump-groups} text and
 * states what a routing result says it should be, in the same shape, so the two can be compared independently of
 * the controller's own bookkeeping.
 *
 * <p>Shape: per switch, {@code (in_port, PCP, DSCP, destination IP)} (with -1 for "any") to the set of out ports
 * (a SELECT group's bucket ports).
 */
public final class FlowDump {
    /** A forwarding key on one switch; -1 means the field is not matched. */
    public record Key(String switchId, int inPort, int pcp, int dscp, String dstIp) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            return toString().compareTo(o.toString());
        }
    }

    private static final Pattern FIELD = Pattern.compile("([a-z_]+)=([^,\\s]+)");
    private static final Pattern GROUP_LINE = Pattern.compile("group_id=(\\d+),type=select,(.*)");
    private static final Pattern OUTPUT = Pattern.compile("output:(\\d+)");
    /** Cookie of Weft FORWARD entries as ovs-ofctl prints it. */
    private static final String FORWARD_COOKIE = "cookie=0x5745465400000003";

    private FlowDump() {
    }

    /** Parses one switch's FORWARD IPv4 entries from dump-flows and dump-groups output. */
    public static Map<Key, Set<Integer>> installed(String switchId, String flows, String groups) {
        Map<Integer, Set<Integer>> groupPorts = new HashMap<>();
        for (String line : groups.split("\n")) {
            Matcher g = GROUP_LINE.matcher(line.strip());
            if (g.matches()) {
                Set<Integer> ports = new TreeSet<>();
                Matcher o = OUTPUT.matcher(g.group(2));
                while (o.find()) {
                    ports.add(Integer.parseInt(o.group(1)));
                }
                groupPorts.put(Integer.parseInt(g.group(1)), ports);
            }
        }
        Map<Key, Set<Integer>> out = new TreeMap<>();
        for (String line : flows.split("\n")) {
            String l = line.strip();
            if (!l.startsWith(FORWARD_COOKIE) || !l.contains(",ip,")) {
                continue;
            }
            String[] matchAndActions = l.split(" actions=", 2);
            Map<String, String> f = new HashMap<>();
            Matcher m = FIELD.matcher(matchAndActions[0]);
            while (m.find()) {
                f.put(m.group(1), m.group(2));
            }
            Set<Integer> ports = new TreeSet<>();
            String actions = matchAndActions[1];
            if (actions.startsWith("group:")) {
                ports.addAll(groupPorts.getOrDefault(Integer.parseInt(actions.substring(6)), Set.of()));
            } else {
                Matcher o = OUTPUT.matcher(actions);
                while (o.find()) {
                    ports.add(Integer.parseInt(o.group(1)));
                }
            }
            int tos = Integer.parseInt(f.getOrDefault("nw_tos", "-4"));
            out.put(new Key(switchId, Integer.parseInt(f.getOrDefault("in_port", "-1")),
                    Integer.parseInt(f.getOrDefault("dl_vlan_pcp", "-1")), tos < 0 ? -1 : tos >> 2,
                    f.get("nw_dst")), ports);
        }
        return out;
    }

    /** What the routing result says one switch's FORWARD IPv4 entries must be. */
    public static Map<Key, Set<Integer>> expected(String switchId, Topology t, RoutingResult r) {
        boolean layered = r.layers() > 1 || weft.controller.program.RouteCompiler.LAYERED_ENGINES.contains(r.engine());
        Map<String, List<Host>> hostsAt = new HashMap<>();
        for (Host h : t.hosts()) {
            hostsAt.computeIfAbsent(h.switchId(), k -> new ArrayList<>()).add(h);
        }
        Map<Key, Set<Integer>> out = new TreeMap<>();
        for (ForwardingEntry e : r.forwarding()) {
            if (!e.switchId().equals(switchId) || e.dst().equals(switchId)) {
                continue;
            }
            for (Host h : hostsAt.getOrDefault(e.dst(), List.of())) {
                out.put(new Key(switchId, e.inPort() == null ? -1 : e.inPort(), layered ? e.layer() : -1,
                        e.path() == null ? -1 : e.path(), h.ip()), new TreeSet<>(e.outPorts()));
            }
        }
        // Path-tagged sets without an untagged entry default to their lowest path (RouteCompiler).
        Map<Key, Set<Integer>> defaults = new TreeMap<>();
        for (Map.Entry<Key, Set<Integer>> e : out.entrySet()) {
            Key k = e.getKey();
            Key def = new Key(k.switchId(), k.inPort(), k.pcp(), -1, k.dstIp());
            if (k.dscp() >= 0 && !out.containsKey(def) && !defaults.containsKey(def)) {
                defaults.put(def, e.getValue());
            }
        }
        out.putAll(defaults);
        return out;
    }
}

package weft.model.topology;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An immutable, validated fabric: switches, hosts and links.
 *
 * <p>Construction checks every invariant and names the offending element: unique switch ids and dpids, unique host
 * ids, MACs and IPs, well-formed addresses, ports within {@code 1..ports} of their switch, no port used twice, no
 * link or host naming an unknown switch, no self-loop. Connectivity is not required: {@link #graph()} reports the
 * components, and engines that need a connected fabric refuse a disconnected one with their own error.
 */
public final class Topology {
    private static final Pattern MAC = Pattern.compile("[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}");
    private static final Pattern IPV4 =
            Pattern.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");

    private final String name;
    private final List<Switch> switches;
    private final List<Host> hosts;
    private final List<Link> links;
    private final Map<String, Integer> switchIndex;
    private final Map<String, Integer> hostIndex;
    private volatile SwitchGraph graph;

    /**
     * Builds and validates a topology.
     *
     * @throws TopologyException naming the first element that breaks an invariant
     */
    public Topology(String name, List<Switch> switches, List<Host> hosts, List<Link> links) {
        this.name = name == null ? "" : name;
        this.switches = List.copyOf(switches);
        this.hosts = List.copyOf(hosts);
        this.links = List.copyOf(links);
        this.switchIndex = indexSwitches(this.switches);
        this.hostIndex = new HashMap<>();
        validatePortsAndHosts();
    }

    private static Map<String, Integer> indexSwitches(List<Switch> switches) {
        Map<String, Integer> index = new HashMap<>();
        Map<Long, String> byDpid = new HashMap<>();
        for (int i = 0; i < switches.size(); i++) {
            Switch s = switches.get(i);
            Integer previous = index.putIfAbsent(s.id(), i);
            if (previous != null) {
                throw new TopologyException("switches[" + i + "]: id " + s.id() + " already used by switches["
                        + previous + "]");
            }
            String other = byDpid.putIfAbsent(s.dpid(), s.id());
            if (other != null) {
                throw new TopologyException("switches[" + i + "]: dpid " + s.dpidHex() + " of " + s.id()
                        + " already used by " + other);
            }
        }
        return Collections.unmodifiableMap(index);
    }

    private void validatePortsAndHosts() {
        Map<String, String> portOwner = new HashMap<>();
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            String where = "links[" + i + "]";
            if (l.a().equals(l.b())) {
                throw new TopologyException(where + ": self-loop on " + l.a() + " (a and b must differ)");
            }
            claimPort(portOwner, where, l.a(), l.aPort());
            claimPort(portOwner, where, l.b(), l.bPort());
        }
        Map<String, String> macs = new HashMap<>();
        Map<String, String> ips = new HashMap<>();
        for (int i = 0; i < hosts.size(); i++) {
            Host h = hosts.get(i);
            String where = "hosts[" + i + "]";
            Integer previous = hostIndex.putIfAbsent(h.id(), i);
            if (previous != null) {
                throw new TopologyException(where + ": id " + h.id() + " already used by hosts[" + previous + "]");
            }
            if (switchIndex.containsKey(h.id())) {
                throw new TopologyException(where + ": id " + h.id() + " is also a switch id");
            }
            if (h.mac() == null || !MAC.matcher(h.mac()).matches()) {
                throw new TopologyException(where + ": mac " + h.mac() + " of " + h.id()
                        + " is not of the form 02:00:00:00:00:01");
            }
            if ((Integer.parseInt(h.mac().substring(0, 2), 16) & 1) != 0) {
                throw new TopologyException(where + ": mac " + h.mac() + " of " + h.id() + " is multicast");
            }
            if (h.ip() == null || !IPV4.matcher(h.ip()).matches()) {
                throw new TopologyException(where + ": ip " + h.ip() + " of " + h.id()
                        + " is not a dotted IPv4 address");
            }
            String macOwner = macs.putIfAbsent(h.mac().toLowerCase(), h.id());
            if (macOwner != null) {
                throw new TopologyException(where + ": mac " + h.mac() + " of " + h.id() + " already used by "
                        + macOwner);
            }
            String ipOwner = ips.putIfAbsent(h.ip(), h.id());
            if (ipOwner != null) {
                throw new TopologyException(where + ": ip " + h.ip() + " of " + h.id() + " already used by "
                        + ipOwner);
            }
            claimPort(portOwner, where, h.switchId(), h.port());
        }
    }

    private void claimPort(Map<String, String> owner, String where, String switchId, int port) {
        Integer s = switchIndex.get(switchId);
        if (s == null) {
            throw new TopologyException(where + ": unknown switch " + switchId);
        }
        int max = switches.get(s).ports();
        if (port < 1 || port > max) {
            throw new TopologyException(where + ": port " + port + " of " + switchId + " is outside 1.." + max);
        }
        String previous = owner.putIfAbsent(switchId + ":" + port, where);
        if (previous != null) {
            throw new TopologyException(where + ": port " + port + " of " + switchId + " already used by "
                    + previous);
        }
    }

    public String name() {
        return name;
    }

    public List<Switch> switches() {
        return switches;
    }

    public List<Host> hosts() {
        return hosts;
    }

    public List<Link> links() {
        return links;
    }

    /** Dense index of a switch (its position in {@link #switches()}), or -1 if unknown. */
    public int switchIndex(String switchId) {
        Integer i = switchIndex.get(switchId);
        return i == null ? -1 : i;
    }

    public Optional<Switch> findSwitch(String switchId) {
        int i = switchIndex(switchId);
        return i < 0 ? Optional.empty() : Optional.of(switches.get(i));
    }

    public Optional<Host> findHost(String hostId) {
        Integer i = hostIndex.get(hostId);
        return i == null ? Optional.empty() : Optional.of(hosts.get(i));
    }

    /** The switch with this id; throws naming the id when there is none. */
    public Switch requireSwitch(String switchId) {
        return findSwitch(switchId).orElseThrow(() -> new TopologyException("unknown switch " + switchId));
    }

    /** The host with this id; throws naming the id when there is none. */
    public Host requireHost(String hostId) {
        return findHost(hostId).orElseThrow(() -> new TopologyException("unknown host " + hostId));
    }

    /** Hosts attached to the given switch, in file order. */
    public List<Host> hostsOf(String switchId) {
        List<Host> out = new ArrayList<>();
        for (Host h : hosts) {
            if (h.switchId().equals(switchId)) {
                out.add(h);
            }
        }
        return out;
    }

    /** The dense integer view of the switch graph, built once on first use. */
    public SwitchGraph graph() {
        SwitchGraph g = graph;
        if (g == null) {
            synchronized (this) {
                g = graph;
                if (g == null) {
                    g = new SwitchGraph(this);
                    graph = g;
                }
            }
        }
        return g;
    }

    /** A copy of this topology without the given link (by index); used for fault handling. */
    public Topology withoutLink(int linkIndex) {
        List<Link> rest = new ArrayList<>(links);
        rest.remove(linkIndex);
        return new Topology(name, switches, hosts, rest);
    }

    @Override
    public String toString() {
        return "Topology[" + name + ": " + switches.size() + " switches, " + hosts.size() + " hosts, "
                + links.size() + " links]";
    }
}

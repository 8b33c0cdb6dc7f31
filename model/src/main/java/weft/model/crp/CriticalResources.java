package weft.model.crp;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The critical resources of a live fabric, those that keep a reservation table, and each host pair's path over
 * them. Seed 001 §2.1: "each destination's network interface card contains a table for that destination's egress
 * channel; each router maintains a table for each output port that drives a potential bottleneck channel, e.g. an
 * inter-cluster channel". Here:
 * <ul>
 *   <li>every host-facing switch port ({@link Kind#HOST}: the destination's ejection channel; a switch, not the
 *       host's NIC, drives it in an Ethernet fabric);</li>
 *   <li>every link direction whose static over-subscription exceeds 1 ({@link Kind#OVERSUBSCRIBED});</li>
 *   <li>every link direction the operator marks ({@link Kind#MARKED}).</li>
 * </ul>
 *
 * <p>Decision (over-subscription of a link direction {@code c}): the most traffic the hosts can offer it,
 * {@code min(Σ gbps of the sources whose paths may cross c, Σ gbps of the destinations those paths reach)}, over
 * its capacity. A pair's path is every channel sequence its traffic may take ({@link PairChannels}: all branches of
 * an ECMP group, since the switch's hash, not the host, picks one). Seed 001's "static over-subscription ratio"
 * of a tree's uplinks is the special case of a switch whose hosts all leave through them. Cost: one path lookup per
 * ordered host pair.
 *
 * <p>Decision (path of a pair): the critical channels of the union of its branches, in the order they are first
 * met, then the destination's port. A VOQ's path policy spreads its packets over every path it has (seed 004
 * §3.1), so its reservation must hold on each; reserving the whole request on every branch is conservative where a
 * pair has several.
 */
public final class CriticalResources {
    /** Why a resource is critical. */
    public enum Kind {
        /** A host-facing switch port: a destination. */
        HOST,
        /** A link direction whose over-subscription exceeds 1. */
        OVERSUBSCRIBED,
        /** A link direction the operator marked. */
        MARKED
    }

    /**
     * Every channel sequence (switch-graph channel ids, {@link SwitchGraph}) the traffic of a host pair may take; an
     * empty list when the pair has no route, one empty sequence when both hosts hang off the same switch.
     */
    @FunctionalInterface
    public interface PairChannels {
        List<int[]> channels(Host src, Host dst);
    }

    /**
     * One critical resource.
     *
     * @param port             the switch port that drives it
     * @param kind             why it is critical
     * @param gbps             its line rate
     * @param oversubscription offered bound over capacity (for a host port: the other hosts' total over its rate)
     * @param peer             what it leads to: a host id or {@code switch:port}
     */
    public record Resource(EgressPort port, Kind kind, double gbps, double oversubscription, String peer) {
    }

    private final Map<EgressPort, Resource> resources;
    private final Map<String, Host> hostByIp = new LinkedHashMap<>();
    private final Map<String, Host> hostById = new LinkedHashMap<>();
    private final Topology topology;
    private final PairChannels paths;
    private final Map<String, List<EgressPort>> pathCache = new LinkedHashMap<>();

    private CriticalResources(Topology topology, PairChannels paths, Map<EgressPort, Resource> resources) {
        this.topology = topology;
        this.paths = paths;
        this.resources = resources;
        for (Host h : topology.hosts()) {
            hostByIp.put(h.ip(), h);
            hostById.put(h.id(), h);
        }
    }

    /**
     * Selects the critical resources of {@code topology} under the paths its routes give.
     *
     * @param marked link ends the operator marks critical (egress ports of switch links)
     * @throws IllegalArgumentException naming a marked port that is no switch link's end
     */
    public static CriticalResources select(Topology topology, PairChannels paths, Set<EgressPort> marked) {
        SwitchGraph g = topology.graph();
        Map<EgressPort, Integer> channelOf = new LinkedHashMap<>();
        for (int c = 0; c < g.channelCount(); c++) {
            channelOf.put(new EgressPort(g.switchId(g.src(c)), g.srcPort(c)), c);
        }
        for (EgressPort m : marked) {
            if (!channelOf.containsKey(m)) {
                throw new IllegalArgumentException("critical resource " + m + ": no switch link leaves "
                        + m.switchId() + " through port " + m.port() + " (mark a link end SWITCH:PORT)");
            }
        }
        double[] offeredFrom = new double[g.channelCount()];
        double[] offeredTo = new double[g.channelCount()];
        List<Host> hosts = topology.hosts();
        List<BitSet> reaches = new ArrayList<>();
        for (int c = 0; c < g.channelCount(); c++) {
            reaches.add(new BitSet(hosts.size()));
        }
        for (int s = 0; s < hosts.size(); s++) {
            Set<Integer> crossed = new HashSet<>();
            for (int d = 0; d < hosts.size(); d++) {
                if (d == s) {
                    continue;
                }
                for (int[] branch : paths.channels(hosts.get(s), hosts.get(d))) {
                    for (int c : branch) {
                        crossed.add(c);
                        reaches.get(c).set(d);
                    }
                }
            }
            for (int c : crossed) {
                offeredFrom[c] += hosts.get(s).gbps();
            }
        }
        for (int c = 0; c < g.channelCount(); c++) {
            BitSet r = reaches.get(c);
            for (int d = r.nextSetBit(0); d >= 0; d = r.nextSetBit(d + 1)) {
                offeredTo[c] += hosts.get(d).gbps();
            }
        }
        Map<EgressPort, Resource> out = new TreeMap<>();
        double total = 0;
        for (Host h : hosts) {
            total += h.gbps();
        }
        for (Host h : hosts) {
            EgressPort p = new EgressPort(h.switchId(), h.port());
            out.put(p, new Resource(p, Kind.HOST, h.gbps(), (total - h.gbps()) / h.gbps(), h.id()));
        }
        for (Map.Entry<EgressPort, Integer> e : channelOf.entrySet()) {
            int c = e.getValue();
            double ratio = Math.min(offeredFrom[c], offeredTo[c]) / g.gbps(c);
            String peer = g.switchId(g.dst(c)) + ":" + g.dstPort(c);
            if (marked.contains(e.getKey())) {
                out.put(e.getKey(), new Resource(e.getKey(), Kind.MARKED, g.gbps(c), ratio, peer));
            } else if (ratio > 1) {
                out.put(e.getKey(), new Resource(e.getKey(), Kind.OVERSUBSCRIBED, g.gbps(c), ratio, peer));
            }
        }
        return new CriticalResources(topology, paths, Collections.unmodifiableMap(new LinkedHashMap<>(out)));
    }

    /** The topology the selection was made on. */
    public Topology topology() {
        return topology;
    }

    /** The critical resources, by port, in port order. */
    public Map<EgressPort, Resource> resources() {
        return resources;
    }

    /** The host with IPv4 address {@code ip}, or null. */
    public Host hostByIp(String ip) {
        return hostByIp.get(ip);
    }

    /** The host with id {@code id}, or null. */
    public Host hostById(String id) {
        return hostById.get(id);
    }

    /** The destination resource of {@code host}: its switch port. */
    public static EgressPort destination(Host host) {
        return new EgressPort(host.switchId(), host.port());
    }

    /**
     * The critical channels of the pair's path, in order, without the destination ({@link #destination}); null
     * when the routes give the pair no path.
     */
    public List<EgressPort> channels(Host src, Host dst) {
        String key = src.id() + "\u0000" + dst.id();
        if (pathCache.containsKey(key)) {
            return pathCache.get(key);
        }
        List<int[]> branches = paths.channels(src, dst);
        List<EgressPort> out = null;
        if (!branches.isEmpty()) {
            SwitchGraph g = topology.graph();
            Set<EgressPort> seen = new LinkedHashSet<>();
            for (int[] branch : branches) {
                for (int c : branch) {
                    EgressPort p = new EgressPort(g.switchId(g.src(c)), g.srcPort(c));
                    if (resources.containsKey(p)) {
                        seen.add(p);
                    }
                }
            }
            out = List.copyOf(seen);
        }
        pathCache.put(key, out);
        return out;
    }

    /** The link end at the other side of {@code port}'s link, or null when it is a host port or unknown. */
    public EgressPort peerOf(EgressPort port) {
        for (Link l : topology.links()) {
            if (l.a().equals(port.switchId()) && l.aPort() == port.port()) {
                return new EgressPort(l.b(), l.bPort());
            }
            if (l.b().equals(port.switchId()) && l.bPort() == port.port()) {
                return new EgressPort(l.a(), l.aPort());
            }
        }
        return null;
    }
}

package weft.controller.discovery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * What the controller has seen of the fabric: switches and their ports, links reported by LLDP, hosts by their
 * first packets. Thread-safe; {@link #topology(Topology)} turns it into a Weft topology.
 */
public final class Discovery {
    /** One direction of a link as LLDP saw it: sent from (dpid, port), received at (dpid, port). */
    record Seen(long fromDpid, int fromPort, long toDpid, int toPort) {
    }

    /** A host: where its first packet came in. */
    record HostSeen(String mac, String ip, long dpid, int port) {
    }

    private final Map<Long, SortedSet<Integer>> switches = new ConcurrentHashMap<>();
    private final Set<Seen> links = ConcurrentHashMap.newKeySet();
    private final Map<String, HostSeen> hosts = new ConcurrentHashMap<>();

    /** A switch finished its handshake with these ports. */
    public void switchSeen(long dpid, Set<Integer> ports) {
        switches.put(dpid, new TreeSet<>(ports));
    }

    /** A switch went away: forget it and every link that touches it. */
    public void switchGone(long dpid) {
        switches.remove(dpid);
        links.removeIf(l -> l.fromDpid() == dpid || l.toDpid() == dpid);
    }

    /** A link port went down: forget the links on it. */
    public void portDown(long dpid, int port) {
        links.removeIf(l -> (l.fromDpid() == dpid && l.fromPort() == port)
                || (l.toDpid() == dpid && l.toPort() == port));
    }

    /** An LLDP frame sent from {@code origin} arrived at (dpid, port). */
    public void lldp(long dpid, int port, Lldp.Origin origin) {
        links.add(new Seen(origin.dpid(), origin.port(), dpid, port));
    }

    /** A host's packet arrived at (dpid, port); ignored on ports where LLDP arrived (switch links). */
    public void hostPacket(long dpid, int port, FirstPacket.Sighting s) {
        for (Seen l : links) {
            if (l.toDpid() == dpid && l.toPort() == port) {
                return;
            }
        }
        hosts.put(s.mac(), new HostSeen(s.mac(), s.ip(), dpid, port));
    }

    /**
     * What was discovered, as a topology. Switches, links and hosts take their ids from {@code naming} (by dpid,
     * by MAC); anything {@code naming} does not know is named after its dpid or MAC. A link counts once both
     * directions were seen. Ports per switch are the highest port number seen; link speeds and host speeds come
     * from {@code naming} where known (1 Gbit/s otherwise).
     */
    public Topology topology(Topology naming) {
        Map<Long, Switch> byDpid = new HashMap<>();
        for (Switch s : naming.switches()) {
            byDpid.put(s.dpid(), s);
        }
        Map<String, Host> byMac = new HashMap<>();
        for (Host h : naming.hosts()) {
            byMac.put(h.mac().toLowerCase(), h);
        }
        List<Switch> sw = new ArrayList<>();
        Map<Long, String> idOf = new HashMap<>();
        for (Map.Entry<Long, SortedSet<Integer>> e : new java.util.TreeMap<>(switches).entrySet()) {
            Switch known = byDpid.get(e.getKey());
            String id = known != null ? known.id() : String.format("dpid-%016x", e.getKey());
            int ports = e.getValue().isEmpty() ? 1 : e.getValue().last();
            sw.add(new Switch(id, e.getKey(), known != null ? Math.max(known.ports(), ports) : ports));
            idOf.put(e.getKey(), id);
        }
        List<Link> ls = new ArrayList<>();
        for (Seen l : links) {
            boolean forward = l.fromDpid() < l.toDpid() || (l.fromDpid() == l.toDpid() && l.fromPort() < l.toPort());
            if (forward && links.contains(new Seen(l.toDpid(), l.toPort(), l.fromDpid(), l.fromPort()))
                    && idOf.containsKey(l.fromDpid()) && idOf.containsKey(l.toDpid())) {
                ls.add(new Link(idOf.get(l.fromDpid()), l.fromPort(), idOf.get(l.toDpid()), l.toPort(),
                        speedOf(naming, idOf.get(l.fromDpid()), l.fromPort())));
            }
        }
        ls.sort(java.util.Comparator.comparing(Link::a).thenComparingInt(Link::aPort));
        List<Host> hs = new ArrayList<>();
        for (HostSeen h : hosts.values()) {
            if (!idOf.containsKey(h.dpid())) {
                continue;
            }
            Host known = byMac.get(h.mac());
            hs.add(new Host(known != null ? known.id() : "mac-" + h.mac().replace(":", ""), h.mac(), h.ip(),
                    idOf.get(h.dpid()), h.port(), known != null ? known.gbps() : 1.0));
        }
        hs.sort(java.util.Comparator.comparing(Host::id));
        return new Topology(naming.name() + " (discovered)", sw, hs, ls);
    }

    private static double speedOf(Topology t, String sw, int port) {
        for (Link l : t.links()) {
            if ((l.a().equals(sw) && l.aPort() == port) || (l.b().equals(sw) && l.bPort() == port)) {
                return l.gbps();
            }
        }
        return 1.0;
    }
}

package weft.controller.discovery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * What the controller has seen of the fabric: switches and their ports (with the port speed OpenFlow reports),
 * links reported by LLDP, hosts by their first packets or by agent registration. Thread-safe; every change that
 * alters {@link #topology(Topology)} advances {@link #version()}, which {@link DiscoverySettle} watches.
 *
 * <p>Host learning keeps switch ports apart from host ports:
 * <ul>
 *   <li>a packet that arrives on a port that has carried LLDP (either end of a discovered link) is never taken
 *       for a host;</li>
 *   <li>when LLDP shows up later on a port where a host was learned, that sighting is withdrawn and the host
 *       returns to where it was seen before, if anywhere (a host's packet that reached the controller on a
 *       transit port before the link was known);</li>
 *   <li>a known MAC seen on another host port has moved: the host is updated (same id) and routes follow;</li>
 *   <li>Decision: one host per switch port, as the Weft topology model has it; a new MAC on a port replaces the
 *       host learned there, and a new MAC claiming a known IP or a registered id replaces the host that had it (a
 *       NIC swapped).</li>
 * </ul>
 * A port that goes down loses its LLDP mark (the cable may be moved to a host); its links are forgotten. Hosts
 * stay learned when their port goes down: their entries are harmless and they come back with the port.
 *
 * <p>Decision: one class over 350 lines. Its three tables (switch ports with their speeds, LLDP links, hosts) are
 * read and changed together under one lock by the rules above, which depend on all three at once (a port is a
 * switch port or a host port, never both); apart, each rule would reach into the others' tables. It takes no
 * clock of its own (a nano clock is passed in) and no socket: LLDP frames ({@link Lldp}), first packets
 * ({@link FirstPacket}) and the settle timer ({@link DiscoverySettle}) are classes of their own.
 */
public final class Discovery {
    /** One direction of a link as LLDP saw it: sent from (dpid, port), received at (dpid, port). */
    record Seen(long fromDpid, int fromPort, long toDpid, int toPort) {
    }

    /** A switch port. */
    private record PortKey(long dpid, int port) {
    }

    /**
     * A host: where it was last seen.
     *
     * @param id         the id its agent registered, or null when it was learned from packets only
     */
    record HostSeen(String id, String mac, String ip, long dpid, int port) {
        PortKey at() {
            return new PortKey(dpid, port);
        }
    }

    private static final String UNSPECIFIED_IP = "0.0.0.0";
    private static final double KBPS_PER_GBPS = 1e6;

    private final Map<Long, SortedMap<Integer, Long>> switches = new HashMap<>();
    private final Set<Seen> links = new HashSet<>();
    /** When each link direction's LLDP last arrived ({@link #nanoClock} time). */
    private final Map<Seen, Long> lastLldp = new HashMap<>();
    private final LongSupplier nanoClock;
    private final Set<PortKey> lldpPorts = new HashSet<>();
    private final Map<String, HostSeen> hosts = new HashMap<>();
    private final Map<String, HostSeen> previous = new HashMap<>();
    private long version;

    /** Discovery on the system's monotonic clock. */
    public Discovery() {
        this(System::nanoTime);
    }

    /** @param nanoClock monotonic nanoseconds, for when LLDP arrived (tests step it by hand) */
    public Discovery(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /** The switch id discovery gives a dpid no naming topology knows: {@code dpid-<16 hex digits>}. */
    public static String switchName(long dpid) {
        return String.format("dpid-%016x", dpid);
    }

    /** The host id discovery gives a MAC no registration or naming topology names: {@code mac-<12 hex>}. */
    public static String hostName(String mac) {
        return "mac-" + mac.toLowerCase().replace(":", "");
    }

    /**
     * A topology with every switch renamed as discovery names it without a naming file ({@link #switchName}) and
     * every host as {@link #hostName}: what a fabric built from {@code t} looks like when only discovered.
     */
    public static Topology namedByDpid(Topology t) {
        Map<String, String> rename = new HashMap<>();
        List<Switch> sw = new ArrayList<>();
        for (Switch s : t.switches()) {
            rename.put(s.id(), switchName(s.dpid()));
            sw.add(new Switch(switchName(s.dpid()), s.dpid(), s.ports()));
        }
        List<Host> hs = new ArrayList<>();
        for (Host h : t.hosts()) {
            hs.add(new Host(hostName(h.mac()), h.mac(), h.ip(), rename.get(h.switchId()), h.port(), h.gbps()));
        }
        List<Link> ls = new ArrayList<>();
        for (Link l : t.links()) {
            ls.add(new Link(rename.get(l.a()), l.aPort(), rename.get(l.b()), l.bPort(), l.gbps(), l.latencyUs()));
        }
        return new Topology(t.name(), sw, hs, ls);
    }

    /** Advances on every change of what was discovered; starts at 0 (nothing seen). */
    public synchronized long version() {
        return version;
    }

    /** A switch finished its handshake with these ports (speeds unknown). */
    public void switchSeen(long dpid, Set<Integer> ports) {
        Map<Integer, Long> speeds = new HashMap<>();
        for (int p : ports) {
            speeds.put(p, 0L);
        }
        switchSeenWithSpeeds(dpid, speeds);
    }

    /**
     * A switch finished its handshake with these ports.
     *
     * @param currSpeedKbps port number to the port's {@code curr_speed} (kbit/s, OpenFlow 1.3 §7.2.1), 0 when
     *                      the switch does not report it
     */
    public synchronized void switchSeenWithSpeeds(long dpid, Map<Integer, Long> currSpeedKbps) {
        SortedMap<Integer, Long> ports = new TreeMap<>();
        for (Map.Entry<Integer, Long> e : currSpeedKbps.entrySet()) {
            if (e.getKey() > 0) {
                ports.put(e.getKey(), e.getValue());
            }
        }
        if (!ports.equals(switches.put(dpid, ports))) {
            version++;
        }
    }

    /** A switch went away: forget it and every link that touches it. */
    public synchronized void switchGone(long dpid) {
        boolean changed = switches.remove(dpid) != null;
        changed |= links.removeIf(l -> l.fromDpid() == dpid || l.toDpid() == dpid);
        lastLldp.keySet().retainAll(links);
        if (changed) {
            version++;
        }
    }

    /**
     * A port went down: forget the links on it and that it carried LLDP.
     *
     * @return true when a link direction was forgotten
     */
    public synchronized boolean portDown(long dpid, int port) {
        lldpPorts.remove(new PortKey(dpid, port));
        if (links.removeIf(l -> (l.fromDpid() == dpid && l.fromPort() == port)
                || (l.toDpid() == dpid && l.toPort() == port))) {
            lastLldp.keySet().retainAll(links);
            version++;
            return true;
        }
        return false;
    }

    /**
     * An LLDP frame sent from {@code origin} arrived at (dpid, port). Both ports become switch ports; hosts
     * learned on either are withdrawn.
     *
     * @return true when this direction of the link is new
     */
    public synchronized boolean lldp(long dpid, int port, Lldp.Origin origin) {
        Seen seen = new Seen(origin.dpid(), origin.port(), dpid, port);
        boolean added = links.add(seen);
        lastLldp.put(seen, nanoClock.getAsLong());
        boolean withdrawn = markSwitchPort(new PortKey(dpid, port)) | markSwitchPort(
                new PortKey(origin.dpid(), origin.port()));
        if (added || withdrawn) {
            version++;
        }
        return added;
    }

    /**
     * Forgets every link direction whose LLDP has not arrived for longer than {@code maxAge}: a link whose ports
     * stay up while its frames stop (a failing cable or middlebox) is not a link any more. Its ports keep their
     * switch-port mark, so no host is learned on them.
     *
     * @return the directions forgotten, as {@code dpid:port->dpid:port} (empty when nothing changed)
     */
    public synchronized List<String> expireLinks(Duration maxAge) {
        long now = nanoClock.getAsLong();
        List<String> gone = new ArrayList<>();
        for (java.util.Iterator<Seen> it = links.iterator(); it.hasNext(); ) {
            Seen l = it.next();
            Long at = lastLldp.get(l);
            if (at == null || now - at > maxAge.toNanos()) {
                it.remove();
                lastLldp.remove(l);
                gone.add(String.format("%016x:%d->%016x:%d", l.fromDpid(), l.fromPort(), l.toDpid(), l.toPort()));
            }
        }
        if (!gone.isEmpty()) {
            version++;
        }
        return gone;
    }

    /** True when LLDP sent from (fromDpid, fromPort) has arrived at (toDpid, toPort) and the link is up. */
    public synchronized boolean hasDirection(long fromDpid, int fromPort, long toDpid, int toPort) {
        return links.contains(new Seen(fromDpid, fromPort, toDpid, toPort));
    }

    /** True when (dpid, port) has carried LLDP since it last went down: no host is learned there. */
    public synchronized boolean isSwitchPort(long dpid, int port) {
        return lldpPorts.contains(new PortKey(dpid, port));
    }

    private boolean markSwitchPort(PortKey key) {
        if (!lldpPorts.add(key)) {
            return false;
        }
        boolean withdrawn = false;
        for (HostSeen h : List.copyOf(hosts.values())) {
            if (h.at().equals(key)) {
                hosts.remove(h.mac());
                HostSeen before = previous.remove(h.mac());
                if (before != null && !lldpPorts.contains(before.at())) {
                    place(new HostSeen(h.id(), before.mac(), before.ip(), before.dpid(), before.port()));
                }
                withdrawn = true;
            }
        }
        return withdrawn;
    }

    /**
     * A host's packet arrived at (dpid, port). Ignored on switch ports (see the class comment) and for the
     * unspecified sender 0.0.0.0 (ARP probes, DHCP).
     *
     * @return true when this taught discovery something (a new host, a move, a new address)
     */
    public synchronized boolean hostPacket(long dpid, int port, FirstPacket.Sighting s) {
        if (UNSPECIFIED_IP.equals(s.ip()) || lldpPorts.contains(new PortKey(dpid, port))) {
            return false;
        }
        String mac = s.mac().toLowerCase();
        HostSeen known = hosts.get(mac);
        return learn(new HostSeen(known == null ? null : known.id(), mac, s.ip(), dpid, port));
    }

    /**
     * A host agent registered: host {@code id} with this MAC and IP is attached to (dpid, port). Its id names
     * the host from now on, also after it moves.
     *
     * @return true when this taught discovery something
     * @throws IllegalArgumentException when (dpid, port) is a switch port (it has carried LLDP)
     */
    public synchronized boolean hostRegistered(String id, String mac, String ip, long dpid, int port) {
        if (lldpPorts.contains(new PortKey(dpid, port))) {
            throw new IllegalArgumentException("host " + id + " (" + mac + ") registered at port " + port
                    + " of switch " + switchName(dpid) + ", which is a switch link (LLDP arrives there); "
                    + "expected the port its NIC is cabled to");
        }
        return learn(new HostSeen(Objects.requireNonNull(id, "id"), mac.toLowerCase(), ip, dpid, port));
    }

    private boolean learn(HostSeen h) {
        HostSeen known = hosts.get(h.mac());
        if (h.equals(known)) {
            return false;
        }
        if (known != null && !known.at().equals(h.at())) {
            previous.put(h.mac(), known);
        }
        place(h);
        version++;
        return true;
    }

    /** Puts a host where it was seen, displacing another host on that port, with that IP or with that id. */
    private void place(HostSeen h) {
        hosts.values().removeIf(o -> !o.mac().equals(h.mac()) && (o.at().equals(h.at()) || o.ip().equals(h.ip())
                || (h.id() != null && h.id().equals(o.id()))));
        hosts.put(h.mac(), h);
    }

    /**
     * What was discovered, as a topology. Switches, links and hosts take their ids from {@code naming} (by dpid,
     * by MAC; a registered host keeps the id its agent gave); anything else is named by {@link #switchName} and
     * {@link #hostName}. A link counts once both directions were seen. Ports per switch are the highest port
     * seen. Link and host speeds come from the ports' {@code curr_speed} (the slower end of a link), else from
     * {@code naming}, else 1 Gbit/s.
     *
     * <p>Decision: what the topology model cannot hold is left out rather than failing the whole fabric: a cable
     * between two ports of one switch (a loop, no route uses it), a second link on a port (a hub between
     * switches; the first in dpid and port order stays), and a host whose id is taken by a switch or an earlier
     * host (in id and MAC order).
     */
    public synchronized Topology topology(Topology naming) {
        Map<Long, Switch> byDpid = new HashMap<>();
        for (Switch s : naming.switches()) {
            byDpid.put(s.dpid(), s);
        }
        Map<String, Host> byMac = new HashMap<>();
        for (Host h : naming.hosts()) {
            byMac.put(h.mac().toLowerCase(), h);
        }
        Map<Long, String> idOf = new HashMap<>();
        for (long dpid : switches.keySet()) {
            Switch known = byDpid.get(dpid);
            idOf.put(dpid, known != null ? known.id() : switchName(dpid));
        }
        Map<Long, Integer> highestPort = new HashMap<>();
        for (Map.Entry<Long, SortedMap<Integer, Long>> e : switches.entrySet()) {
            highestPort.put(e.getKey(), e.getValue().isEmpty() ? 1 : e.getValue().lastKey());
        }
        List<Seen> bothWays = new ArrayList<>();
        for (Seen l : links) {
            boolean reverse = links.contains(new Seen(l.toDpid(), l.toPort(), l.fromDpid(), l.fromPort()));
            if (l.fromDpid() < l.toDpid() && reverse && idOf.containsKey(l.fromDpid())
                    && idOf.containsKey(l.toDpid())) {
                bothWays.add(l);
            }
        }
        bothWays.sort(Comparator.comparingLong(Seen::fromDpid).thenComparingInt(Seen::fromPort)
                .thenComparingLong(Seen::toDpid).thenComparingInt(Seen::toPort));
        Set<PortKey> linkPorts = new HashSet<>();
        List<Link> ls = new ArrayList<>();
        for (Seen l : bothWays) {
            PortKey from = new PortKey(l.fromDpid(), l.fromPort());
            PortKey to = new PortKey(l.toDpid(), l.toPort());
            if (linkPorts.contains(from) || linkPorts.contains(to)) {
                continue;
            }
            linkPorts.add(from);
            linkPorts.add(to);
            ls.add(new Link(idOf.get(l.fromDpid()), l.fromPort(), idOf.get(l.toDpid()), l.toPort(),
                    linkSpeed(l, naming, idOf.get(l.fromDpid()))));
            highestPort.merge(l.fromDpid(), l.fromPort(), Math::max);
            highestPort.merge(l.toDpid(), l.toPort(), Math::max);
        }
        ls.sort(Comparator.comparing(Link::a).thenComparingInt(Link::aPort));
        List<Host> candidates = new ArrayList<>();
        for (HostSeen h : hosts.values()) {
            if (!idOf.containsKey(h.dpid()) || linkPorts.contains(h.at())) {
                continue;
            }
            Host known = byMac.get(h.mac());
            String id = h.id() != null ? h.id() : known != null ? known.id() : hostName(h.mac());
            double gbps = speedGbps(h.dpid(), h.port());
            candidates.add(new Host(id, h.mac(), h.ip(), idOf.get(h.dpid()), h.port(),
                    gbps > 0 ? gbps : known != null ? known.gbps() : 1.0));
            highestPort.merge(h.dpid(), h.port(), Math::max);
        }
        candidates.sort(Comparator.comparing(Host::id).thenComparing(Host::mac));
        Set<String> ids = new HashSet<>(idOf.values());
        List<Host> hs = new ArrayList<>();
        for (Host h : candidates) {
            if (ids.add(h.id())) {
                hs.add(h);
            }
        }
        List<Switch> sw = new ArrayList<>();
        for (long dpid : new TreeMap<>(switches).keySet()) {
            Switch known = byDpid.get(dpid);
            int ports = highestPort.get(dpid);
            sw.add(new Switch(idOf.get(dpid), dpid, known != null ? Math.max(known.ports(), ports) : ports));
        }
        return new Topology(naming.name().isEmpty() ? "discovered" : naming.name() + " (discovered)", sw, hs, ls);
    }

    private double linkSpeed(Seen l, Topology naming, String fromId) {
        double a = speedGbps(l.fromDpid(), l.fromPort());
        double b = speedGbps(l.toDpid(), l.toPort());
        if (a > 0 && b > 0) {
            return Math.min(a, b);
        }
        if (a > 0 || b > 0) {
            return Math.max(a, b);
        }
        return namedSpeed(naming, fromId, l.fromPort());
    }

    /** The port's reported speed in Gbit/s, 0 when unknown. */
    private double speedGbps(long dpid, int port) {
        SortedMap<Integer, Long> ports = switches.get(dpid);
        Long kbps = ports == null ? null : ports.get(port);
        return kbps == null ? 0 : kbps / KBPS_PER_GBPS;
    }

    private static double namedSpeed(Topology t, String sw, int port) {
        for (Link l : t.links()) {
            if ((l.a().equals(sw) && l.aPort() == port) || (l.b().equals(sw) && l.bPort() == port)) {
                return l.gbps();
            }
        }
        return 1.0;
    }
}

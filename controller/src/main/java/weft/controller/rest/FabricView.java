package weft.controller.rest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import weft.controller.fabric.FabricService;
import weft.controller.fabric.LinkCounters;
import weft.controller.openflow.SwitchSession;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * The fabric as the dashboard draws it ({@code GET /api/fabric}): every known switch with its connection, every
 * host, and every known link with whether the current routes use it and its load in each direction; and a host
 * pair's paths and layers ({@code GET /api/path}).
 *
 * @param name      the topology's name
 * @param mode      {@code configured} or {@code discovered}
 * @param engine    the routing engine of the current routes, or null before the first routes
 * @param layers    layers the current routes use
 * @param converged true when every switch holds the current program
 * @param switches  the known switches
 * @param hosts     the known hosts
 * @param links     the known links
 */
public record FabricView(String name, String mode, String engine, int layers, boolean converged,
                         List<SwitchNode> switches, List<HostNode> hosts, List<LinkEdge> links) {
    /** A switch and its connection. */
    public record SwitchNode(String id, String dpid, boolean connected, String remote) {
    }

    /** A host and where it is cabled. */
    public record HostNode(String id, String switchId, int port, String ip, String mac) {
    }

    /**
     * A link: {@code up} when the current routes' topology has it (a link whose port is down, or whose switch is
     * gone, is routed around and not up); transmit rates in each direction from the port counters, and the larger
     * of the two over the capacity.
     */
    public record LinkEdge(String id, String a, int aPort, String b, int bPort, double gbps, boolean up,
                           double abBitsPerSec, double baBitsPerSec, double utilisation) {
    }

    /**
     * One path of a host pair: its layer, its path tag (DSCP, for engines that offer several paths), and the
     * switches and links it crosses (at an ECMP group, the group's first port: the walk the verifier takes).
     */
    public record PathLine(int id, int layer, Integer tag, List<String> links, List<String> switches) {
    }

    /** A host pair's routes: the switches they attach to, the layers of the switch pair, and the paths. */
    public record PathView(String src, String dst, String srcSwitch, String dstSwitch, List<Integer> layers,
                           List<PathLine> paths) {
    }

    /** The link's id, {@code a:aPort-b:bPort}, as the counters name it. */
    static String id(Link l) {
        return l.a() + ":" + l.aPort() + "-" + l.b() + ":" + l.bPort();
    }

    /** The fabric now. */
    public static FabricView of(FabricService fabric) {
        Topology known = fabric.discovering() ? fabric.discoveredTopology() : fabric.configuredTopology();
        Topology current = fabric.currentTopology();
        RoutingResult routes = fabric.routes();
        Map<String, SwitchSession> sessions = fabric.sessions();
        List<SwitchNode> switches = new ArrayList<>();
        for (Switch s : known.switches()) {
            SwitchSession session = sessions.get(s.id());
            switches.add(new SwitchNode(s.id(), s.dpidHex(), session != null,
                    session == null ? null : session.remote()));
        }
        List<HostNode> hosts = new ArrayList<>();
        for (Host h : known.hosts()) {
            hosts.add(new HostNode(h.id(), h.switchId(), h.port(), h.ip(), h.mac()));
        }
        Set<String> up = new TreeSet<>();
        Map<String, Link> links = new LinkedHashMap<>();
        for (Link l : known.links()) {
            links.put(id(l), l);
        }
        if (current != null) {
            for (Link l : current.links()) {
                links.putIfAbsent(id(l), l);
                up.add(id(l));
            }
        }
        Map<String, LinkCounters> counters = fabric.linkCounters();
        List<LinkEdge> edges = new ArrayList<>();
        for (Map.Entry<String, Link> e : links.entrySet()) {
            Link l = e.getValue();
            LinkCounters ab = counters.get(l.a() + ":" + l.aPort());
            LinkCounters ba = counters.get(l.b() + ":" + l.bPort());
            double abRate = ab == null ? 0 : ab.bitsPerSec();
            double baRate = ba == null ? 0 : ba.bitsPerSec();
            edges.add(new LinkEdge(e.getKey(), l.a(), l.aPort(), l.b(), l.bPort(), l.gbps(), up.contains(e.getKey()),
                    abRate, baRate, Math.max(abRate, baRate) / (l.gbps() * 1e9)));
        }
        return new FabricView(known.name(), fabric.discovering() ? "discovered" : "configured",
                routes == null ? null : routes.engine(), routes == null ? 0 : routes.layers(), fabric.isConverged(),
                switches, hosts, edges);
    }

    /**
     * The current routes of host {@code src} to host {@code dst}.
     *
     * @throws IllegalArgumentException naming a host the routed topology does not have, or when nothing is
     *                                  routed yet
     */
    public static PathView path(FabricService fabric, String src, String dst) {
        Topology t = fabric.currentTopology();
        RoutingResult r = fabric.routes();
        if (t == null || r == null) {
            throw new IllegalArgumentException("no routes yet");
        }
        Host s = host(t, "src", src);
        Host d = host(t, "dst", dst);
        Set<Integer> layers = new TreeSet<>();
        List<PairLayer> pair = new ArrayList<>();
        for (PairLayer p : r.layerOf()) {
            if (p.src().equals(s.switchId()) && p.dst().equals(d.switchId())) {
                layers.add(p.layer());
                pair.add(p);
            }
        }
        List<PathLine> lines = new ArrayList<>();
        RoutingResult only = new RoutingResult(r.engine(), r.layers(), pair, r.forwarding(), r.promisesShortest());
        for (RoutesDocument.RoutedPath p : RoutesDocument.pathsOf(t, only)) {
            List<String> ids = new ArrayList<>();
            for (int i = 1; i < p.switches().size(); i++) {
                ids.add(linkBetween(t, p.switches().get(i - 1), p.switches().get(i)));
            }
            lines.add(new PathLine(lines.size(), p.layer(), p.path(), ids, p.switches()));
        }
        return new PathView(src, dst, s.switchId(), d.switchId(), List.copyOf(layers), lines);
    }

    /** The first link between two adjacent switches (parallel links: the first in the topology). */
    private static String linkBetween(Topology t, String u, String v) {
        for (Link l : t.links()) {
            if (l.a().equals(u) && l.b().equals(v) || l.a().equals(v) && l.b().equals(u)) {
                return id(l);
            }
        }
        return u + "-" + v;
    }

    private static Host host(Topology t, String what, String id) {
        for (Host h : t.hosts()) {
            if (h.id().equals(id)) {
                return h;
            }
        }
        throw new IllegalArgumentException(what + ": no host " + id + " in the routed topology " + t.name());
    }
}

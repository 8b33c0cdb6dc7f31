package weft.model.routing.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument.RoutedPath;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The switch path of every {@code layer_of} pair, read off the forwarding entries for the optional {@code paths}
 * list of a routes file. Lookup as the verifier does it (exact {@code in_port} and path tag beat wildcards); at a
 * port group the first port is followed. A pair whose walk breaks (no entry, loop) is left out: the verifier
 * reports those.
 */
public final class RoutedPaths {
    private RoutedPaths() {
    }

    /** The paths, in {@code layer_of} order. */
    public static List<RoutedPath> of(Topology topology, RoutingResult result) {
        SwitchGraph g = topology.graph();
        Map<String, List<ForwardingEntry>> byKey = new HashMap<>();
        for (ForwardingEntry e : result.forwarding()) {
            byKey.computeIfAbsent(e.switchId() + "|" + e.dst() + "|" + e.layer(), k -> new ArrayList<>()).add(e);
        }
        List<RoutedPath> out = new ArrayList<>();
        for (PairLayer p : result.layerOf()) {
            int u = topology.switchIndex(p.src());
            int d = topology.switchIndex(p.dst());
            if (u < 0 || d < 0) {
                continue;
            }
            int[] hosts = g.hostsAt(u);
            int inPort = hosts.length == 0 ? -1 : topology.hosts().get(hosts[0]).port();
            List<String> switches = new ArrayList<>();
            switches.add(p.src());
            while (u != d && switches.size() <= g.switchCount()) {
                ForwardingEntry e = pick(byKey.get(g.switchId(u) + "|" + p.dst() + "|" + p.layer()), inPort,
                        p.path());
                int c = e == null ? -1 : g.channelAtPort(u, e.outPorts().get(0));
                if (c < 0) {
                    break;
                }
                inPort = g.dstPort(c);
                u = g.dst(c);
                switches.add(g.switchId(u));
            }
            if (u == d) {
                out.add(new RoutedPath(p.src(), p.dst(), p.layer(), p.path(), switches));
            }
        }
        return out;
    }

    private static ForwardingEntry pick(List<ForwardingEntry> entries, int inPort, Integer path) {
        if (entries == null) {
            return null;
        }
        ForwardingEntry best = null;
        int bestScore = -1;
        for (ForwardingEntry e : entries) {
            int score = 0;
            if (e.inPort() != null) {
                if (e.inPort() != inPort) {
                    continue;
                }
                score += 2;
            }
            if (e.path() != null) {
                if (!e.path().equals(path)) {
                    continue;
                }
                score++;
            }
            if (score > bestScore) {
                best = e;
                bestScore = score;
            }
        }
        return best;
    }
}

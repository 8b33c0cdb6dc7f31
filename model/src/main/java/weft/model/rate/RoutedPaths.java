package weft.model.rate;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * The switch path of every pair, found by walking a {@link RoutingResult}'s forwarding entries from the source
 * switch: at each switch take the entry for (destination, the pair's layer, this input port or any), leave through
 * its out port, and continue at the far end of that channel.
 *
 * <p>Decision: an ECMP group (several out ports) contributes its first port, since a fluid rate allocation needs
 * one path per flow; entries restricted to a path tag (VLB, MP-LASH) are used only when no untagged entry exists,
 * with the lowest tag. A walk that revisits a switch or finds no entry is an error naming the pair and the switch.
 */
public final class RoutedPaths implements FabricProblem.FlowPaths {
    private final SwitchGraph graph;
    private final Map<String, Integer> layer = new HashMap<>();
    private final Map<String, List<ForwardingEntry>> entries = new HashMap<>();
    private final String source;

    /**
     * @param source name of the routes input, used in errors
     */
    public RoutedPaths(Topology topology, RoutingResult routes, String source) {
        this.graph = topology.graph();
        this.source = source;
        for (PairLayer pl : routes.layerOf()) {
            layer.putIfAbsent(pl.src() + "\u0000" + pl.dst(), pl.layer());
        }
        for (ForwardingEntry e : routes.forwarding()) {
            entries.computeIfAbsent(e.switchId() + "\u0000" + e.dst(), k -> new java.util.ArrayList<>()).add(e);
        }
    }

    @Override
    public int[] channels(Flow flow, int srcSwitch, int dstSwitch) {
        return channels(srcSwitch, dstSwitch);
    }

    /** The routed channels from one switch to another, or {@code null} when the routes have no entry on the way. */
    public int[] channels(int srcSwitch, int dstSwitch) {
        String src = graph.switchId(srcSwitch);
        String dst = graph.switchId(dstSwitch);
        Integer lay = layer.get(src + "\u0000" + dst);
        if (lay == null) {
            lay = 0;
        }
        int[] path = new int[graph.switchCount()];
        int len = 0;
        boolean[] seen = new boolean[graph.switchCount()];
        int at = srcSwitch;
        Integer inPort = null;
        while (at != dstSwitch) {
            if (seen[at]) {
                throw new InfeasibleRequest(source + ": routes from " + src + " to " + dst + " loop at "
                        + graph.switchId(at));
            }
            seen[at] = true;
            ForwardingEntry e = pick(graph.switchId(at), dst, lay, inPort);
            if (e == null) {
                return null;
            }
            int c = graph.channelAtPort(at, e.outPorts().get(0));
            if (c < 0) {
                throw new InfeasibleRequest(source + ": forwarding at " + graph.switchId(at) + " for " + dst
                        + " uses port " + e.outPorts().get(0) + ", which has no switch link");
            }
            path[len++] = c;
            inPort = graph.dstPort(c);
            at = graph.dst(c);
        }
        return java.util.Arrays.copyOf(path, len);
    }

    private ForwardingEntry pick(String sw, String dst, int lay, Integer inPort) {
        List<ForwardingEntry> list = entries.get(sw + "\u0000" + dst);
        if (list == null) {
            return null;
        }
        ForwardingEntry best = null;
        for (ForwardingEntry e : list) {
            if (e.layer() != lay || e.inPort() != null && !e.inPort().equals(inPort)) {
                continue;
            }
            if (best == null || rank(e) < rank(best)) {
                best = e;
            }
        }
        return best;
    }

    private static long rank(ForwardingEntry e) {
        long tag = e.path() == null ? 0 : 1L + e.path();
        return (tag << 1) | (e.inPort() == null ? 1 : 0);
    }
}

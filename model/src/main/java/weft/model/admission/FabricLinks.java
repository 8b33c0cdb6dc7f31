package weft.model.admission;

import weft.model.routing.RoutedPaths;
import weft.model.routing.RoutingResult;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The link table a central admission broker keeps for a fabric, and the links of each flow's routed path: link
 * {@code i} of the table is directed inter-switch channel {@code i} of {@link SwitchGraph}, named
 * {@code "s1:3->s2:1"}. Link-by-link admission ({@link LinkByLink}) needs the topology and the routes (seed 002
 * §5.2.2: "this solution requires both topology and route information about the network").
 *
 * <p>Decision: only inter-switch links are checked. A host's access link carries that host's own traffic alone, and
 * the host never offers more than its link; the shares of eq. 5.4 apply where service levels of different hosts
 * meet.
 */
public final class FabricLinks {
    private final Topology topology;
    private final RoutedPaths routes;

    /**
     * @param routes the result whose forwarding entries carry the flows (walked as the switches would)
     * @throws IllegalArgumentException naming the first malformed entry of the routes
     */
    public FabricLinks(Topology topology, RoutingResult routes) {
        this.topology = topology;
        this.routes = RoutedPaths.of(topology, routes, RoutedPaths.BrokenWalk.FAIL, "routes of " + routes.engine());
    }

    /** Link names, by channel: {@code "s1:3->s2:1"}. */
    public String[] names() {
        SwitchGraph g = topology.graph();
        String[] names = new String[g.channelCount()];
        for (int c = 0; c < names.length; c++) {
            names[c] = g.switchId(g.src(c)) + ":" + g.srcPort(c) + "->" + g.switchId(g.dst(c)) + ":" + g.dstPort(c);
        }
        return names;
    }

    /**
     * The effective bandwidth {@code BW_link} of every link: its capacity times the fraction measured at saturation
     * (see {@link Saturation}).
     *
     * @param effectiveFraction in (0, 1]
     */
    public double[] effectiveGbps(double effectiveFraction) {
        if (!(effectiveFraction > 0 && effectiveFraction <= 1)) {
            throw new IllegalArgumentException("effectiveFraction must be in (0, 1], got " + effectiveFraction);
        }
        SwitchGraph g = topology.graph();
        double[] bw = new double[g.channelCount()];
        for (int c = 0; c < bw.length; c++) {
            bw[c] = g.gbps(c) * effectiveFraction;
        }
        return bw;
    }

    /** A link-by-link broker for this fabric (eqs. 5.3-5.4). */
    public LinkByLink linkByLink(double effectiveFraction, double[] serviceLevelLoads) {
        return new LinkByLink(names(), effectiveGbps(effectiveFraction), serviceLevelLoads);
    }

    /**
     * The links a flow from one host to another crosses (empty when both hosts sit on one switch).
     *
     * @throws IllegalArgumentException naming an unknown host, or the pair the routes do not deliver
     */
    public int[] path(String sourceHost, String destinationHost) {
        int s = topology.switchIndex(topology.requireHost(sourceHost).switchId());
        int d = topology.switchIndex(topology.requireHost(destinationHost).switchId());
        if (s == d) {
            return new int[0];
        }
        int[] channels = routes.channels(s, d);
        if (channels == null) {
            throw new IllegalArgumentException("admission: the routes have no path from " + sourceHost + " to "
                    + destinationHost);
        }
        return channels;
    }
}

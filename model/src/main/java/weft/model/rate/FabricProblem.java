package weft.model.rate;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.routing.RoutedPaths;
import weft.model.routing.RoutedPaths.BrokenWalk;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * Builds a {@link RateProblem} from a topology, switch-level paths and flows. A flow's path is its source host's
 * access link up, the switch path (channels of {@link SwitchGraph}), and the destination's access link down.
 *
 * <p>Link numbering: channel {@code c} of the switch graph is link {@code c}; host {@code h}'s uplink is
 * {@code 2L + 2h} and its downlink {@code 2L + 2h + 1} ({@code L} = switch links). Seed 000 §4.1.2 and seed 003 §5:
 * the HCA's injection link and the leaf's port to the destination carry link state too (docs/sources.md).
 */
public final class FabricProblem {
    /**
     * The switch path of a flow: channels from its source switch to its destination switch (empty if equal).
     * Called once per flow, in flow order, so that per-flow routing (D-mod-k by destination host, adaptive routing
     * that counts the flows already placed) can answer too.
     */
    @FunctionalInterface
    public interface FlowPaths {
        /**
         * @return channels in order, or {@code null} when the routes have no path for this flow
         */
        int[] channels(Flow flow, int srcSwitch, int dstSwitch);
    }

    private FabricProblem() {
    }

    /**
     * Each flow on its pair's routed path in {@code routes} ({@link RoutedPaths#channels(int, int)}: the default
     * path tag, the first port of an ECMP group), refusing broken routes ({@link BrokenWalk#FAIL}).
     *
     * @param source name of the routes input, used in errors
     */
    public static FlowPaths routed(Topology topology, RoutingResult routes, String source) {
        RoutedPaths paths = RoutedPaths.of(topology, routes, BrokenWalk.FAIL, source);
        return (flow, srcSwitch, dstSwitch) -> paths.channels(srcSwitch, dstSwitch);
    }

    /** Index of host {@code h}'s uplink (host to switch). */
    public static int hostUplink(Topology t, int h) {
        return 2 * t.links().size() + 2 * h;
    }

    /** Index of host {@code h}'s downlink (switch to host). */
    public static int hostDownlink(Topology t, int h) {
        return 2 * t.links().size() + 2 * h + 1;
    }

    /** Number of directed links: two per switch link, two per host. */
    public static int linkCount(Topology t) {
        return 2 * t.links().size() + 2 * t.hosts().size();
    }

    /** The two ends {@code [from, to]} (switch or host ids) of directed link {@code l}. */
    public static String[] endpoints(Topology t, int l) {
        int switchChannels = 2 * t.links().size();
        if (l < switchChannels) {
            SwitchGraph g = t.graph();
            return new String[] {g.switchId(g.src(l)), g.switchId(g.dst(l))};
        }
        Host h = t.hosts().get((l - switchChannels) / 2);
        return (l - switchChannels) % 2 == 0 ? new String[] {h.id(), h.switchId()}
                : new String[] {h.switchId(), h.id()};
    }

    /**
     * The problem for these flows.
     *
     * @param basis           how flow attributes become weights and demands (the allocator's {@link
     *                        RateAllocator#weightBasis()})
     * @param intervalSeconds seed 004's scheduling interval T: a backlog of {@code b} bytes requests
     *                        {@code 8b/T} bit/s (used by the backlog bases only)
     * @throws InfeasibleRequest naming the flow when a host is unknown, a pair has no path, a path does not join
     *                           the two switches, or a weight needs a size the flow does not have
     */
    public static RateProblem build(Topology t, List<Flow> flows, FlowPaths paths, WeightBasis basis,
                                    double intervalSeconds) {
        SwitchGraph g = t.graph();
        Map<String, Integer> hostIndex = new HashMap<>();
        for (int h = 0; h < t.hosts().size(); h++) {
            hostIndex.put(t.hosts().get(h).id(), h);
        }
        RateProblem.Builder b = RateProblem.builder();
        int n = linkCount(t);
        for (int l = 0; l < n; l++) {
            String[] ends = endpoints(t, l);
            double gbps = l < 2 * t.links().size() ? g.gbps(l) : t.hosts().get((l - 2 * t.links().size()) / 2).gbps();
            b.link(ends[0] + "->" + ends[1] + (l < 2 * t.links().size() ? "#" + (l >>> 1) : ""), gbps);
        }
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            String where = "flows[" + i + "] (" + f.id() + ")";
            Integer src = hostIndex.get(f.src());
            Integer dst = hostIndex.get(f.dst());
            if (src == null || dst == null) {
                throw new InfeasibleRequest(where + ": unknown host " + (src == null ? f.src() : f.dst())
                        + " (not in the topology)");
            }
            int su = t.switchIndex(t.hosts().get(src).switchId());
            int du = t.switchIndex(t.hosts().get(dst).switchId());
            int[] channels = su == du ? new int[0] : paths.channels(f, su, du);
            if (channels == null) {
                throw new InfeasibleRequest(where + ": the routes have no path from " + g.switchId(su) + " to "
                        + g.switchId(du));
            }
            checkJoins(g, where, su, du, channels);
            int[] path = new int[channels.length + 2];
            path[0] = hostUplink(t, src);
            System.arraycopy(channels, 0, path, 1, channels.length);
            path[path.length - 1] = hostDownlink(t, dst);
            double gbits = f.bytes() * 8 / 1e9;
            double demand = f.bytes() * 8 / intervalSeconds / 1e9;
            switch (basis) {
                case WEIGHT -> b.flow(f.id(), f.weight(), f.app(), Double.POSITIVE_INFINITY, 1, path);
                case SIZE -> b.flow(f.id(), requireSize(where, f, gbits, "its size d_f"), f.app(),
                        Double.POSITIVE_INFINITY, 1, path);
                case WEIGHT_TIMES_SIZE -> b.flow(f.id(), f.weight() * requireSize(where, f, gbits, "beta_a * d_f"),
                        f.app(), Double.POSITIVE_INFINITY, 1, path);
                case BACKLOG_DEMAND_UNIT -> b.flow(f.id(), 1, f.app(), demand, 1, path);
                case BACKLOG_DEMAND_PROPORTIONAL -> b.flow(f.id(), 1, f.app(), demand,
                        f.bytes() > 0 ? f.bytes() : 1, path);
                default -> throw new IllegalStateException("unhandled basis " + basis);
            }
        }
        return b.build();
    }

    private static double requireSize(String where, Flow f, double gbits, String what) {
        if (gbits <= 0) {
            throw new InfeasibleRequest(where + ": bytes is 0 but this algorithm weighs a flow by " + what
                    + " (seed 000 §1.4); expected bytes > 0");
        }
        return gbits;
    }

    private static void checkJoins(SwitchGraph g, String where, int su, int du, int[] channels) {
        int at = su;
        for (int k = 0; k < channels.length; k++) {
            int c = channels[k];
            if (c < 0 || c >= g.channelCount() || g.src(c) != at) {
                throw new InfeasibleRequest(where + ": route hop " + k + " (channel " + c + ") does not leave "
                        + g.switchId(at) + " on the way from " + g.switchId(su) + " to " + g.switchId(du));
            }
            at = g.dst(c);
        }
        if (at != du) {
            throw new InfeasibleRequest(where + ": route from " + g.switchId(su) + " ends at " + g.switchId(at)
                    + ", expected " + g.switchId(du));
        }
    }
}

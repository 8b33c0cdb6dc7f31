package weft.model.rate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import weft.model.routing.RoutedPaths;
import weft.model.routing.RoutedPaths.BrokenWalk;
import weft.model.routing.RoutingResult;
import weft.model.topology.Host;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * Rates for the flows the agents report, from one of the model's allocators over the fabric's current routes and
 * link capacities; pairs with a rate set by hand keep it and take their share of capacity off first. One
 * implementation for the live controller (its agent link's rate book, every time the reported flows change) and the
 * simulator's controller ({@code weft sim --allocate}, every allocation interval).
 *
 * <p>Source: seed 000 §4.2.2 and §4.3.2 (the central FFA and AFA, here run by the controller for the flows that exist
 * and realised at the source: docs/sources.md) and seed 004 §4.1-4.2 (hosts report backlogs, the scheduler answers with
 * rates). The allocators are {@code weft.model.rate} (seed 000 ch. 4: SAA, SAA-M, FFA, AFA; seed 004 ch. 4: max-min,
 * backlog-proportional); a flow's path is the routed one ({@link RoutedPaths}: the first port of an ECMP group, the
 * default path tag).
 * <ul>
 *   <li>Decision (demand): an agent's application writes as fast as its VOQ takes data, so no flow has a finite
 *       request; every demand is unlimited and the backlog the agent reports is the flow's size {@code d_f} (SAA,
 *       AFA) and its backlog weight (backlog-proportional), at least one full packet (1538 B) so that a drained
 *       VOQ still counts.</li>
 *   <li>Decision (precedence): a pair set by hand ({@code weft rates set}) is not allocated; its rate is taken
 *       off the capacity of every link on its routed path (down to 1 bit/s, never below), so the allocated flows
 *       fit beside it.</li>
 * </ul>
 */
public final class OnlineAllocation {
    /** Smallest size or backlog a reported flow counts with: one full frame. */
    public static final long MIN_FLOW_BYTES = 1538;

    /**
     * A flow an agent reported.
     *
     * @param src          source host id
     * @param dst          destination host id
     * @param backlogBytes bytes in the source's VOQ at the last report
     */
    public record ReportedFlow(String src, String dst, long backlogBytes) {
    }

    /** An ordered host pair. */
    public record Pair(String src, String dst) {
    }

    private OnlineAllocation() {
    }

    /**
     * The rate in bit/s of every reported flow whose pair has no manual rate.
     *
     * @param manual rates set by hand, bit/s
     * @throws weft.model.rate.InfeasibleRequest naming the flow when a host is not in the topology or the routes
     *                                           have no path for it
     */
    public static Map<Pair, Long> compute(Topology topology, RoutingResult routes, RateAllocator allocator,
                                          List<ReportedFlow> flows, Map<Pair, Long> manual) {
        return compute(topology, () -> RoutedPaths.of(topology, routes, BrokenWalk.FAIL,
                "routes of " + routes.engine()), allocator, flows, manual);
    }

    /**
     * {@link #compute(Topology, RoutingResult, RateAllocator, List, Map)} with the routed paths of the topology
     * given, computed once by a caller that allocates again and again over the same routes.
     */
    public static Map<Pair, Long> compute(Topology topology, RoutedPaths paths, RateAllocator allocator,
                                          List<ReportedFlow> flows, Map<Pair, Long> manual) {
        return compute(topology, () -> paths, allocator, flows, manual);
    }

    private static Map<Pair, Long> compute(Topology topology, Supplier<RoutedPaths> routed, RateAllocator allocator,
                                           List<ReportedFlow> flows, Map<Pair, Long> manual) {
        List<Flow> problemFlows = new ArrayList<>();
        for (ReportedFlow f : flows) {
            if (!manual.containsKey(new Pair(f.src(), f.dst())) && !f.src().equals(f.dst())) {
                problemFlows.add(new Flow(f.src() + "->" + f.dst(), f.src(), f.dst(), 1, f.src() + "->" + f.dst(),
                        Math.max(MIN_FLOW_BYTES, f.backlogBytes())));
            }
        }
        Map<Pair, Long> out = new LinkedHashMap<>();
        if (problemFlows.isEmpty()) {
            return out;
        }
        RoutedPaths paths = routed.get();
        RateProblem p = FabricProblem.build(topology, problemFlows, (f, s, d) -> paths.channels(s, d),
                allocator.weightBasis(), 1.0);
        double[] demand = new double[p.flowCount()];
        double[] backlog = new double[p.flowCount()];
        Arrays.fill(demand, Double.POSITIVE_INFINITY);
        for (int f = 0; f < p.flowCount(); f++) {
            backlog[f] = problemFlows.get(f).bytes();
        }
        p = p.withDemands(demand, backlog).withCapacities(remaining(topology, p, paths, manual));
        Allocation<Double> a = allocator.allocate(p);
        for (int f = 0; f < p.flowCount(); f++) {
            Flow flow = problemFlows.get(f);
            out.put(new Pair(flow.src(), flow.dst()), (long) Math.floor(a.gbps(f) * 1e9));
        }
        return out;
    }

    /** Capacities in Gbit/s left after the manual rates on their routed paths. */
    private static double[] remaining(Topology t, RateProblem p, RoutedPaths paths, Map<Pair, Long> manual) {
        double[] cap = new double[p.linkCount()];
        for (int l = 0; l < cap.length; l++) {
            cap[l] = p.capacity(l);
        }
        Map<String, Integer> hostIndex = new HashMap<>();
        for (int h = 0; h < t.hosts().size(); h++) {
            hostIndex.put(t.hosts().get(h).id(), h);
        }
        for (Map.Entry<Pair, Long> m : manual.entrySet()) {
            Integer s = hostIndex.get(m.getKey().src());
            Integer d = hostIndex.get(m.getKey().dst());
            if (s == null || d == null) {
                continue;
            }
            Host sh = t.hosts().get(s);
            Host dh = t.hosts().get(d);
            int su = t.switchIndex(sh.switchId());
            int du = t.switchIndex(dh.switchId());
            int[] channels = su == du ? new int[0] : paths.channels(su, du);
            if (channels == null) {
                continue;
            }
            double gbps = m.getValue() / 1e9;
            take(cap, FabricProblem.hostUplink(t, s), gbps);
            for (int c : channels) {
                take(cap, c, gbps);
            }
            take(cap, FabricProblem.hostDownlink(t, d), gbps);
        }
        return cap;
    }

    private static void take(double[] cap, int l, double gbps) {
        cap[l] = Math.max(1e-9, cap[l] - gbps);
    }
}

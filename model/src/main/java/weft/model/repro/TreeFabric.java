package weft.model.repro;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weft.model.rate.FabricProblem;
import weft.model.rate.RateProblem;
import weft.model.rate.WeightBasis;
import weft.model.routing.AdaptiveFlowRouting;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.SimConfig;
import weft.model.sim.SimObserver;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.topology.Topology;
import weft.model.topology.generate.EnrichedKaryNTree;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.traffic.Flow;

/**
 * The fabric of seed 000 ch. 6 and seed 003 §5-6 for the packet-level reproductions: a k-ary n-tree with static
 * D-mod-k routing (host-level, the thesis's baseline, seed 000 §6.1) and its enriched twin with adaptive flow routing
 * (ForcedDir, §6.2), both at 10 Gbit/s; each flow set is routed flow by flow, and the simulator pins every flow to its
 * path (the route cache entries over D-mod-k's default ports). The switches are seed 003 §6.1's: input buffers of
 * {@code b} 2 KB packets, credits, infinite speedup, outputs serving inputs first come first served.
 */
final class TreeFabric {
    static final int PACKET = 2048;
    static final double GBPS = 10;

    final int k;
    final int n;
    final int width;
    final int hops;
    final Topology plain;
    final Topology enriched;
    private final RoutingResult plainDefaults;
    private final RoutingResult enrichedDefaults;
    private final AdaptiveFlowRouting onPlain;
    private final AdaptiveFlowRouting onEnriched;

    TreeFabric(int k, int n, int width, int hops) {
        this.k = k;
        this.n = n;
        this.width = width;
        this.hops = hops;
        GeneratorOptions options = GeneratorOptions.defaults().withGbps(GBPS);
        plain = KaryNTree.generate(k, n, options);
        enriched = EnrichedKaryNTree.generate(k, n, width, EnrichedKaryNTree.Shape.CHAIN, options);
        plainDefaults = RoutingEngines.byName("dmodk").compute(plain, RoutingOptions.defaults());
        enrichedDefaults = RoutingEngines.byName("dmodk").compute(enriched, RoutingOptions.defaults());
        onPlain = new AdaptiveFlowRouting(plain, hops);
        onEnriched = new AdaptiveFlowRouting(enriched, hops);
    }

    int hosts() {
        return plain.hosts().size();
    }

    /** "16-ary 3-tree (4096 hosts), enriched width 2, ForcedDir(8)". */
    String describe() {
        return k + "-ary " + n + "-tree (" + hosts() + " hosts), enriched width " + width + ", ForcedDir(" + hops + ")";
    }

    /**
     * A flow set routed statically (D-mod-k on the plain tree) or adaptively (the enriched tree), as flows of
     * {@code bytes} each, flow i named {@code f<i>}, in application {@code apps[i]} (one application when null).
     */
    Routed route(int[][] pairs, boolean adaptive, long bytes, String[] apps) {
        Topology t = adaptive ? enriched : plain;
        AdaptiveFlowRouting.FlowPaths paths = adaptive ? onEnriched.routeIndexed(pairs, true)
                : onPlain.routeIndexed(pairs, false);
        List<Flow> flows = new ArrayList<>(pairs.length);
        Map<String, Integer> tags = new HashMap<>();
        for (int i = 0; i < pairs.length; i++) {
            String id = "f" + i;
            flows.add(new Flow(id, t.hosts().get(pairs[i][0]).id(), t.hosts().get(pairs[i][1]).id(), 1,
                    apps == null ? "app" : apps[i], bytes));
            tags.put(id, i);
        }
        RoutingResult routes = paths.toRoutingResult(adaptive ? "adaptive" : "dmodk-hosts",
                adaptive ? enrichedDefaults : plainDefaults);
        return new Routed(t, paths, routes, flows, tags);
    }

    /**
     * A routed flow set.
     *
     * @param topology the plain or the enriched tree
     * @param paths    each flow's channels
     * @param routes   D-mod-k default entries plus each flow's tagged path
     * @param flows    the flows, {@code f<i>}
     * @param tags     flow id to its path tag
     */
    record Routed(Topology topology, AdaptiveFlowRouting.FlowPaths paths, RoutingResult routes, List<Flow> flows,
                  Map<String, Integer> tags) {
        /** The fluid rate problem of the flows on their paths (link capacities in Gbit/s). */
        RateProblem problem(WeightBasis basis) {
            return FabricProblem.build(topology, flows, (f, su, du) -> paths.channels(Integer.parseInt(f.id()
                    .substring(1))), basis, 1e-3);
        }

        /**
         * Runs the flows as one phase (every flow starts at 0; the run ends when the last byte arrives or at the time
         * limit) on seed 003's switches with {@code buffer}-packet input buffers.
         */
        SimResult simulate(int buffer, long limitPs, InjectionPolicy.Factory hosts, List<SimObserver> observers) {
            SimConfig config = SimConfig.defaults().withInfiniteSpeedup(true).withOutputOrder("fcfs")
                    .withBufferBytes((long) buffer * PACKET).withWarmupPs(0).withDurationPs(limitPs);
            return new Simulator(topology, routes, config).run(new Workload.Phases("flows", flows, 1, 0, Map.of(),
                    tags), hosts, observers);
        }
    }

    /** Transmission time of {@code packets} packets at line rate, in picoseconds. */
    static double packetTimePs(int packets) {
        return packets * PACKET * 8 / GBPS * 1000;
    }
}

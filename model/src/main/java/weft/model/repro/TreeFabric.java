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
    private final RoutingResult[] defaults = new RoutingResult[2];
    private final AdaptiveFlowRouting onPlain;
    private final AdaptiveFlowRouting onEnriched;

    /** The tree of arity {@code k}, {@code n} levels, enriched with {@code width}, links of {@code gbps}. */
    TreeFabric(int k, int n, int width, int hops, double gbps) {
        this.k = k;
        this.n = n;
        this.width = width;
        this.hops = hops;
        GeneratorOptions options = GeneratorOptions.defaults().withGbps(gbps);
        plain = KaryNTree.generate(k, n, options);
        enriched = EnrichedKaryNTree.generate(k, n, width, EnrichedKaryNTree.Shape.CHAIN, options);
        onPlain = new AdaptiveFlowRouting(plain, hops);
        onEnriched = new AdaptiveFlowRouting(enriched, hops);
    }

    /**
     * The tree the options {@code k}, {@code n}, {@code width}, {@code hops} of {@link #parameters} describe, with
     * links of {@code gbps} (unit capacities for the fluid figures, 10 Gbit/s for the packet-level runs).
     *
     * @throws IllegalArgumentException naming the parameter whose value is out of range
     */
    static TreeFabric of(ReproOptions o, double gbps) {
        return new TreeFabric(o.integer("k", 2, 64), o.integer("n", 1, 6), o.integer("width", 1, 8),
                o.integer("hops", 0, 1 << 20), gbps);
    }

    /** Input buffers per port, in 2 KB packets: seed 003 §6.1's 8 at both sizes. */
    static final Parameter BUFFER = new Parameter("buffer", "input buffer per port, packets", "8", "8");

    /** Runs (random flow sets) per point of a sweep; the papers average 50. */
    static Parameter runs(String paper, String quick) {
        return new Parameter("runs", "random flow sets per point (the papers: 50)", paper, quick);
    }

    /**
     * The knobs of a phase experiment, equal flows that all start at 0 (seed 003 §5.3, seed 000 §6.3 and §6.5): the
     * tree's, the experiment's own {@code more}, then runs per point, packets per flow (the papers' flows are
     * "equisized"; 64 packets at paper size) and input buffers, as {@link PhaseSize} reads them.
     */
    static List<Parameter> phaseParameters(Parameter arity, String runsPaper, Parameter... more) {
        List<Parameter> all = new ArrayList<>(List.of(more));
        all.add(runs(runsPaper, "2"));
        all.add(new Parameter("packets", "2 KB packets per flow", "64", "32"));
        all.add(BUFFER);
        return parameters(arity, all.toArray(Parameter[]::new));
    }

    /**
     * Runs per point, packets per flow and input buffer of a phase experiment.
     *
     * @param runs    random flow sets per point
     * @param packets 2 KB packets per flow
     * @param buffer  input buffer per port, packets
     */
    record PhaseSize(int runs, int packets, int buffer) {
        /** The size {@code o} gives (parameters of {@link #phaseParameters}), checked. */
        static PhaseSize of(ReproOptions o) {
            return new PhaseSize(TreeFabric.runs(o), o.integer("packets", 1, 1 << 16),
                    o.integer("buffer", 1, 1024));
        }

        /** One flow's transmission at line rate, the unit of completion times. */
        double flowPs() {
            return packetTimePs(packets);
        }

        /** One flow's size. */
        long bytes() {
            return (long) packets * PACKET;
        }
    }

    /** The value of {@link #runs(String, String)}'s parameter. */
    static int runs(ReproOptions o) {
        return o.integer("runs", 1, 10_000);
    }

    /** The arity parameter with its paper and quick value. */
    static Parameter arity(String paper, String quick) {
        return new Parameter("k", "tree arity", paper, quick);
    }

    /**
     * The tree's parameters, {@code arity} (e.g. {@link #arity}), levels, the enriched tree's horizontal width and
     * ForcedDir's hop limit (seed 000 §6.2: width 2, ForcedDir(8)), followed by the experiment's own {@code more}.
     */
    static List<Parameter> parameters(Parameter arity, Parameter... more) {
        List<Parameter> all = new ArrayList<>(List.of(arity,
                new Parameter("n", "switch levels", "3", "3"),
                new Parameter("width", "horizontal width of the enriched tree", "2", "2"),
                new Parameter("hops", "ForcedDir horizontal hop limit per level", "8", "8")));
        all.addAll(List.of(more));
        return List.copyOf(all);
    }

    /** Each flow's channels: D-mod-k or adaptive ascent alone on the plain tree, or adaptive on the enriched tree. */
    AdaptiveFlowRouting.FlowPaths paths(int[][] pairs, Scheme scheme) {
        return switch (scheme) {
            case STATIC -> onPlain.routeIndexed(pairs, false);
            case ASCENT_ONLY -> onPlain.routeIndexed(pairs, true);
            case ADAPTIVE -> onEnriched.routeIndexed(pairs, true);
        };
    }

    /** How a flow set is routed (seed 000 §6.2). */
    enum Scheme {
        /** D-mod-k on the plain tree, the static baseline. */
        STATIC,
        /** Adaptive ascent on the plain tree, descending as D-mod-k does (Fig. 6.2b). */
        ASCENT_ONLY,
        /** Adaptive flow routing on the enriched tree, ForcedDir descent (Fig. 6.4). */
        ADAPTIVE
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
        AdaptiveFlowRouting.FlowPaths paths = paths(pairs, adaptive ? Scheme.ADAPTIVE : Scheme.STATIC);
        List<Flow> flows = new ArrayList<>(pairs.length);
        Map<String, Integer> tags = new HashMap<>();
        for (int i = 0; i < pairs.length; i++) {
            String id = "f" + i;
            flows.add(new Flow(id, t.hosts().get(pairs[i][0]).id(), t.hosts().get(pairs[i][1]).id(), 1,
                    apps == null ? "app" : apps[i], bytes));
            tags.put(id, i);
        }
        return new Routed(adaptive, t, paths, flows, tags);
    }

    /**
     * D-mod-k's entries on the plain or enriched tree, the default ports under the flows' own, made once (under the
     * tree's lock: the simulations of a {@link TaskRunner} may ask at once).
     */
    private synchronized RoutingResult defaults(boolean adaptive) {
        int i = adaptive ? 1 : 0;
        if (defaults[i] == null) {
            defaults[i] = RoutingEngines.byName("dmodk").compute(adaptive ? enriched : plain,
                    RoutingOptions.defaults());
        }
        return defaults[i];
    }

    /**
     * A routed flow set: the flows ({@code f<i>}, tagged {@code i}) on the plain tree with D-mod-k or on the enriched
     * tree with adaptive flow routing, and each flow's channels.
     */
    final class Routed {
        private final boolean adaptive;
        private final Topology topology;
        private final AdaptiveFlowRouting.FlowPaths paths;
        private final List<Flow> flows;
        private final Map<String, Integer> tags;

        private Routed(boolean adaptive, Topology topology, AdaptiveFlowRouting.FlowPaths paths, List<Flow> flows,
                       Map<String, Integer> tags) {
            this.adaptive = adaptive;
            this.topology = topology;
            this.paths = paths;
            this.flows = flows;
            this.tags = tags;
        }

        AdaptiveFlowRouting.FlowPaths paths() {
            return paths;
        }

        List<Flow> flows() {
            return flows;
        }

        /** The tree the flows are routed on. */
        Topology topology() {
            return topology;
        }

        /** The fluid rate problem of the flows on their paths (link capacities in the tree's unit). */
        RateProblem problem(WeightBasis basis) {
            return FabricProblem.build(topology, flows, (f, su, du) -> paths.channels(Integer.parseInt(f.id()
                    .substring(1))), basis, 1e-3);
        }

        /**
         * Runs the flows as one phase (every flow starts at 0; the run ends when the last byte arrives or at the time
         * limit) on seed 003's switches with {@code buffer}-packet input buffers, every flow pinned to its path: the
         * route cache's tagged entries over D-mod-k's default ports.
         */
        SimResult simulate(int buffer, long limitPs, InjectionPolicy.Factory hosts, List<SimObserver> observers) {
            SimConfig config = SimConfig.defaults().withInfiniteSpeedup(true).withOutputOrder("fcfs")
                    .withBufferBytes((long) buffer * PACKET).withWarmupPs(0).withDurationPs(limitPs);
            RoutingResult routes = paths.toRoutingResult(adaptive ? "adaptive" : "dmodk-hosts", defaults(adaptive));
            return new Simulator(topology, routes, config).run(new Workload.Phases("flows", flows, 1, 0, Map.of(),
                    tags), hosts, observers);
        }
    }

    /** Transmission time of {@code packets} packets at line rate, in picoseconds. */
    static double packetTimePs(int packets) {
        return packets * PACKET * 8 / GBPS * 1000;
    }
}

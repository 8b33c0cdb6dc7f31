package weft.cli.bench;

import java.util.List;

import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.SimConfig;
import weft.model.sim.Simulator;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.Mesh;
import weft.model.topology.generate.Torus;

/**
 * One configuration that BookSim 2 and Weft's simulator both express, written out for each: BookSim's configuration
 * text and Weft's fabric, routes and {@link SimConfig}.
 *
 * <p>The mapping (docs/sim.md): one BookSim cycle is one flit time, 1 ns here (16-byte flits on 128 Gbit/s links); a
 * channel of latency L cycles delivers a flit sent in cycle c in cycle c+L+1, which is Weft's serialisation (1 cycle)
 * plus a link latency of L; BookSim's injection and ejection channels (latency 1) are host links of 1 ns; its IQ
 * router with routing, VC-allocation and switch-allocation delays of 1 cycle each puts a flit received in cycle t on
 * its output channel in cycle t+3, and the next head flit of a virtual channel three cycles after the previous one
 * left, which is Weft's router delay of 3 ns (applied from arrival and from reaching the front of the buffer); iSLIP
 * with one iteration, input speedup 1, wormhole, 8-flit buffers per virtual channel, Bernoulli injection of packets
 * at rate / packet size per cycle.
 *
 * <p>Routing: on the mesh and torus dimension order; BookSim's {@code dim_order_torus} switches virtual channel at the
 * dateline inside a packet's path, which Weft's DOR cannot (a packet keeps its layer, as on a real switch), so on a
 * torus Weft uses its 4-layer DOR (one virtual channel per layer, or two in the case with 8, which gives each
 * layer two VCs to spread its packets over as BookSim's 4 VCs give each dateline class two). On the k-ary n-tree
 * BookSim's {@code nca_fattree} goes up to a nearest common ancestor through a random up port at each level, per
 * packet; Weft's {@code vlb} routes with the hosts' VLB path policy pick a uniformly random root per packet and turn
 * down at the nearest common ancestor, the same distribution of paths.
 *
 * @param name        what the tables print
 * @param kind        the fabric family
 * @param k           radix (switches per dimension, or the tree's arity)
 * @param traffic     BookSim's and Weft's pattern name ({@code uniform}, {@code transpose})
 * @param packetFlits flits per packet
 * @param booksimVcs  BookSim's {@code num_vcs}
 * @param weftVcs     Weft's virtual channels per port
 */
record CrossCheckCase(String name, Kind kind, int k, String traffic, int packetFlits, int booksimVcs, int weftVcs) {
    /** Fabric families both simulators build. */
    enum Kind { MESH, TORUS, TREE }

    /** Flit size in Weft's mapping (16 bytes at 128 Gbit/s is 1 ns, one cycle). */
    static final int FLIT_BYTES = 16;

    /** The cases of a full run. */
    static List<CrossCheckCase> all() {
        return List.of(
                new CrossCheckCase("mesh 8x8 uniform, 1 flit", Kind.MESH, 8, "uniform", 1, 2, 2),
                new CrossCheckCase("mesh 8x8 transpose, 1 flit", Kind.MESH, 8, "transpose", 1, 2, 2),
                new CrossCheckCase("mesh 8x8 uniform, 4 flits", Kind.MESH, 8, "uniform", 4, 2, 2),
                new CrossCheckCase("torus 8x8 uniform, 1 flit", Kind.TORUS, 8, "uniform", 1, 2, 4),
                new CrossCheckCase("torus 8x8 uniform, 1 flit, 4 VCs", Kind.TORUS, 8, "uniform", 1, 4, 4),
                new CrossCheckCase("4-ary 3-tree uniform, 1 flit", Kind.TREE, 4, "uniform", 1, 2, 2),
                new CrossCheckCase("4-ary 3-tree uniform, 4 flits", Kind.TREE, 4, "uniform", 4, 2, 2),
                new CrossCheckCase("torus 8x8 uniform, 1 flit, 4 VCs, Weft 8 VCs", Kind.TORUS, 8, "uniform", 1, 4,
                        8));
    }

    /** The case of a quick run and of the speed ratio's mesh counterpart. */
    static CrossCheckCase quick() {
        return all().get(0);
    }

    /** The torus of the speed comparison. */
    static CrossCheckCase speed() {
        return all().get(3);
    }

    /** File-name stem of this case's BookSim files. */
    String stem() {
        return name.replaceAll("[^a-z0-9]+", "-");
    }

    /** Nodes (hosts) of the fabric. */
    int nodes() {
        return kind == Kind.TREE ? k * k * k : k * k;
    }

    /**
     * BookSim's configuration text, its injection rate in flits per node and cycle (as Weft's load): {@code simType}
     * {@code latency} (stops, "unstable", once latency passes 500 cycles) or {@code throughput}; {@code samples} sample
     * periods of {@code samplePeriod} cycles at most after {@code warmups} warm-up periods.
     */
    String booksimConfig(String simType, double injection, int warmups, int samplePeriod, int samples) {
        String topology = switch (kind) {
            case MESH -> "topology = mesh;\nk = " + k + ";\nn = 2;\nrouting_function = dim_order;";
            case TORUS -> "topology = torus;\nk = " + k + ";\nn = 2;\nrouting_function = dim_order;";
            case TREE -> "topology = fattree;\nk = " + k + ";\nn = 3;\nrouting_function = nca;";
        };
        return String.join("\n", topology,
                "num_vcs = " + booksimVcs + ";",
                "vc_buf_size = 8;",
                "packet_size = " + packetFlits + ";",
                "traffic = " + traffic + ";",
                "sim_type = " + simType + ";",
                "injection_rate = " + injection + ";",
                "injection_rate_uses_flits = 1;",
                "warmup_periods = " + warmups + ";",
                "sample_period = " + samplePeriod + ";",
                "max_samples = " + samples + ";",
                "seed = 1;", "");
    }

    /** Weft's fabric of this case. */
    Topology topology() {
        GeneratorOptions options = GeneratorOptions.defaults().withGbps(128)
                .withLatencyUs(kind == Kind.TORUS ? 0.002 : 0.001);
        return switch (kind) {
            case MESH -> Mesh.generate(List.of(k, k), options.withHosts(1));
            case TORUS -> Torus.generate(List.of(k, k), options.withHosts(1));
            case TREE -> KaryNTree.generate(k, 3, options);
        };
    }

    /** Weft's simulator for this case, {@code warmupUs} then {@code durationUs} measured (1 us = 1000 cycles). */
    Simulator simulator(Topology t, double warmupUs, double durationUs) {
        RoutingResult routes = RoutingEngines.byName(kind == Kind.TREE ? "vlb" : "dor")
                .compute(t, RoutingOptions.defaults());
        SimConfig config = SimConfig.defaults().withPacketBytes(FLIT_BYTES * packetFlits).withFlitBytes(FLIT_BYTES)
                .withBufferBytes(8 * FLIT_BYTES).withVcs(weftVcs).withSwitching(SimConfig.Switching.WORMHOLE)
                .withRouterDelayPs(3000).withHostLatencyPs(1000).withPathPolicy("vlb")
                .withWarmupPs((long) (warmupUs * 1e6)).withDurationPs((long) (durationUs * 1e6)).withSeed(1);
        return new Simulator(t, routes, config);
    }
}

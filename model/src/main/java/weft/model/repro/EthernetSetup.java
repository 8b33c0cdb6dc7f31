package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import weft.model.routing.PauseHeadroom;
import weft.model.routing.RoutedPaths;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.SimConfig;
import weft.model.sim.Simulator;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.LinkFaults;
import weft.model.topology.generate.Mesh;
import weft.model.topology.generate.RandomIrregular;
import weft.model.topology.generate.Torus;
import weft.model.traffic.Shuffle;
import weft.model.traffic.TrafficPattern;

/**
 * The Ethernet fabrics of seed 002 chapter 3 as Weft simulates them (§3.1.5, §3.2.3, §3.3.5): 1 Gbit/s links of 10 m
 * (114 ns, Table 3.1), one host per switch and at most four switch links (five-port switches), 1522-byte frames,
 * shared-memory switches (infinite speedup, output FIFOs served first come first served), uniform traffic from
 * periodic sources (the "peak rate packet arrival process"). Flow control is 802.3x pause per input port, or per
 * virtual channel for the layered routings (§3.3.3), with the buffer and pause trigger of Table 3.1 (9,132 B per
 * port, pause at 4,566 B), or none (drop-tail, the same bytes per output queue).
 *
 * <p>The irregular fabrics are {@link RandomIrregular} with seeds {@code seed, seed + 1, ...}: one set of fabrics for
 * every run and routing, as the thesis keeps "the set of irregular topologies ... the same for all simulations"
 * (§2.3.3). A regular fabric with random link faults ({@link LinkFaults}, §3.2.3's faulty mesh) is such a set too: run
 * {@code i} has the faults of seed {@code seed + i}, the same for every routing.
 */
final class EthernetSetup {
    /** The thesis's frame: the largest Ethernet frame. */
    static final int FRAME_BYTES = 1522;
    /** Gigabit Ethernet. */
    static final double GBPS = 1;
    /** 10 m of UTP: 114 bit times (Table 3.1; §3.3.5's "1.14e-6 s" is read as a slip for 1.14e-7). */
    static final double LATENCY_US = 0.114;
    /** Switch links per switch: five ports, one of them for the host. */
    static final int DEGREE = 4;
    /** Table 3.1: buffer per port, twice the pause trigger of 4,566 B (three frames). */
    static final long PORT_BUFFER_BYTES = PauseHeadroom.gigabitEthernet().bufferBytes();

    private EthernetSetup() {
    }

    private static GeneratorOptions options() {
        return GeneratorOptions.defaults().withGbps(GBPS).withLatencyUs(LATENCY_US).withHosts(1);
    }

    /**
     * A fabric by name: {@code torus-WxH}, {@code mesh-WxH}, {@code irregular-N} (seeded with {@code seed}), or a
     * regular one with {@code P} percent of its links faulty, {@code mesh-WxH-faultsP} ({@link LinkFaults}, seeded
     * with {@code seed}; seed 002 §3.2.3's "8x8 mesh with 5% link faults" is {@code mesh-8x8-faults5}).
     *
     * @throws IllegalArgumentException naming the parameter and the value
     */
    static Topology fabric(String parameter, String name, long seed) {
        String[] parts = name.split("-", 2);
        try {
            if (parts.length == 2 && (parts[0].equals("torus") || parts[0].equals("mesh"))) {
                String[] shape = parts[1].split("-faults", -1);
                String[] dims = shape[0].split("x");
                List<Integer> sizes = List.of(Integer.parseInt(dims[0]), Integer.parseInt(dims[1]));
                Topology t = parts[0].equals("torus") ? Torus.generate(sizes, options())
                        : Mesh.generate(sizes, options());
                return shape.length == 1 ? t : LinkFaults.remove(t, Double.parseDouble(shape[1]) / 100, seed);
            }
            if (parts.length == 2 && parts[0].equals("irregular")) {
                return RandomIrregular.generate(Integer.parseInt(parts[1]), DEGREE, seed, options());
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("--" + parameter + ": cannot read fabric '" + name + "'", e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + parameter + ": fabric '" + name + "': " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("--" + parameter + ": unknown fabric '" + name + "'; expected torus-WxH, "
                + "mesh-WxH, either with -faultsP (P% of the links faulty), or irregular-N");
    }

    /** Whether the fabric name is one of the random irregular family (a set of seeds) or a regular one. */
    static boolean irregular(String name) {
        return name.startsWith("irregular-");
    }

    /**
     * Whether the fabric name stands for a set of seeded fabrics (random irregular ones, or a regular one with random
     * faults) rather than one fabric run several times.
     */
    static boolean seeded(String name) {
        return irregular(name) || name.contains("-faults");
    }

    /**
     * The fabric names as the tables print them: {@code "8x8 torus"}, {@code "32-switch irregular"},
     * {@code "4x8 + 8x4 mesh"}, {@code "8x8 mesh, 5% link faults"}.
     */
    static String label(String names) {
        List<String> sizes = new ArrayList<>();
        String kind = "";
        String faults = "";
        for (String name : names.split(",")) {
            String[] parts = name.split("-", 2);
            if (parts.length < 2) {
                return name;
            }
            kind = irregular(name) ? "-switch irregular" : " " + parts[0];
            String[] shape = parts[1].split("-faults", -1);
            faults = shape.length == 2 ? ", " + shape[1] + "% link faults" : "";
            sizes.add(shape[0]);
        }
        return String.join(" + ", sizes) + kind + faults;
    }

    /** The number of hosts of the first fabric of a list. */
    static int hosts(String parameter, String names, long seed) {
        return fabric(parameter, names.split(",")[0], seed).hosts().size();
    }

    /**
     * The switch and traffic model.
     *
     * @param flowControl {@code PFC} with one lane (802.3x) or per virtual channel, or {@code LOSSY}
     * @param measuredUs  measured simulated time per run; a quarter of it more runs first as warm-up
     * @param vcs         virtual channels per port (0: one per routing layer)
     * @param seed        the arrivals' seed
     */
    static SimConfig config(SimConfig.FlowControlKind flowControl, double measuredUs, int vcs, long seed) {
        long measured = Math.round(measuredUs * 1e6);
        return SimConfig.defaults().withPacketBytes(FRAME_BYTES).withBufferBytes(PORT_BUFFER_BYTES)
                .withInfiniteSpeedup(true).withOutputOrder("fcfs").withFlowControl(flowControl).withVcs(vcs)
                .withArrivals(SimConfig.Arrivals.PERIODIC).withHostLatencyPs(Math.round(LATENCY_US * 1e6))
                .withWarmupPs(measured / 4).withDurationPs(measured).withSourceQueuePackets(64).withSeed(seed);
    }

    /**
     * The {@code --baselines} option of the Ethernet reproductions: how Up*&#47;Down* and TBTP choose among equally
     * short legal paths. {@code plain} (the thesis's, true here): the lowest port, as the published algorithms
     * ([36], [37]) give no balancing and the thesis names path balancing ("minimises the deviation of link weight",
     * ref [59]) as Segment-based routing's (§3.2.3); {@code balanced}: Weft's defaults, the least-loaded channel.
     */
    static final Parameter BASELINES = new Parameter("baselines", "how Up*/Down* and TBTP break ties among equally "
            + "short legal paths: plain (lowest port, as published; the thesis balances only SR's paths) or balanced "
            + "(least-loaded channel, Weft's default)", "plain", "plain");

    /** Whether {@code --baselines} asks for the balanced baselines. */
    static boolean balancedBaselines(ReproOptions o) {
        return switch (o.string(BASELINES.name())) {
            case "plain" -> false;
            case "balanced" -> true;
            default -> throw new IllegalArgumentException("--baselines: expected plain or balanced, got '"
                    + o.string(BASELINES.name()) + "'");
        };
    }

    /** The setup line's note on {@code --baselines}. */
    static String baselinesNote(ReproOptions o) {
        return balancedBaselines(o) ? "; Up*/Down* and TBTP ties to the least-loaded channel (--baselines balanced)"
                : "; Up*/Down* and TBTP ties to the lowest port (--baselines plain)";
    }

    /**
     * Routes of an engine as the thesis's comparisons use it: Weft's defaults, except that Segment-based routing
     * places each segment's restriction at a random switch of the segment (§3.2.3: "randomly selected the switch
     * where we enforce the turn-restriction"), seeded per fabric, that Up*&#47;Down* and TBTP(nVL) break ties
     * toward the lowest port unless {@code balanced} ({@link #BASELINES}), and that LASH and TBTP are given
     * {@code layers} layers when it is positive (§3.3.5: TBTPnVL "allowed to use the same number of channels as
     * LASH"; LASH spreading its pairs over all of them, §3.3.1), so that with one virtual channel per layer every
     * pair's packets keep one channel.
     */
    static RoutingResult route(String engine, Topology t, long seed, boolean balanced, int layers) {
        RoutingOptions options = RoutingOptions.defaults();
        if (engine.equals("sr")) {
            options = options.withSeed(seed, true);
        }
        if (engine.equals("updown") || engine.startsWith("tbtp")) {
            options = options.withBalance(balanced);
        }
        if (layers > 0 && (engine.equals("lash") || engine.equals("tbtp"))) {
            options = options.withLayers(layers);
        }
        return RoutingEngines.byName(engine).compute(t, options);
    }

    /**
     * One engine on every fabric of a set: the simulators, and the mean over the fabrics of the uniform-traffic bound
     * its routes allow ({@link #bound}).
     */
    record FabricSet(List<Simulator> simulators, double bound) {
    }

    /**
     * One engine on every fabric of a set: {@code fabrics} is one name or several separated by commas (a regular
     * fabric in both orientations, say), each run {@code count} times (a regular fabric) or on {@code count} seeded
     * fabrics (an irregular one, or a regular one with random faults: {@link #seeded}); all must have the same number
     * of hosts. {@code balanced}: see {@link #BASELINES}. With {@code vcs} positive, LASH and TBTP are given
     * {@code vcs} layers ({@link #route}), one virtual channel each.
     *
     * @throws IllegalArgumentException naming the parameter when a name is unknown or the host counts differ
     */
    static FabricSet simulators(String parameter, String fabrics, String engine, int count, long seed,
                                SimConfig.FlowControlKind flowControl, double measuredUs, int vcs,
                                boolean balanced) {
        List<Simulator> out = new ArrayList<>();
        String[] names = fabrics.split(",");
        double bound = 0;
        int hosts = -1;
        for (String name : names) {
            Topology regular = seeded(name) ? null : fabric(parameter, name, seed);
            RoutingResult regularRoutes = regular == null ? null : route(engine, regular, seed, balanced, vcs);
            for (int i = 0; i < count; i++) {
                long s = seed + i;
                Topology t = regular != null ? regular : fabric(parameter, name, s);
                if (hosts >= 0 && t.hosts().size() != hosts) {
                    throw new IllegalArgumentException("--" + parameter + ": the fabrics of '" + fabrics + "' have "
                            + "different host counts (" + hosts + " and " + t.hosts().size() + ")");
                }
                hosts = t.hosts().size();
                RoutingResult r = regular != null ? regularRoutes : route(engine, t, s, balanced, vcs);
                bound += bound(t, r) / (count * names.length);
                out.add(new Simulator(t, r, config(flowControl, measuredUs, vcs, s)));
            }
        }
        return new FabricSet(out, bound);
    }

    /**
     * The most uniform traffic the routes can carry, as a fraction of the host link: with one host per switch each
     * host sends {@code 1/(n-1)} of its load to every other, so a channel that {@code k} pairs' paths cross saturates
     * at a load of {@code (n-1)/k}; the bound is that of the busiest channel (capped at 1). It depends only on the
     * routes, so it tells the routes' share of a throughput difference from the simulator's.
     */
    static double bound(Topology t, RoutingResult routes) {
        RoutedPaths paths = RoutedPaths.of(t, routes, RoutedPaths.BrokenWalk.FAIL, routes.engine());
        int n = t.switches().size();
        int[] pairs = new int[t.graph().channelCount()];
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                if (s != d) {
                    for (int c : paths.channels(s, d)) {
                        pairs[c]++;
                    }
                }
            }
        }
        int most = 1;
        for (int k : pairs) {
            most = Math.max(most, k);
        }
        return Math.min(1, (t.hosts().size() - 1.0) / most);
    }

    /** Uniform traffic over the other hosts: every frame to a host drawn uniformly from all but its source. */
    static TrafficPattern uniform(int hosts) {
        return new TrafficPattern() {
            @Override
            public String name() {
                return "uniform";
            }

            @Override
            public int destination(int source, RandomGenerator random) {
                int d = random.nextInt(hosts - 1);
                return d >= source ? d + 1 : d;
            }
        };
    }

    /**
     * Pairwise traffic (seed 002 §3.2.3, Figs. 3.10, 3.12): the hosts are matched in random pairs (seeded), and each
     * sends every frame to its partner; with an odd count the last host sends to the first pair's first host.
     */
    static TrafficPattern pairwise(int hosts, long seed) {
        int[] order = Shuffle.permutation(hosts, new SplittableRandom(seed));
        int[] partner = new int[hosts];
        for (int i = 0; i + 1 < hosts; i += 2) {
            partner[order[i]] = order[i + 1];
            partner[order[i + 1]] = order[i];
        }
        if (hosts % 2 == 1) {
            partner[order[hosts - 1]] = order[0];
        }
        return TrafficPattern.fixed("pairwise", partner);
    }

    /** A table row: the fabric set's label, each figure in whole Mbit/s, then {@code more}. */
    static List<String> row(String fabrics, double[] mbps, String... more) {
        List<String> out = new ArrayList<>(List.of(label(fabrics)));
        for (double v : mbps) {
            out.add(ResultTable.fixed(v, 0));
        }
        out.addAll(List.of(more));
        return out;
    }

    /** Mbit/s of a fraction of the link rate. */
    static double mbps(double fraction) {
        return fraction * GBPS * 1000;
    }

}

package weft.cli.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.SimConfig;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.topology.generate.Mesh;
import weft.model.topology.generate.Torus;
import weft.model.traffic.TrafficPatterns;

/**
 * {@code weft bench sim}: Weft's simulator next to BookSim 2 on the configurations both express (k-ary 2-mesh and
 * torus, dimension-order routing, 8-flit buffers per virtual channel, single- and multi-flit packets, uniform and
 * transpose traffic): zero-load latency, saturation throughput and speed (flit-hops per CPU second), BookSim built
 * from the source tree given with {@code --booksim} and run in the same process tree.
 *
 * <p>The mapping of BookSim's parameters onto Weft's (docs/sim.md): one BookSim cycle is one flit time, 1 ns here
 * (16-byte flits on 128 Gbit/s links); a channel of latency L cycles delivers a flit sent in cycle c in cycle c+L+1,
 * which is Weft's serialisation (1 cycle) plus a link latency of L; BookSim's injection and ejection channels
 * (latency 1) are host links of 1 ns; its IQ router with routing, VC-allocation and switch-allocation delays of 1
 * cycle each puts a flit received in cycle t on its output channel in cycle t+3, and the next head flit of a virtual
 * channel three cycles after the previous one left, which is Weft's router delay of 3 ns (applied from arrival and
 * from reaching the front of the buffer); iSLIP with one iteration, input speedup 1, wormhole, Bernoulli injection of
 * packets at rate / packet size per cycle. BookSim's torus routing ({@code dim_order_torus}) switches virtual channel
 * at the dateline inside a packet's path; Weft's DOR cannot (a packet keeps its layer, as on a real switch), so on a
 * torus Weft uses its 4-layer DOR (one virtual channel per layer) against BookSim's 2 and 4 virtual channels.
 */
@Command(name = "sim", mixinStandardHelpOptions = true,
        description = "Weft's simulator next to BookSim: zero-load latency, saturation throughput, speed.")
public final class SimBenchCommand implements Callable<Integer> {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    @Spec
    private CommandSpec spec;

    @Option(names = "--booksim", paramLabel = "DIR", required = true,
            description = "BookSim 2 source tree (git clone of booksim/booksim2); built with make if needed")
    private Path booksimSource;

    @Option(names = "--rebuild", description = "run make even if the booksim binary exists")
    private boolean rebuild;

    @Option(names = "--work", paramLabel = "DIR", defaultValue = "target/bench-sim",
            description = "where BookSim's configurations and outputs go (default: ${DEFAULT-VALUE})")
    private Path work;

    @Option(names = "--quick", description = "only the 8x8 mesh with single-flit uniform traffic and the speed run "
            + "(no 4096-host scale run)")
    private boolean quick;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the figures as JSON")
    private Path json;

    /** One configuration both simulators express. */
    private record Case(String name, boolean torus, int k, String traffic, int packetFlits, int booksimVcs,
                        int weftVcs) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        BookSim booksim = BookSim.build(booksimSource, rebuild);
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("mesh 8x8 uniform, 1 flit", false, 8, "uniform", 1, 2, 2));
        if (!quick) {
            cases.add(new Case("mesh 8x8 transpose, 1 flit", false, 8, "transpose", 1, 2, 2));
            cases.add(new Case("mesh 8x8 uniform, 4 flits", false, 8, "uniform", 4, 2, 2));
            cases.add(new Case("torus 8x8 uniform, 1 flit", true, 8, "uniform", 1, 2, 4));
            cases.add(new Case("torus 8x8 uniform, 1 flit, 4 VCs", true, 8, "uniform", 1, 4, 4));
        }
        out.printf("%-34s %26s   %26s%n", "", "zero-load latency (cycles)", "saturation (flits/node/cycle)");
        out.printf("%-34s %8s %8s %8s   %8s %8s %8s%n", "configuration", "BookSim", "Weft", "diff", "BookSim",
                "Weft", "diff");
        out.flush();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Case c : cases) {
            String base = c.name.replaceAll("[^a-z0-9]+", "-");
            BookSim.Result bz = booksim.run(work, base + "-zero", booksimConfig(c, "latency", 0.01));
            BookSim.Result bs = booksim.run(work, base + "-sat", booksimConfig(c, "throughput", 1.0));
            Weft wz = weft(c, 0.01, 20, 100);
            Weft ws = weft(c, 1.0, 20, 30);
            out.printf(Locale.ROOT, "%-34s %8.1f %8.1f %+7.1f%%   %8.3f %8.3f %+7.1f%%%n", c.name, bz.latency(),
                    wz.result.latencyNs().mean(), 100 * (wz.result.latencyNs().mean() / bz.latency() - 1),
                    bs.accepted(), ws.result.accepted(), 100 * (ws.result.accepted() / bs.accepted() - 1));
            out.flush();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("configuration", c.name);
            row.put("booksim_vcs", c.booksimVcs);
            row.put("weft_vcs", c.weftVcs);
            row.put("zero_load_latency_booksim", bz.latency());
            row.put("zero_load_latency_weft", wz.result.latencyNs().mean());
            row.put("saturation_booksim", bs.accepted());
            row.put("saturation_weft", ws.result.accepted());
            rows.add(row);
        }
        // speed: the torus of the anchors at injection 0.2, about 2 x 10^5 cycles each
        Case speedCase = new Case("torus 8x8 uniform, 1 flit", true, 8, "uniform", 1, 2, 4);
        String speedConfig = booksimConfig(speedCase, "latency", 0.2).replace("warmup_periods = 3;",
                "warmup_periods = 1;").replace("sample_period = 10000;", "sample_period = 100000;")
                .replace("max_samples = 10;", "max_samples = 1;");
        BookSim.Result bspeed = booksim.run(work, "speed-torus", speedConfig);
        Weft wspeed = weft(speedCase, 0.2, 20, 180);
        double bookRate = bspeed.flitHops(64) / bspeed.cpuSeconds();
        double weftRate = wspeed.result.flitHops() / wspeed.cpuSeconds;
        out.println();
        out.printf(Locale.ROOT, "speed, 8x8 torus at injection 0.2: BookSim %.2f M flit-hops per CPU second (%d "
                        + "cycles, %.1f s), Weft %.2f M (%.0f cycles, %.1f s): Weft / BookSim = %.1f%n",
                bookRate / 1e6, bspeed.cycles(), bspeed.cpuSeconds(), weftRate / 1e6,
                wspeed.result.simulatedPs() / 1000.0, wspeed.cpuSeconds, weftRate / bookRate);
        out.flush();
        Map<String, Object> scale = quick ? Map.of() : scale(out);
        if (json != null) {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("scale", scale);
            root.put("rows", rows);
            root.put("speed_booksim_flit_hops_per_cpu_s", bookRate);
            root.put("speed_weft_flit_hops_per_cpu_s", weftRate);
            root.put("speed_ratio", weftRate / bookRate);
            Files.writeString(json, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(root));
        }
        return 0;
    }

    /**
     * The scale target: the 4096-host 16-ary 3-tree (ECMP routes, 2 KB packets, 8-packet buffers, 10 Gbit/s links),
     * 50% uniform load, 1 ms of simulated time (0.1 ms warm-up, 0.9 ms measured); wall and CPU time, packet-hops per
     * second and the heap's peak.
     */
    private static Map<String, Object> scale(PrintWriter out) {
        Topology tree = KaryNTree.generate(16, 3, GeneratorOptions.defaults());
        RoutingResult routes = RoutingEngines.byName("ecmp").compute(tree, RoutingOptions.defaults());
        SimConfig config = SimConfig.defaults().withWarmupPs(100_000_000L).withDurationPs(900_000_000L);
        Simulator sim = new Simulator(tree, routes, config);
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
        long cpu = CPU.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        SimResult r = sim.run(new Workload.OpenLoop(TrafficPatterns.parse("uniform", tree.hosts().size(), 1), 0.5));
        double wallSeconds = (System.nanoTime() - wall) / 1e9;
        double cpuSeconds = (CPU.getCurrentThreadCpuTime() - cpu) / 1e9;
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        out.println();
        out.printf(Locale.ROOT, "scale, 16-ary 3-tree (4096 hosts, ECMP) at 50%% uniform load, 1 ms simulated: %.1f s "
                        + "wall, %.1f s CPU, %.2f M packet-hops per CPU second, %d events, heap peak %d MB; "
                        + "accepted %.3f, mean latency %.1f us%n", wallSeconds, cpuSeconds,
                r.flitHops() / cpuSeconds / 1e6, r.events(), peak >> 20, r.accepted(), r.latencyNs().mean() / 1000);
        out.flush();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("fabric", "16-ary 3-tree, ecmp");
        m.put("wall_s", wallSeconds);
        m.put("cpu_s", cpuSeconds);
        m.put("packet_hops", r.flitHops());
        m.put("events", r.events());
        m.put("heap_peak_bytes", peak);
        m.put("accepted", r.accepted());
        return m;
    }

    private static String booksimConfig(Case c, String simType, double injection) {
        return String.join("\n",
                "topology = " + (c.torus ? "torus" : "mesh") + ";",
                "k = " + c.k + ";",
                "n = 2;",
                "routing_function = dim_order;",
                "num_vcs = " + c.booksimVcs + ";",
                "vc_buf_size = 8;",
                "packet_size = " + c.packetFlits + ";",
                "traffic = " + c.traffic + ";",
                "sim_type = " + simType + ";",
                "injection_rate = " + injection + ";",
                "warmup_periods = 3;",
                "sample_period = 10000;",
                "max_samples = 10;",
                "seed = 1;", "");
    }

    /** A Weft run and the CPU time it took. */
    private record Weft(SimResult result, double cpuSeconds) {
    }

    private static Weft weft(Case c, double load, int warmupUs, int durationUs) {
        GeneratorOptions options = GeneratorOptions.defaults().withGbps(128).withLatencyUs(c.torus ? 0.002 : 0.001)
                .withHosts(1);
        Topology t = c.torus ? Torus.generate(List.of(c.k, c.k), options) : Mesh.generate(List.of(c.k, c.k), options);
        RoutingResult routes = RoutingEngines.byName("dor").compute(t, RoutingOptions.defaults());
        SimConfig config = SimConfig.defaults().withPacketBytes(16 * c.packetFlits).withFlitBytes(16)
                .withBufferBytes(8 * 16).withVcs(c.weftVcs).withSwitching(SimConfig.Switching.WORMHOLE)
                .withRouterDelayPs(3000).withHostLatencyPs(1000).withWarmupPs(warmupUs * 1_000_000L)
                .withDurationPs(durationUs * 1_000_000L).withSeed(1);
        Simulator sim = new Simulator(t, routes, config);
        long cpu = CPU.getCurrentThreadCpuTime();
        SimResult r = sim.run(new Workload.OpenLoop(TrafficPatterns.parse(c.traffic, t.hosts().size(), 1), load));
        return new Weft(r, (CPU.getCurrentThreadCpuTime() - cpu) / 1e9);
    }
}

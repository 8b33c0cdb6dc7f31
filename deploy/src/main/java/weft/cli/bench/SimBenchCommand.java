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
import weft.model.traffic.TrafficPatterns;

/**
 * {@code weft bench sim}: Weft's simulator next to BookSim 2 on the configurations both express
 * ({@link CrossCheckCase}: 8x8 mesh and torus with dimension-order routing, a 4-ary 3-tree with random up-routing,
 * 8-flit buffers per virtual channel, single- and multi-flit packets, uniform and transpose traffic), BookSim built
 * from the source tree given with {@code --booksim} and run as a child process. Per configuration: accepted
 * throughput and mean latency against offered load side by side, up to the load where both have saturated; zero-load
 * latency; saturation throughput (BookSim's {@code sim_type = throughput} at injection 1.0, Weft at load 1.0). Then
 * the speed of both on one torus (flit-hops per CPU second, same run) and, without {@code --quick}, the scale target
 * (the 4096-host 16-ary 3-tree).
 */
@Command(name = "sim", mixinStandardHelpOptions = true,
        description = "Weft's simulator next to BookSim: latency and throughput against load, saturation, speed.")
public final class SimBenchCommand implements Callable<Integer> {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    /** BookSim's default {@code latency_thres}: past it a latency run is unstable (saturated). */
    private static final double LATENCY_THRESHOLD = 500;

    @Spec
    private CommandSpec spec;

    @Option(names = "--booksim", paramLabel = "DIR", defaultValue = "${env:WEFT_BOOKSIM}",
            description = "BookSim 2 source tree (git clone https://github.com/booksim/booksim2); built with make if "
                    + "needed (default: $WEFT_BOOKSIM)")
    private Path booksimSource;

    @Option(names = "--rebuild", description = "run make even if the booksim binary exists")
    private boolean rebuild;

    @Option(names = "--work", paramLabel = "DIR", defaultValue = "target/bench-sim",
            description = "where BookSim's configurations and outputs go (default: ${DEFAULT-VALUE})")
    private Path work;

    @Option(names = "--quick", description = "only the 8x8 mesh with single-flit uniform traffic, a coarse sweep and "
            + "short runs, a short speed run, no 4096-host scale run")
    private boolean quick;

    @Option(names = "--only", paramLabel = "TEXT", description = "only the configurations whose name contains TEXT "
            + "(e.g. \"torus\", \"4 flits\"); no scale run")
    private String only;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the figures as JSON")
    private Path json;

    /** One offered load on both simulators. */
    private record Point(double load, BookSim.Result booksim, SimResult weft) {
        boolean booksimSaturated() {
            return !booksim.stable() || booksim.accepted() < 0.95 * load;
        }

        boolean weftSaturated() {
            return weft.latencyNs().mean() > LATENCY_THRESHOLD || weft.accepted() < 0.95 * weft.offered();
        }
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        BookSim booksim;
        try {
            if (booksimSource == null) {
                throw new IOException("BookSim: no source tree given; " + BookSim.HOW_TO_GET);
            }
            booksim = BookSim.build(booksimSource, rebuild);
        } catch (IOException e) {
            spec.commandLine().getErr().println("weft bench sim: " + e.getMessage());
            return 1;
        }
        List<CrossCheckCase> cases = quick ? List.of(CrossCheckCase.quick()) : CrossCheckCase.all();
        if (only != null) {
            cases = cases.stream().filter(c -> c.name().contains(only)).toList();
            if (cases.isEmpty()) {
                spec.commandLine().getErr().println("weft bench sim: --only " + only + ": no configuration's name "
                        + "contains it; they are " + CrossCheckCase.all().stream().map(CrossCheckCase::name).toList());
                return 2;
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        for (CrossCheckCase c : cases) {
            rows.add(crossCheck(booksim, c, out, summary));
        }
        out.println();
        out.printf("%-34s %26s   %26s   %15s%n", "", "zero-load latency (cycles)", "saturation (flits/node/cycle)",
                "knee (offered)");
        out.printf("%-34s %8s %8s %8s   %8s %8s %8s   %7s %7s%n", "configuration", "BookSim", "Weft", "diff",
                "BookSim", "Weft", "diff", "BookSim", "Weft");
        summary.forEach(out::println);
        out.flush();
        Map<String, Object> speed = speed(booksim, out);
        Map<String, Object> scale = quick || only != null ? Map.of() : scale(out);
        if (json != null) {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("rows", rows);
            root.put("speed", speed);
            root.put("scale", scale);
            Files.writeString(json, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(root));
        }
        return 0;
    }

    /** One configuration: the sweep printed as it runs, zero load and saturation; a summary line and a JSON row. */
    private Map<String, Object> crossCheck(BookSim booksim, CrossCheckCase c, PrintWriter out, List<String> summary)
            throws IOException, InterruptedException {
        Topology t = c.topology();
        int samples = quick ? 3 : 10;
        int period = quick ? 5000 : 10000;
        double warmupUs = quick ? 5 : 20;
        out.println();
        out.printf(Locale.ROOT, "%s (BookSim %d VCs, Weft %d)%n", c.name(), c.booksimVcs(), c.weftVcs());
        out.printf("  %7s   %8s %9s   %8s %9s%n", "offered", "BookSim", "latency", "Weft", "latency");
        out.flush();
        List<Point> sweep = new ArrayList<>();
        double step = quick ? 0.1 : 0.05;
        for (int i = 1; i * step <= 1.0 + 1e-9; i++) {
            double load = Math.round(i * step * 100) / 100.0;
            BookSim.Result b = booksim.run(work, c.stem() + "-" + load, c.booksimConfig("latency", load, 3, period,
                    samples));
            SimResult w = run(c, t, load, warmupUs, quick ? 10 : 30).result;
            Point p = new Point(load, b, w);
            sweep.add(p);
            out.printf(Locale.ROOT, "  %7.2f   %8.3f %9s   %8.3f %9s%n", load, b.accepted(),
                    p.booksimSaturated() ? "saturated" : String.format(Locale.ROOT, "%.1f", b.latency()),
                    w.accepted(), p.weftSaturated() ? "saturated" : String.format(Locale.ROOT, "%.1f",
                            w.latencyNs().mean()));
            out.flush();
            if (p.booksimSaturated() && p.weftSaturated()) {
                break;
            }
        }
        BookSim.Result bz = booksim.run(work, c.stem() + "-zero", c.booksimConfig("latency", 0.01, 3, period,
                samples));
        BookSim.Result bs = booksim.run(work, c.stem() + "-sat", c.booksimConfig("throughput", 1.0, 3, period,
                samples));
        SimResult wz = run(c, t, 0.01, warmupUs, quick ? 30 : 100).result;
        SimResult ws = run(c, t, 1.0, warmupUs, quick ? 10 : 30).result;
        double bookKnee = knee(sweep, true);
        double weftKnee = knee(sweep, false);
        out.printf(Locale.ROOT, "  zero load %.1f / %.1f cycles, saturation %.3f / %.3f flits/node/cycle "
                + "(BookSim / Weft)%n", bz.latency(), wz.latencyNs().mean(), bs.accepted(), ws.accepted());
        summary.add(String.format(Locale.ROOT, "%-34s %8.1f %8.1f %+7.1f%%   %8.3f %8.3f %+7.1f%%   %7.2f %7.2f",
                c.name(), bz.latency(), wz.latencyNs().mean(), 100 * (wz.latencyNs().mean() / bz.latency() - 1),
                bs.accepted(), ws.accepted(), 100 * (ws.accepted() / bs.accepted() - 1), bookKnee, weftKnee));
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("configuration", c.name());
        row.put("booksim_vcs", c.booksimVcs());
        row.put("weft_vcs", c.weftVcs());
        row.put("zero_load_latency_booksim", bz.latency());
        row.put("zero_load_latency_weft", wz.latencyNs().mean());
        row.put("saturation_booksim", bs.accepted());
        row.put("saturation_weft", ws.accepted());
        row.put("knee_booksim", bookKnee);
        row.put("knee_weft", weftKnee);
        List<Map<String, Object>> points = new ArrayList<>();
        for (Point p : sweep) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("offered", p.load);
            m.put("accepted_booksim", p.booksim.accepted());
            m.put("latency_booksim", p.booksimSaturated() ? null : p.booksim.latency());
            m.put("accepted_weft", p.weft.accepted());
            m.put("latency_weft", p.weftSaturated() ? null : p.weft.latencyNs().mean());
            points.add(m);
        }
        row.put("sweep", points);
        return row;
    }

    /** The first swept load at which one side had saturated (NaN if it never did). */
    private static double knee(List<Point> sweep, boolean booksim) {
        for (Point p : sweep) {
            if (booksim ? p.booksimSaturated() : p.weftSaturated()) {
                return p.load;
            }
        }
        return Double.NaN;
    }

    /** Both on the torus at injection 0.2 (about 10^5 cycles each; a tenth with --quick): flit-hops per CPU second. */
    private Map<String, Object> speed(BookSim booksim, PrintWriter out) throws IOException, InterruptedException {
        CrossCheckCase c = CrossCheckCase.speed();
        int cycles = quick ? 10_000 : 100_000;
        BookSim.Result b = booksim.run(work, "speed-torus", c.booksimConfig("latency", 0.2, 1, cycles, 1));
        Weft w = run(c, c.topology(), 0.2, 20, quick ? 20 : 180);
        double bookRate = b.flitHops(c.nodes()) / b.cpuSeconds();
        double weftRate = w.result.flitHops() / w.cpuSeconds;
        out.println();
        out.printf(Locale.ROOT, "speed, 8x8 torus at injection 0.2: BookSim %.2f M flit-hops per CPU second (%d "
                        + "cycles, %.1f s), Weft %.2f M (%.0f cycles, %.1f s): Weft / BookSim = %.1f%n",
                bookRate / 1e6, b.cycles(), b.cpuSeconds(), weftRate / 1e6, w.result.simulatedPs() / 1000.0,
                w.cpuSeconds, weftRate / bookRate);
        out.flush();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("booksim_flit_hops_per_cpu_s", bookRate);
        m.put("weft_flit_hops_per_cpu_s", weftRate);
        m.put("ratio", weftRate / bookRate);
        return m;
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

    /** A Weft run and the CPU time it took. */
    private record Weft(SimResult result, double cpuSeconds) {
    }

    private static Weft run(CrossCheckCase c, Topology t, double load, double warmupUs, double durationUs) {
        Simulator sim = c.simulator(t, warmupUs, durationUs);
        long cpu = CPU.getCurrentThreadCpuTime();
        SimResult r = sim.run(new Workload.OpenLoop(TrafficPatterns.parse(c.traffic(), t.hosts().size(), 1), load));
        return new Weft(r, (CPU.getCurrentThreadCpuTime() - cpu) / 1e9);
    }
}

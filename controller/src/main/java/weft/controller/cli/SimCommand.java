package weft.controller.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingFailure;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.host.path.PathPolicy;
import weft.model.rate.InfeasibleRequest;
import weft.model.rate.io.RatesJson;
import weft.model.routing.verify.DeadlockVerifier;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.OnlineRates;
import weft.model.sim.RatedInjection;
import weft.model.sim.SimConfig;
import weft.model.sim.SimResult;
import weft.model.sim.SimulationException;
import weft.model.sim.Simulator;
import weft.model.sim.VoqRouter;
import weft.model.sim.Workload;
import weft.model.sim.control.MessageTraffic;
import weft.model.sim.io.SimJson;
import weft.model.sim.io.SimSvg;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;
import weft.model.traffic.TrafficPatterns;

/**
 * {@code weft sim}: runs the packet-level fabric simulator on a topology with a routes file (or with routes it
 * computes with each of several engines, side by side), for open-loop traffic at one or more loads or for the flows
 * of a {@code weft-flows/1} file in phases; prints a table, and writes {@code weft-sim/1} JSON and SVG pictures.
 *
 * <p>Decision: one class of about 550 lines, most of them the option declarations of the documented CLI contract
 * (docs/sim.md), each a picocli field with its help text (the duplicate scan sees them as repeated shapes), and the
 * translation of those options into a {@code SimConfig} and workloads; the simulation, the JSON and the pictures
 * are the model's ({@code Simulator}, {@code SimJson}, {@code SimSvg}).
 */
@Command(name = "sim", mixinStandardHelpOptions = true,
        description = "Simulate the fabric packet by packet with Weft's routes: throughput, latency, deadlock.",
        footer = {"", "Traffic: " + TrafficPatterns.NAMES + ", flows:FILE (weft-flows/1, sizes in bytes).",
            "Exit status: 0 every run completed; 1 invalid input; 2 usage error; 3 a run deadlocked",
            "(its cycle of full buffers is printed and written to the JSON)."})
public final class SimCommand extends CliCommand {
    private static final java.lang.management.ThreadMXBean CPU =
            java.lang.management.ManagementFactory.getThreadMXBean();

    /** Exit status when a run deadlocked. */
    static final int DEADLOCK = 3;

    @Mixin
    private TopologyFileOption topo = new TopologyFileOption();

    @Option(names = "--routes", paramLabel = "FILE", description = "weft-routes/1 JSON file of this topology")
    private Path routes;

    @Option(names = "--verify", description = "--routes: also run the deadlock verifier on the routes (--engines "
            + "always does)")
    private boolean verify;

    @Option(names = "--engines", paramLabel = "E[,E...]",
            description = "instead of --routes: compute routes with each engine and compare them side by side")
    private String engines;

    @Option(names = "--max-layers", paramLabel = "N", defaultValue = "8",
            description = "--engines: layer budget of the engines (default: ${DEFAULT-VALUE})")
    private int maxLayers;

    @Option(names = "--traffic", paramLabel = "PATTERN", defaultValue = "uniform",
            description = "uniform|permutation|transpose|bitcomp|hotspot:F|incast:N|alltoall|perms:P|flows:FILE "
                    + "(default: ${DEFAULT-VALUE})")
    private String traffic;

    @Option(names = "--load", paramLabel = "L[,L...]", defaultValue = "0.5",
            description = "offered load per host, fraction of its link (default: ${DEFAULT-VALUE})")
    private String load;

    @Option(names = "--packet-bytes", paramLabel = "B", defaultValue = "2048",
            description = "packet size (default: ${DEFAULT-VALUE})")
    private int packetBytes;

    @Option(names = "--min-packet-bytes", paramLabel = "B", defaultValue = "0",
            description = "random open-loop packet sizes, uniform in B..--packet-bytes (seed 004's 'random size'; "
                    + "needs --arrivals poisson or periodic; default: every packet --packet-bytes)")
    private int minPacketBytes;

    @Option(names = "--alternate-sizes", description = "with --min-packet-bytes: every host alternates between "
            + "--packet-bytes and --min-packet-bytes packets (seed 004 §3.2.2, Fig. 3.8) instead of random sizes")
    private boolean alternateSizes;

    @Option(names = "--flit-bytes", paramLabel = "B", defaultValue = "0",
            description = "split packets into flits of B bytes (default: whole packets)")
    private int flitBytes;

    @Option(names = "--buffer-packets", paramLabel = "N", defaultValue = "8",
            description = "input buffer per port and virtual channel, in packets (default: ${DEFAULT-VALUE})")
    private int bufferPackets;

    @Option(names = "--buffer-flits", paramLabel = "N",
            description = "input buffer in flits instead (BookSim's vc_buf_size)")
    private Integer bufferFlits;

    @Option(names = "--vcs", paramLabel = "N", defaultValue = "0",
            description = "virtual channels per port (default: one per routing layer)")
    private int vcs;

    @Option(names = "--flow-control", paramLabel = "FC", defaultValue = "credit",
            description = "credit|pfc|lossy (default: ${DEFAULT-VALUE})")
    private String flowControl;

    @Option(names = "--switching", paramLabel = "S", defaultValue = "vct",
            description = "vct|saf|wormhole (default: ${DEFAULT-VALUE}; wormhole needs --flit-bytes)")
    private String switching;

    @Option(names = "--speedup", paramLabel = "S", defaultValue = "1",
            description = "1 (crossbar, head-of-line blocking), infinite (seed 003), or 2..16: seed 001's router "
                    + "(VOQs, crossbar of that speedup, output buffers) (default: ${DEFAULT-VALUE})")
    private String speedup;

    @Option(names = "--output-buffer-bytes", paramLabel = "B", defaultValue = "512",
            description = "speedup 2..16: output buffer per port and VC (default: ${DEFAULT-VALUE}, seed 001 §3)")
    private long outputBufferBytes;

    @Option(names = "--allocator", paramLabel = "A", defaultValue = "islip",
            description = "speedup 1: islip|rr (default: ${DEFAULT-VALUE})")
    private String allocator;

    @Option(names = "--output-order", paramLabel = "O", defaultValue = "fcfs",
            description = "infinite speedup: fcfs|rr among inputs (default: ${DEFAULT-VALUE})")
    private String outputOrder;

    @Option(names = "--lanes", paramLabel = "SPEC", defaultValue = "rr",
            description = "lane (VL) arbitration: rr, or high=VL:W,..;low=VL:W,..;limit=N packets or limit-iba=U "
                    + "(4 KB units) (IBA; weights in 64-byte blocks) (default: ${DEFAULT-VALUE})")
    private String lanes;

    @Option(names = "--router-delay-ns", paramLabel = "NS", defaultValue = "100",
            description = "from a packet's arrival to its first chance to leave (default: ${DEFAULT-VALUE})")
    private double routerDelayNs;

    @Option(names = "--host-latency-ns", paramLabel = "NS", defaultValue = "0",
            description = "latency of host links (default: ${DEFAULT-VALUE})")
    private double hostLatencyNs;

    @Option(names = "--arrivals", paramLabel = "A", defaultValue = "bernoulli",
            description = "open-loop arrivals: bernoulli|poisson|periodic (default: ${DEFAULT-VALUE})")
    private String arrivals;

    @Option(names = "--duration-us", paramLabel = "T",
            description = "measured time (open loop, default 100), or time limit (flows, default 1000000)")
    private Double durationUs;

    @Option(names = "--warmup-us", paramLabel = "W", defaultValue = "10",
            description = "open loop: time before measurement starts (default: ${DEFAULT-VALUE})")
    private double warmupUs;

    @Option(names = "--drain", description = "open loop: after the measured time run until all packets arrived")
    private boolean drain;

    @Option(names = "--phases", paramLabel = "N", defaultValue = "1",
            description = "flows: phases per application (default: ${DEFAULT-VALUE})")
    private int phases;

    @Option(names = "--barrier-us", paramLabel = "T", defaultValue = "0",
            description = "flows: time between an application's phases (default: ${DEFAULT-VALUE})")
    private double barrierUs;

    @Option(names = "--deadlock-us", paramLabel = "T",
            description = "report a deadlock after buffers sent nothing for T (default: 4 slowest hops)")
    private Double deadlockUs;

    @Option(names = "--source-queue", paramLabel = "N", defaultValue = "1000",
            description = "open loop: packets a host may hold before refusing more (default: ${DEFAULT-VALUE})")
    private int sourceQueue;

    @Option(names = "--rates", paramLabel = "FILE",
            description = "flows: weft-rates/1 file; hosts inject at these rates with --scheduler")
    private Path rates;

    @Mixin
    private SimAllocationOptions allocation = new SimAllocationOptions();

    @Option(names = "--scheduler", paramLabel = "S", defaultValue = "ps",
            description = "with --rates or --allocate: ps (Periodic Selection) or svc (Shaped Virtual Clock) (default: "
                    + "${DEFAULT-VALUE})")
    private String scheduler;

    @Option(names = "--path-policy", paramLabel = "P", defaultValue = "vlb",
            description = "how hosts pick among a pair's paths (VLB, MP-LASH tags): " + PathPolicy.NAMES
                    + " (default: ${DEFAULT-VALUE})")
    private String pathPolicy;

    @Option(names = "--resequence", description = "receivers resequence each sender's packets (hybrid resequencer)")
    private boolean resequence;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "random seed (default: "
            + "${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--control", paramLabel = "C", description = "seed 001's hosts (messages, one flow queue per "
            + "destination) under none, ecn (InfiniBand-style, Table 1) or crp (channel reservation protocol), or "
            + "tcp (a TCP NewReno connection per host pair, docs/sim.md); --traffic may then also be "
            + MessageTraffic.NAMES + "; prints seed 001's figures (docs/crp.md)")
    private String control;

    @Option(names = "--tcp-min-rto-us", paramLabel = "US", defaultValue = "1000", description = "--control tcp: "
            + "minimum and initial retransmission timeout, µs (default: ${DEFAULT-VALUE})")
    private double tcpMinRtoUs;

    @Option(names = "--tcp-window-bytes", paramLabel = "B", defaultValue = "65535", description = "--control tcp: "
            + "receive window, bytes (default: ${DEFAULT-VALUE})")
    private long tcpWindowBytes;

    @Option(names = "--message-packets", paramLabel = "N|MIN-MAX", defaultValue = "8",
            description = "--control: packets per message, or uniform in MIN-MAX (default: ${DEFAULT-VALUE})")
    private String messagePackets;

    @Option(names = "--json", paramLabel = "FILE", description = "write weft-sim/1 results ('-' = stdout)")
    private Path json;

    @Option(names = "--details", description = "JSON: also per-host and per-link figures")
    private boolean details;

    @Option(names = "--plot", paramLabel = "FILE", description = "SVG: latency against accepted load")
    private Path plot;

    @Option(names = "--link-plot", paramLabel = "FILE",
            description = "SVG: utilisation of every link in the last run")
    private Path linkPlot;

    @Override
    protected int run() {
        topo.require();
        if ((routes == null) == (engines == null)) {
            throw new CliFailure("give exactly one of --routes FILE and --engines E[,E...]", CliFailure.USAGE);
        }
        Topology t = topo.read();
        SimConfig config = config();
        if (control != null) {
            ControlSim sim = new ControlSim(control, traffic, load, messagePackets, tcpMinRtoUs, tcpWindowBytes);
            Map<String, RoutingResult> named = new LinkedHashMap<>();
            routings(t).forEach(n -> named.put(n.name, n.result));
            return sim.run(t, named, config, spec().commandLine().getOut(), json,
                    TopologyFiles.summary(topo.file, t), details);
        }
        OnlineRates online = allocation.rates(scheduler, rates != null);
        List<Workload> workloads = workloads(t);
        List<Named> routings = routings(t);
        PrintWriter out = spec().commandLine().getOut();
        boolean toStdout = json != null && json.toString().equals("-");
        PrintWriter table = toStdout ? new PrintWriter(java.io.Writer.nullWriter()) : out;
        header(table, t, config, workloads.get(0));
        List<SimJson.Run> runs = new ArrayList<>();
        List<SimSvg.Curve> curves = new ArrayList<>();
        SimResult last = null;
        boolean deadlocked = false;
        int vcsUsed = 0;
        long started = System.nanoTime();
        for (Named named : routings) {
            Simulator sim;
            try {
                sim = new Simulator(t, named.result, config);
            } catch (IllegalArgumentException e) {
                throw new CliFailure(named.name + ": " + e.getMessage(), CliFailure.INPUT);
            }
            vcsUsed = sim.vcs();
            List<double[]> points = new ArrayList<>();
            for (Workload w : workloads) {
                long t0 = System.nanoTime();
                long cpu0 = CPU.getCurrentThreadCpuTime();
                SimResult r;
                InjectionPolicy.Factory policy = policy(w);
                try {
                    r = online != null ? sim.run((Workload.Phases) w, online, List.of())
                            : policy == null ? sim.run(w) : sim.run(w, policy, List.of());
                } catch (SimulationException | InfeasibleRequest e) {
                    throw new CliFailure(named.name + ": " + e.getMessage(), CliFailure.INPUT);
                }
                double wallMs = (System.nanoTime() - t0) / 1e6;
                double cpuMs = (CPU.getCurrentThreadCpuTime() - cpu0) / 1e6;
                Map<String, Object> extra = new LinkedHashMap<>();
                extra.put("vcs", sim.vcs());
                if (named.verdict != null) {
                    extra.put("verifier", named.verdict);
                }
                extra.put("wall_ms", Math.round(wallMs * 10) / 10.0);
                extra.put("cpu_ms", Math.round(cpuMs * 10) / 10.0);
                extra.put("flit_hops_per_cpu_s", Math.round(r.flitHops() / Math.max(1e-9, cpuMs / 1e3)));
                if (online != null) {
                    extra.put("allocation", Map.of("allocator", allocation.allocator(), "scheduler", scheduler,
                            "interval_ns", online.intervalPs() / 1000.0,
                            "control_delay_ns", online.controlDelayPs() / 1000.0));
                }
                runs.add(new SimJson.Run(named.name, r, extra));
                row(table, named.name, sim.vcs(), r);
                if (!Double.isNaN(r.latencyNs().mean()) && r.deadlock() == null) {
                    points.add(new double[] {r.accepted(), r.latencyNs().mean(), r.offered()});
                }
                deadlocked |= r.deadlock() != null;
                last = r;
            }
            curves.add(new SimSvg.Curve(named.name, points));
        }
        table.printf(Locale.ROOT, "(%.1f s)%n", (System.nanoTime() - started) / 1e9);
        table.flush();
        if (json != null) {
            String text = SimJson.write(TopologyFiles.summary(topo.file, t), config, vcsUsed, runs, details);
            TopologyFiles.write(json, out, w -> w.write(text));
        }
        if (plot != null) {
            String title = t.name() + ", " + workloads.get(0).name();
            TopologyFiles.write(plot, out, w -> w.write(SimSvg.latencyCurve(title, curves)));
        }
        if (linkPlot != null && last != null) {
            SimResult lastRun = last;
            TopologyFiles.write(linkPlot, out, w -> w.write(SimSvg.linkUtilisation(t, lastRun)));
        }
        out.flush();
        return deadlocked ? DEADLOCK : 0;
    }

    /** A routing result with the name it is reported under and the verifier's one-line verdict. */
    private record Named(String name, RoutingResult result, String verdict) {
    }

    private List<Named> routings(Topology t) {
        List<Named> out = new ArrayList<>();
        if (routes != null) {
            RoutingResult r = TopologyFiles.readRoutes(routes);
            out.add(new Named(r.engine(), r, verify ? DeadlockVerifier.verify(t, r).verdict() : null));
            return out;
        }
        RoutingOptions options = RoutingOptions.defaults().withMaxLayers(maxLayers);
        for (RoutingEngine e : CliFailure.parsing("--engines", () -> RoutingEngines.byNames(engines))) {
            try {
                RoutingResult r = e.compute(t, options);
                out.add(new Named(e.name(), r, DeadlockVerifier.verify(t, r).verdict()));
            } catch (RoutingFailure f) {
                throw new CliFailure(f.getMessage(), CliFailure.INPUT);
            }
        }
        return out;
    }

    private SimConfig config() {
        if (packetBytes < 1 || flitBytes < 0 || bufferPackets < 1 || vcs < 0 || phases < 1 || sourceQueue < 1
                || (bufferFlits != null && bufferFlits < 1)) {
            throw new CliFailure("--packet-bytes, --buffer-packets, --buffer-flits, --phases and --source-queue must"
                    + " be >= 1, --flit-bytes and --vcs >= 0", CliFailure.USAGE);
        }
        boolean flows = traffic.startsWith("flows:");
        double duration = durationUs != null ? durationUs : flows ? 1e6 : 100;
        if (!(duration > 0) || !(warmupUs >= 0) || !(routerDelayNs >= 0) || !(hostLatencyNs >= 0)
                || !(barrierUs >= 0) || (deadlockUs != null && !(deadlockUs > 0))) {
            throw new CliFailure("--duration-us and --deadlock-us must be > 0; --warmup-us, --router-delay-ns, "
                    + "--host-latency-ns and --barrier-us >= 0", CliFailure.USAGE);
        }
        long buffer = bufferFlits != null ? (long) bufferFlits * (flitBytes > 0 ? flitBytes : packetBytes)
                : (long) bufferPackets * packetBytes;
        try {
            return SimConfig.defaults().withPacketBytes(packetBytes).withFlitBytes(flitBytes).withBufferBytes(buffer)
                    .withVcs(vcs).withFlowControl(choice("--flow-control", flowControl, SimConfig.FlowControlKind
                            .values())).withSwitching(switching()).withInfiniteSpeedup(infinite())
                    .withVoqRouter(voqRouter())
                    .withAllocator(allocator).withOutputOrder(outputOrder)
                    .withLaneArbitration(VlArbitrationSpec.parse(lanes))
                    .withRouterDelayPs(Math.round(routerDelayNs * 1000))
                    .withHostLatencyPs(Math.round(hostLatencyNs * 1000))
                    .withArrivals(choice("--arrivals", arrivals, SimConfig.Arrivals.values()))
                    .withDurationPs(Math.round(duration * 1e6))
                    .withWarmupPs(flows ? 0 : Math.round(warmupUs * 1e6))
                    .withDrain(drain).withSeed(seed).withSourceQueuePackets(sourceQueue)
                    .withDeadlockPs(deadlockUs == null ? 0 : Math.round(deadlockUs * 1e6))
                    .withPathPolicy(pathPolicy(pathPolicy)).withResequence(resequence)
                    .withMinPacketBytes(minPacketBytes).withAlternateSizes(alternateSizes);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.USAGE);
        }
    }

    private static String pathPolicy(String name) {
        for (String known : PathPolicy.NAMES.split(", ")) {
            if (known.equals(name)) {
                return name;
            }
        }
        throw new CliFailure("--path-policy: unknown '" + name + "', expected one of " + PathPolicy.NAMES,
                CliFailure.USAGE);
    }

    private SimConfig.Switching switching() {
        return switch (switching.toLowerCase(Locale.ROOT)) {
            case "vct" -> SimConfig.Switching.VCT;
            case "saf", "store-and-forward" -> SimConfig.Switching.STORE_AND_FORWARD;
            case "wormhole" -> SimConfig.Switching.WORMHOLE;
            default -> throw new CliFailure("--switching: unknown '" + switching + "', expected vct, saf or wormhole",
                    CliFailure.USAGE);
        };
    }

    private boolean infinite() {
        return switch (speedup.toLowerCase(Locale.ROOT)) {
            case "infinite", "inf" -> true;
            default -> false;
        };
    }

    /** Seed 001's router for a speedup of 2 and more, null for 1 and infinite. */
    private VoqRouter voqRouter() {
        if (infinite() || speedup.equals("1")) {
            return null;
        }
        try {
            return new VoqRouter(Integer.parseInt(speedup), outputBufferBytes);
        } catch (IllegalArgumentException e) {
            throw new CliFailure("--speedup: expected 1, infinite or 2..16 (with --output-buffer-bytes >= 1), got '"
                    + speedup + "' (" + outputBufferBytes + " B output buffers)", CliFailure.USAGE);
        }
    }

    private static <E extends Enum<E>> E choice(String option, String value, E[] values) {
        List<String> names = new ArrayList<>();
        for (E e : values) {
            if (e.name().equalsIgnoreCase(value)) {
                return e;
            }
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        throw new CliFailure(option + ": unknown '" + value + "', expected one of " + String.join(", ", names),
                CliFailure.USAGE);
    }

    private List<Workload> workloads(Topology t) {
        List<Workload> out = new ArrayList<>();
        if (traffic.startsWith("flows:")) {
            Path file = Path.of(traffic.substring("flows:".length()));
            List<Flow> flows = TopologyFiles.readFlows(file);
            for (Flow f : flows) {
                if (t.findHost(f.src()).isEmpty() || t.findHost(f.dst()).isEmpty()) {
                    throw new CliFailure(file + ": flow " + f.id() + ": unknown host " + (t.findHost(f.src())
                            .isEmpty() ? f.src() : f.dst()) + " in " + topo.file + " (flows for another topology?)",
                            CliFailure.INPUT);
                }
            }
            out.add(new Workload.Phases("flows:" + file.getFileName(), flows, phases, Math.round(barrierUs * 1e6),
                    assignedRates(flows)));
            return out;
        }
        if (rates != null || allocation.given()) {
            throw new CliFailure((rates != null ? "--rates" : "--allocate") + " needs flows (--traffic flows:FILE): "
                    + "rates are per flow", CliFailure.USAGE);
        }
        for (String l : load.split(",")) {
            double value;
            try {
                value = Double.parseDouble(l.trim());
            } catch (NumberFormatException e) {
                throw new CliFailure("--load: '" + l.trim() + "' is not a number", CliFailure.USAGE);
            }
            out.add(new Workload.OpenLoop(CliFailure.parsing("--traffic",
                    () -> TrafficPatterns.parse(traffic, t.hosts().size(), seed)), value));
        }
        return out;
    }

    /** The --rates file's rates, checked against the flows: every rate names a flow, every flow has a rate. */
    private Map<String, Double> assignedRates(List<Flow> flows) {
        if (rates == null) {
            return Map.of();
        }
        Map<String, Double> r;
        try {
            r = RatesJson.read(rates.toString(), TopologyFiles.readText(rates, RatesJson.MAX_CHARS,
                    "a " + RatesJson.FORMAT + " file"));
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), CliFailure.INPUT);
        }
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (Flow f : flows) {
            ids.add(f.id());
            if (!r.containsKey(f.id())) {
                throw new CliFailure(rates + ": no rate for flow " + f.id() + " of " + traffic.substring(6),
                        CliFailure.INPUT);
            }
        }
        for (String id : r.keySet()) {
            if (!ids.contains(id)) {
                throw new CliFailure(rates + ": rate for unknown flow " + id + " (not in " + traffic.substring(6)
                        + ")", CliFailure.INPUT);
            }
        }
        return r;
    }

    /** The hosts' injection control: rates with the chosen scheduler when --rates is given, else none (NC). */
    private InjectionPolicy.Factory policy(Workload w) {
        if (!(w instanceof Workload.Phases p) || p.assignedGbps().isEmpty()) {
            return null;
        }
        double[] gbps = new double[p.flows().size()];
        for (int i = 0; i < gbps.length; i++) {
            gbps[i] = p.assignedGbps().get(p.flows().get(i).id());
        }
        return CliFailure.parsing("--scheduler", () -> RatedInjection.factory(scheduler, gbps));
    }

    private void header(PrintWriter out, Topology t, SimConfig c, Workload w) {
        out.printf(Locale.ROOT, "weft sim: %s (%d switches, %d hosts, %d links), traffic %s%n", t.name(),
                t.switches().size(), t.hosts().size(), t.links().size(), w.name());
        out.printf(Locale.ROOT, "          %d B packets%s, %s flow control, %s, speedup %s, buffers %d B per VC, "
                        + "router delay %.0f ns; %s%n", c.packetBytes(),
                c.flitBytes() > 0 ? " in " + c.flitBytes() + " B flits" : "", c.flowControl().name().toLowerCase(),
                c.switching().name().toLowerCase().replace('_', '-'),
                c.voqRouter() != null ? c.voqRouter().speedup() + " (VOQ, " + c.voqRouter().outputBufferBytes()
                        + " B output buffers, separable input-first)" : c.infiniteSpeedup() ? "infinite ("
                        + c.outputOrder() + ")" : "1 (" + c.allocator() + ")",
                c.bufferBytes(), c.routerDelayPs() / 1000.0, w instanceof Workload.OpenLoop
                        ? String.format(Locale.ROOT, "%.0f us measured after %.0f us", c.durationPs() / 1e6,
                        c.warmupPs() / 1e6) : String.format(Locale.ROOT, "phases, time limit %.0f us",
                        (c.warmupPs() + c.durationPs()) / 1e6));
        out.printf("%-8s %4s %5s %8s %8s %8s %11s %11s %11s %10s %7s  %s%n", "routes", "vcs", "load", "offered",
                "accepted", "min", "lat mean ns", "lat p99 ns", "lat max ns", "delivered", "dropped", "result");
    }

    private static void row(PrintWriter out, String name, int vcs, SimResult r) {
        String result = r.deadlock() != null
                ? String.format(Locale.ROOT, "DEADLOCK at %.1f us", r.deadlock().timePs() / 1e6)
                : r.phases().isEmpty() ? "ok" : String.format(Locale.ROOT, "phases done: %d, last at %.1f us",
                r.phases().size(), r.phases().stream().mapToDouble(SimResult.PhaseTime::completionNs).max()
                        .orElse(0) / 1000);
        out.printf(Locale.ROOT, "%-8s %4d %5s %8s %8s %8s %11s %11s %11s %10d %7d  %s%n", name, vcs,
                fmt(r.load(), 2), fmt(r.offered(), 3), fmt(r.accepted(), 3), fmt(r.acceptedMin(), 3),
                fmt(r.latencyNs().mean(), 1), fmt(r.latencyNs().p99(), 1), fmt(r.latencyNs().max(), 1),
                r.deliveredPackets(), r.droppedPackets(), result);
        if (r.deadlock() != null) {
            out.printf("         cycle: %s%n", r.deadlock().cycle());
        }
        if (r.resequencing() != null) {
            SimResult.Resequencing q = r.resequencing();
            out.printf(Locale.ROOT, "         resequencer: %d of %d packets arrived out of order, %d put back in order,"
                    + " %d delivered late, %d timeouts; delay mean %s ns, p99 %s ns%n", q.reordered(), q.arrivals(),
                    q.fixed(), q.late(), q.timeouts(), fmt(q.delayNs().mean(), 1), fmt(q.delayNs().p99(), 1));
        }
    }

    private static String fmt(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}

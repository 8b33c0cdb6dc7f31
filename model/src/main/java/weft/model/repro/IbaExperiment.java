package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.qos.HighPriorityLimit;
import weft.model.qos.ServiceLevels;
import weft.model.sim.Simulator;

/**
 * The knobs the InfiniBand reproductions share ({@code qos}, {@code admission}; seed 002 §4.2.2, §4.3) and their
 * values in one run: the fabrics, the run length, the switch model and the load sweep that finds the saturation
 * point. Setup in {@link IbaSetup}.
 *
 * @param switches   switches of each random fabric
 * @param count      random fabrics averaged
 * @param cycles     measured cycles per run
 * @param warmup     cycles simulated before measuring
 * @param router     a switch's delay in cycles
 * @param crossbar   the thesis's crossbar switch (speedup 1, round-robin outputs) rather than infinite speedup
 * @param buffer     input buffer per VL, in packets
 * @param queue      packets a host holds before refusing more
 * @param limit      the limit of high priority
 * @param highFactor the high mark, times the saturation load
 * @param loads      mean offered loads of the sweep, increasing
 */
record IbaExperiment(int switches, int count, long cycles, long warmup, int router, boolean crossbar, int buffer,
                     int queue,
                     HighPriorityLimit limit, double highFactor, List<Double> loads) {
    /** The shared parameters, then {@code extra}. */
    static List<Parameter> parameters(Parameter... extra) {
        List<Parameter> out = new ArrayList<>(List.of(
                new Parameter("switches", "switches of each random fabric (5 hosts and at most 5 switch links each)",
                        "32", "16"),
                new Parameter("fabrics", "random fabrics averaged (seeds S, S+1, ...; the thesis: 16)", "16", "1"),
                new Parameter("cycles", "measured cycles per run (a cycle is 1/32 of a packet time)", "20000",
                        "8000"),
                new Parameter("warmup-cycles", "cycles simulated before measuring", "5000", "2000"),
                new Parameter("loads", "mean offered loads per host of the sweep that finds saturation, fractions "
                        + "of the link", "0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5,0.55,0.6",
                        "0.1,0.2,0.3,0.4,0.5"),
                new Parameter("high", "the high mark, times the saturation load (the low mark is half of it)", "1.5",
                        "1.5"),
                new Parameter("switch", "crossbar (the thesis's: speedup 1, one packet per link crosses at a time, "
                        + "round-robin output arbitration, head-of-line blocking per VL) or shared (infinite speedup, "
                        + "output queues)", "crossbar", "crossbar"),
                new Parameter("buffer", "input buffer per VL, in packets (the thesis's packet of input buffer and "
                        + "flits of output buffer)", "2", "2"),
                new Parameter("router-cycles", "switch delay from a packet's arrival to its first chance to leave "
                        + "(one packet time: the thesis's low-load latencies)", "32", "32"),
                new Parameter("limit", "limit of high priority: packets N, iba U (4 KB units) or unbounded",
                        "unbounded", "unbounded"),
                new Parameter("queue", "packets a host holds before refusing more", "64", "64")));
        out.addAll(List.of(extra));
        return out;
    }

    /**
     * The shared parameters' values.
     *
     * @throws IllegalArgumentException naming a parameter whose value is out of range
     */
    static IbaExperiment of(ReproOptions o) {
        return new IbaExperiment(o.integer("switches", 4, 256), o.integer("fabrics", 1, 256),
                o.integer("cycles", 100, 100_000_000), o.integer("warmup-cycles", 0, 100_000_000),
                o.integer("router-cycles", 0, 100_000), crossbar(o.string("switch")), o.integer("buffer", 1, 1024),
                o.integer("queue", 1, 1 << 20),
                limit(o.string("limit")), o.number("high", 1, 10), LoadSweep.loads(o));
    }

    /** The {@code --switch} value: {@code crossbar} (true) or {@code shared}. */
    static boolean crossbar(String v) {
        return switch (v.trim()) {
            case "crossbar" -> true;
            case "shared" -> false;
            default -> throw new IllegalArgumentException("--switch: expected crossbar or shared, got '" + v + "'");
        };
    }

    /** The {@code --limit} value: {@code unbounded}, {@code packets N} or {@code iba U}. */
    static HighPriorityLimit limit(String v) {
        String[] parts = v.trim().split("[ :=]+");
        try {
            if (parts.length == 1 && parts[0].equals("unbounded")) {
                return HighPriorityLimit.unbounded();
            }
            if (parts.length == 2 && parts[0].equals("packets")) {
                return HighPriorityLimit.packets(Integer.parseInt(parts[1]));
            }
            if (parts.length == 2 && parts[0].equals("iba")) {
                return HighPriorityLimit.iba(Integer.parseInt(parts[1]));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--limit: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("--limit: expected unbounded, packets N or iba U, got '" + v + "'");
    }

    /** The fabrics of the run, seeded {@code seed, seed + 1, ...}. */
    List<IbaSetup.Fabric> fabrics(int classes, long seed) {
        return IbaSetup.Fabric.of(switches, count, classes, seed);
    }

    /** One simulator per fabric with the arbitration of {@code levels}. */
    List<Simulator> simulators(List<IbaSetup.Fabric> of, ServiceLevels levels) {
        List<Simulator> out = new ArrayList<>();
        for (IbaSetup.Fabric f : of) {
            out.add(IbaSetup.simulator(f.topology(), f.routes(), levels, crossbar, limit, buffer, router, warmup,
                    cycles, f.seed()));
        }
        return out;
    }

    /** The load sweep of {@code levels} over the fabrics. */
    List<ServiceLevelSweep.Point> sweep(List<Simulator> sims, List<IbaSetup.Fabric> of, ServiceLevels levels) {
        return ServiceLevelSweep.run(sims, of, levels, loads, queue);
    }

    /** Every fabric at mean load {@code load}, each host offering its level's share. */
    ServiceLevelMark mark(List<Simulator> sims, List<IbaSetup.Fabric> of, ServiceLevels levels, double load) {
        double[][] perHost = new double[of.size()][];
        for (int i = 0; i < of.size(); i++) {
            perHost[i] = IbaSetup.hostLoads(levels, of.get(i).serviceLevel(), load);
        }
        return mark(sims, of, levels.size(), perHost);
    }

    /** Every fabric with the given per-host loads. */
    ServiceLevelMark mark(List<Simulator> sims, List<IbaSetup.Fabric> of, int classes, double[][] hostLoads) {
        return ServiceLevelMark.run(sims, of, classes, hostLoads, queue);
    }

    /** Every fabric with the given per-host loads, each cut into flows of peak {@code flow} (§5.4.2). */
    ServiceLevelMark mark(List<Simulator> sims, List<IbaSetup.Fabric> of, int classes, double[][] hostLoads,
                          double flow) {
        return ServiceLevelMark.run(sims, of, classes, hostLoads, queue, flow);
    }

    /** The setup line's shared part; {@code limitText} is the {@code --limit} as given. */
    String describe(int layers, String limitText) {
        return String.format(Locale.ROOT, "%d %d-switch irregular fabrics (5 hosts per switch, at most 5 "
                + "switch links), LASH %d layers per SL, 64-byte packets (32 cycles), %s switches, %d-packet VL "
                + "buffers, VCT, router %d cycles, limit of high priority %s, random pairs, Poisson; %d + %d cycles "
                + "per run", count, switches, layers, crossbar ? "crossbar" : "shared-memory", buffer, router,
                limitText, warmup, cycles);
    }
}

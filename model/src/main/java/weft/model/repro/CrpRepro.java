package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.sim.control.ControlResult;
import weft.model.sim.VoqRouter;
import weft.model.sim.control.ControlRun.Control;

/**
 * Seed 001 §4 (Figs. 6-9): the channel reservation protocol against no congestion control and InfiniBand-style ECN on
 * two clusters joined by over-subscribed channels ({@link CrpRuns}): global uniform random traffic at 95% (§4.1,
 * Figs. 6-7: accepted rates, their spread, retries, control overhead), the hotspot pattern (§4.1), the combined
 * pattern's benign foreground at 95% (§4.2, Fig. 8) and the step from 40% intra-cluster traffic to the combined
 * pattern (§4.3, Fig. 9: how long each scheme's foreground is disturbed).
 *
 * <p>Each scheme is measured in its steady state: the combined pattern's ECN run warms up past ECN's own recovery
 * time (§4.3 says 300,000 cycles), the others after {@code warmup}. Accepted rates are flits per cycle per source
 * among the sources of the pattern; latencies are in-network, in cycles; the control overhead of the claims is control
 * flits per data flit delivered (§4.1's 14% is 18 one-flit requests and 18 answers per 256-flit message), the
 * table also gives control flits over all flits on the links.
 */
final class CrpRepro implements Reproduction.Experiment {
    /** {@code weft repro crp}: the paper's experiment, one line. */
    static final String TITLE = "Seed 001 Figs. 6-9: CRP vs ECN vs no control on two clusters with over-subscribed "
            + "channels";
    private static final Tolerance DEFAULT = Tolerance.defaultRelative();
    private static final Tolerance ONE_DIGIT = Tolerance.absolute(0.005, "the paper gives one digit (0.01)");
    static final List<Claim> CLAIMS = List.of(
            claim("R2", "global UR at 95%: CRP's mean accepted rate / ECN's ('5x')", 5, "ratio", DEFAULT,
                    1.5, 20),
            claim("R2.crpmin", "global UR at 95%: CRP's least accepted rate of a source (paper: above 0.05)",
                    0.05, "flits/cycle", Tolerance.atLeast(0, "the paper states a bound"), 0.05, 1),
            claim("R2.ecn", "global UR at 95%: ECN's mean accepted rate (paper: at most 0.05, tree saturation)",
                    0.05, "flits/cycle", Tolerance.atMost(0, "the paper states a bound"), 0, 0.3),
            claim("R3.crp", "global UR at 95%: CRP's standard deviation of accepted rates / mean", 6.5, "%",
                    DEFAULT, 0, 60),
            claim("R3.ecn", "global UR at 95%: ECN's standard deviation of accepted rates / mean", 12, "%",
                    DEFAULT, 5, 150),
            claim("R5.retry", "global UR at 95%: CRP's retry probability of a request", 0.95, "fraction",
                    DEFAULT, 0.5, 1),
            claim("R5.crp", "global UR at 95%: CRP's control overhead (control flits per data flit delivered)", 14,
                    "%", DEFAULT, 1, 60),
            claim("R5.ecn", "global UR at 95%: ECN's control overhead (control flits per data flit delivered)", 1,
                    "%",
                    Tolerance.absolute(0.5, "the paper gives one digit (1%)"), 0, 3),
            claim("R6", "hotspot: CRP's mean accepted rate of a sender (bottleneck bandwidth)", 0.01,
                    "flits/cycle", ONE_DIGIT, 0.1, 0.13),
            claim("R6.ecn", "hotspot: ECN's standard deviation of accepted rates / CRP's", 2.5, "ratio", DEFAULT,
                    0.1, 5),
            claim("R6.none", "hotspot: no control's standard deviation of accepted rates / CRP's", 14, "ratio",
                    DEFAULT, 0.5, 20),
            // quick size: 16 flows share a hotspot's 32-slot window, one reservation each, so its table never fills
            claim("R6.retry", "hotspot at 95%: CRP's retry probability (destination tables full)", 0.75,
                    "fraction", DEFAULT, 0, 1),
            claim("R6.crp", "hotspot at 95%: CRP's control overhead (control flits per data flit delivered)", 4,
                    "%", DEFAULT, 0.5, 30),
            claim("R7.ecn", "combined at 95%: ECN's foreground accepted / offered ('all offered traffic')", 1,
                    "ratio", Tolerance.absolute(0.05, "'all': within 5%"), 0.3, 1.05),
            claim("R7.crp", "combined at 95%: CRP's foreground accepted / offered ('all offered traffic')", 1,
                    "ratio", Tolerance.absolute(0.05, "'all': within 5%"), 0.5, 1.05),
            claim("R7.min", "combined at 95%: CRP's least accepted rate of a source below ECN's", 3.5, "%",
                    Tolerance.absolute(3.5, "a few percent: within 3.5 points"), -200, 100),
            claim("R7.retry", "combined at 95%: CRP's retry probability", 1.3, "%",
                    Tolerance.absolute(1, "a small probability: within 1 point"), 0, 30),
            claim("R7.latency", "combined at 95%: ECN's mean network latency / CRP's", 1.15, "ratio", DEFAULT,
                    0.5, 10),
            claim("R7.ecnmax", "combined at 95%: ECN's largest network latency", 4391, "cycles", DEFAULT,
                    500, 1e6),
            claim("R7.crpmax", "combined at 95%: CRP's largest network latency", 4913, "cycles", DEFAULT,
                    200, 1e5),
            claim("R7.min-latency", "combined at 95%: CRP's least network latency", 39, "cycles", DEFAULT,
                    39, 100),
            claim("R1.ecn", "step: cycles ECN's foreground is disturbed after the hotspot onset", 300_000,
                    "cycles", DEFAULT, 4000, 1e7),
            claim("R1.crp", "step: cycles CRP's foreground is disturbed after the onset ('unaffected')", 0,
                    "cycles", Tolerance.atMost(10_000, "one 10,000-cycle bin of Fig. 9"), 0, 4000),
            claim("R1.peak", "step: ECN's largest mean network latency during the transition", 37_000, "cycles",
                    DEFAULT, 600, 1e6),
            claim("R1.settled", "step: ECN's mean network latency once stable", 120, "cycles", DEFAULT,
                    60, 2000));
    static final List<Parameter> PARAMETERS = List.of(
            knob("leaves", "leaves (and spines, and hosts per leaf) of each cluster", "12", "4"),
            knob("inter", "inter-cluster channels each way", "4", "1"),
            knob("load", "foreground offered load per source (flits per cycle)", "0.95", "0.95"),
            knob("warmup", "warm-up cycles before measuring", "20000", "4000"),
            knob("cycles", "measured cycles (global UR, combined)", "50000", "8000"),
            knob("ecn-warmup", "warm-up of ECN's combined run (its recovery, §4.3)", "400000", "40000"),
            knob("hotspot-cycles", "measured cycles of the hotspot runs", "200000", "40000"),
            knob("onset", "step: cycles of intra-cluster traffic at 0.4 before the hotspots start", "50000",
                    "10000"),
            knob("step-cycles", "step: cycles measured after the onset", "400000", "60000"),
            knob("bin", "step: bin of the time series, cycles", "10000", "2000"),
            knob("random-retry", "CRP: §2.6's randomised retry wait, each wait drawn from half to 1.5 times §2.4's "
                    + "(on|off)", "on", "on"),
            knob("retry-jitter", "CRP: random extra wait after a retry, up to this many cycles", "0", "0"),
            knob("outstanding", "CRP: segments a flow queue keeps reserving, each from its request until its data "
                    + "has gone (docs/crp.md decision 12)", "1", "1"),
            knob("router", "routers: paper (§3: VOQs, crossbar speedup 2, 512 B output buffers, separable "
                    + "input-first allocation) or infinite (output-queued, infinite speedup)", "infinite",
                    "infinite"));

    private static Claim claim(String id, String what, double paper, String unit, Tolerance tolerance,
                               double quickMin, double quickMax) {
        return new Claim(id, what, paper, unit, tolerance, new Band(quickMin, quickMax));
    }

    private static Parameter knob(String name, String description, String paper, String quick) {
        return new Parameter(name, description, paper, quick);
    }

    /** The nine runs are independent (each its own simulator and seed): the options' runner may run them together. */
    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        int leaves = o.integer("leaves", 2, 16);
        int inter = o.integer("inter", 1, leaves);
        double load = o.number("load", 0.01, 1);
        long warmup = o.integer("warmup", 0, 10_000_000);
        long cycles = o.integer("cycles", 1000, 10_000_000);
        long ecnWarmup = o.integer("ecn-warmup", 0, 10_000_000);
        long hotspotCycles = o.integer("hotspot-cycles", 1000, 10_000_000);
        long onset = o.integer("onset", 1000, 10_000_000);
        long stepCycles = o.integer("step-cycles", 1000, 10_000_000);
        int bin = o.integer("bin", 100, 1_000_000);
        long jitter = o.integer("retry-jitter", 0, 10_000_000);
        int outstanding = o.integer("outstanding", 1, 64);
        String random = o.string("random-retry").trim();
        if (!random.equals("on") && !random.equals("off")) {
            throw new IllegalArgumentException("--random-retry: expected on or off, got '" + random + "'");
        }
        String router = o.string("router").trim();
        if (!router.equals("paper") && !router.equals("infinite")) {
            throw new IllegalArgumentException("--router: expected paper or infinite, got '" + router + "'");
        }
        CrpRuns runs = new CrpRuns(leaves, inter, o.seed(), bin, random.equals("on"), jitter, outstanding,
                router.equals("paper") ? VoqRouter.paper() : null);

        String step = "step:" + onset * CrpRuns.CYCLE_PS / 1000;
        long before = Math.max(0, onset - 2L * bin);
        // the longest runs first, so that a pool of threads finishes them together
        List<ControlResult> done = o.runner().all(List.<Supplier<ControlResult>>of(
                () -> runs.run(Control.ECN, "combined", load, ecnWarmup, cycles),
                () -> runs.run(Control.ECN, step, 0.4, before, onset - before + stepCycles),
                () -> runs.run(Control.CRP, step, 0.4, before, onset - before + stepCycles),
                () -> runs.run(Control.NONE, "hotspot", 1, warmup, hotspotCycles),
                () -> runs.run(Control.ECN, "hotspot", 1, warmup, hotspotCycles),
                () -> runs.run(Control.CRP, "hotspot", 1, warmup, hotspotCycles),
                () -> runs.run(Control.ECN, "global-uniform", load, warmup, cycles),
                () -> runs.run(Control.CRP, "global-uniform", load, warmup, cycles),
                () -> runs.run(Control.CRP, "combined", load, warmup, cycles)));
        ControlResult cEcn = done.get(0);
        ControlResult sEcn = done.get(1);
        ControlResult sCrp = done.get(2);
        ControlResult hNone = done.get(3);
        ControlResult hEcn = done.get(4);
        ControlResult hCrp = done.get(5);
        ControlResult gEcn = done.get(6);
        ControlResult gCrp = done.get(7);
        ControlResult cCrp = done.get(8);
        CrpRuns.Transient tEcn = CrpRuns.Transient.of(sEcn.series(), onset, 2);
        CrpRuns.Transient tCrp = CrpRuns.Transient.of(sCrp.series(), onset, 2);

        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(gCrp.accepted() / gEcn.accepted()),
                CLAIMS.get(1).measured(gCrp.acceptedMin()),
                CLAIMS.get(2).measured(gEcn.accepted()),
                CLAIMS.get(3).measured(100 * gCrp.acceptedStd() / gCrp.accepted()),
                CLAIMS.get(4).measured(100 * gEcn.acceptedStd() / gEcn.accepted()),
                CLAIMS.get(5).measured(gCrp.retryProbability()),
                CLAIMS.get(6).measured(100 * gCrp.controlPerData()),
                CLAIMS.get(7).measured(100 * gEcn.controlPerData()),
                CLAIMS.get(8).measured(hCrp.accepted()),
                CLAIMS.get(9).measured(hEcn.acceptedStd() / hCrp.acceptedStd()),
                CLAIMS.get(10).measured(hNone.acceptedStd() / hCrp.acceptedStd()),
                CLAIMS.get(11).measured(hCrp.retryProbability()),
                CLAIMS.get(12).measured(100 * hCrp.controlPerData()),
                CLAIMS.get(13).measured(cEcn.accepted() / cEcn.offered()),
                CLAIMS.get(14).measured(cCrp.accepted() / cCrp.offered()),
                CLAIMS.get(15).measured(100 * (cEcn.acceptedMin() - cCrp.acceptedMin()) / cEcn.acceptedMin()),
                CLAIMS.get(16).measured(100 * cCrp.retryProbability()),
                CLAIMS.get(17).measured(cEcn.latencyMean() / cCrp.latencyMean()),
                CLAIMS.get(18).measured(cEcn.latencyMax()),
                CLAIMS.get(19).measured(cCrp.latencyMax()),
                CLAIMS.get(20).measured(cCrp.latencyMin()),
                CLAIMS.get(21).measured(tEcn.recoveryCycles()),
                CLAIMS.get(22).measured(tCrp.recoveryCycles()),
                CLAIMS.get(23).measured(tEcn.peakLatency()),
                CLAIMS.get(24).measured(tEcn.settledLatency()));
        List<List<String>> rows = new ArrayList<>();
        row(rows, "global UR " + load, "ECN", gEcn);
        row(rows, "global UR " + load, "CRP", gCrp);
        row(rows, "hotspot", "none", hNone);
        row(rows, "hotspot", "ECN", hEcn);
        row(rows, "hotspot", "CRP", hCrp);
        row(rows, "combined " + load, "ECN", cEcn);
        row(rows, "combined " + load, "CRP", cCrp);
        row(rows, "step 0.4", "ECN", sEcn);
        row(rows, "step 0.4", "CRP", sCrp);
        ResultTable table = new ResultTable("Every run: accepted rates of the pattern's sources (flits/cycle), "
                + "in-network latency (cycles), control flits per data flit delivered and per flit on links, CRP's "
                + "requests and retry probability, ECN's notifications", List.of("pattern", "scheme", "offered",
                "accepted", "least", "std/mean", "latency mean", "latency max", "control/data", "control/all",
                "requests", "retry p.", "notifications"), rows);
        Chart chart = new Chart("Seed 001 Fig. 9: foreground throughput after the hotspot onset at cycle " + onset,
                "cycle", "foreground accepted (flits/cycle/source)", false, List.of(
                        new Chart.Series("ECN", points(sEcn, before)), new Chart.Series("CRP", points(sCrp, before)),
                        new Chart.Series("offered", List.of(new double[] {before, 0.4},
                                new double[] {onset + stepCycles, 0.4}), true)));
        String setup = String.format(Locale.ROOT, "2 clusters x %d hosts (%d leaves, %d spines), %d inter-cluster "
                        + "channels each way; 1 flit/cycle links; 4 KB VOQ input buffers, credits; %s routers; "
                        + "8-packet messages; "
                        + "warm-up %d cycles (ECN combined %d), %d measured (hotspot %d; step: onset %d, %d after); "
                        + "CRP randomised retry %s, extra retry jitter %d cycles, %d outstanding requests per flow "
                        + "queue",
                runs.hosts() / 2, leaves, leaves, inter,
                router.equals("paper") ? "speedup-2 crossbar and 512 B output buffer" : "infinite-speedup", warmup,
                ecnWarmup, cycles, hotspotCycles, onset, stepCycles, random, jitter, outstanding);
        return ReproResult.of(repro, o, setup, claims, List.of(table), chart);
    }

    private static void row(List<List<String>> rows, String pattern, String scheme, ControlResult r) {
        rows.add(List.of(pattern, scheme, fmt(r.offered()), fmt(r.accepted()), fmt(r.acceptedMin()),
                fmt(r.acceptedStd() / r.accepted()), String.format(Locale.ROOT, "%.0f", r.latencyMean()),
                String.format(Locale.ROOT, "%.0f", r.latencyMax()), fmt(r.controlPerData()), fmt(r.controlOverhead()),
                Long.toString(r.requests()), fmt(r.retryProbability()), Long.toString(r.notifications())));
    }

    private static List<double[]> points(ControlResult r, long from) {
        return r.series().stream().filter(b -> b.startCycle() >= from)
                .map(b -> new double[] {b.startCycle(), b.throughput()}).toList();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}

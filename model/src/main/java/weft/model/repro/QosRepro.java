package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.io.Chart;
import weft.model.qos.ServiceLevels;
import weft.model.routing.BackPressureBound;
import weft.model.sim.Simulator;

/**
 * Seed 002 §4.3 (Figs. 4.2-4.4): service differentiation with IBA SL-to-VL mapping and VL arbitration over the Table
 * 4.1 service levels on 32-switch irregular fabrics: per-level throughput below and beyond saturation with balanced
 * and unbalanced weights, and SL1's latency distribution (95th percentile, inter-quartile range) at low, medium and
 * high load and by path length. Setup in {@link IbaSetup}. The marks of the thesis's figures are not given as
 * numbers; Weft puts "medium" at the saturation point of the balanced sweep, "low" at half of it and "high" at one
 * and a half times it.
 */
final class QosRepro implements Reproduction.Experiment {
    /** {@code weft repro qos}: the paper's experiment, one line. */
    static final String TITLE = "Seed 002 §4.3 Figs. 4.2-4.4: IBA service differentiation (Table 4.1 SLs on VLs, VL "
            + "arbitration), per-SL throughput and SL1 latency";
    static final List<Claim> CLAIMS = List.of(
            new Claim("Q1.medium", "balanced, medium mark: least accepted/offered of the five SLs (every SL served)",
                    1.0, "ratio", new Band(0.85, 1.05)),
            new Claim("Q1.high", "balanced, high mark: SL1-2 accepted/offered (high priority keeps its load)", 1.0,
                    "ratio", new Band(0.8, 1.05)),
            new Claim("Q1.preempt", "balanced, high mark: SL3-5 accepted/offered over SL1-2's (low priority "
                    + "preempted)", 0.95, "ratio", Tolerance.atMost(0, "thesis: 'low priority SL throughput is "
                    + "reduced'; direction, at least 5% below the high SLs"), new Band(0, 0.99)),
            new Claim("Q2.unbalanced", "unbalanced, high mark: SL4 / SL5 accepted ('at the level of SL5')", 1.0,
                    "ratio", new Band(0.6, 1.4)),
            new Claim("Q2.balanced", "balanced, high mark: SL4 / SL3 accepted ('just above SL3')", 1.0, "ratio",
                    Tolerance.atLeast(0, "thesis: SL4 'should be just above SL3'; direction"), new Band(0.8, 3)),
            new Claim("Q3.low", "SL1 latency, 95th percentile at the low mark", 180, "cycles", new Band(30, 400)),
            new Claim("Q3.medium", "SL1 latency, 95th percentile at the medium mark", 198, "cycles",
                    new Band(30, 1000)),
            new Claim("Q3.high", "SL1 latency, 95th percentile at the high mark", 2356, "cycles", new Band(50, 20000)),
            new Claim("Q3.iqr", "SL1 latency, inter-quartile range at the high mark", 1262, "cycles",
                    new Band(0, 20000)),
            new Claim("Q4.p95", "SL1 at the high mark: 95th percentile over 4-switch / 3-switch paths (2410 / 2262)",
                    2410.0 / 2262, "ratio", new Band(1.0, 8)),
            new Claim("Q4.iqr", "SL1 at the high mark: inter-quartile range, 4-switch / 3-switch paths (1478 / 1125)",
                    1478.0 / 1125, "ratio", new Band(0.8, 12)),
            new Claim("Q5.3", "SL1 at the high mark: longest latency over 3-switch paths (eq. 4.1 bound 18,688)",
                    6606, "cycles", new Band(100, 18688)),
            new Claim("Q5.4", "SL1 at the high mark: longest latency over 4-switch paths (eq. 4.1 bound 149,760)",
                    8840, "cycles", new Band(100, 149760)));
    static final List<Parameter> PARAMETERS = IbaExperiment.parameters();
    static final String[] SL = {"SL1", "SL2", "SL3", "SL4", "SL5"};

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        IbaExperiment x = IbaExperiment.of(o);
        ServiceLevels[] levels = {ServiceLevels.table41Balanced(), ServiceLevels.table41Unbalanced()};
        List<IbaSetup.Fabric> fabrics = x.fabrics(levels[0].size(), o.seed());
        List<Simulator> balancedSims = x.simulators(fabrics, levels[0]);
        List<Simulator> unbalancedSims = x.simulators(fabrics, levels[1]);
        List<ServiceLevelSweep.Point> balanced = x.sweep(balancedSims, fabrics, levels[0]);
        List<ServiceLevelSweep.Point> unbalanced = x.sweep(unbalancedSims, fabrics, levels[1]);
        double medium = ServiceLevelSweep.saturation(balanced);
        double[] marks = {medium / 2, medium, x.highFactor() * medium};
        String[] markNames = {"low", "medium", "high"};
        ServiceLevelMark[] b = new ServiceLevelMark[3];
        for (int m = 0; m < 3; m++) {
            b[m] = x.mark(balancedSims, fabrics, levels[0], marks[m]);
        }
        ServiceLevelMark u = x.mark(unbalancedSims, fabrics, levels[1], marks[2]);

        ServiceLevelMark hi = b[2];
        double highKeeps = (hi.ratio(0) + hi.ratio(1)) / 2;
        double lowKeeps = (hi.ratio(2) + hi.ratio(3) + hi.ratio(4)) / 3;
        ClassStats.Samples three = hi.firstOver(3);
        ClassStats.Samples four = hi.firstOver(4);
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(b[1].leastRatio()),
                CLAIMS.get(1).measured(highKeeps),
                CLAIMS.get(2).measured(lowKeeps / highKeeps),
                CLAIMS.get(3).measured(u.accepted[3] / u.accepted[4]),
                CLAIMS.get(4).measured(hi.accepted[3] / hi.accepted[2]),
                CLAIMS.get(5).measured(b[0].latency[0].quantile(0.95)),
                CLAIMS.get(6).measured(b[1].latency[0].quantile(0.95)),
                CLAIMS.get(7).measured(hi.latency[0].quantile(0.95)),
                CLAIMS.get(8).measured(hi.latency[0].iqr()),
                CLAIMS.get(9).measured(four.quantile(0.95) / three.quantile(0.95)),
                CLAIMS.get(10).measured(four.iqr() / three.iqr()),
                CLAIMS.get(11).measured(three.max()),
                CLAIMS.get(12).measured(four.max()));

        List<List<String>> shares = new ArrayList<>();
        for (int m = 0; m < 3; m++) {
            shares.add(row("balanced, " + markNames[m] + " (" + ResultTable.fixed(marks[m], 2) + ")", b[m]));
        }
        shares.add(row("unbalanced, high (" + ResultTable.fixed(marks[2], 2) + ")", u));
        List<String> columns = new ArrayList<>(List.of("weights, mark (mean offered load)"));
        for (String s : SL) {
            columns.add(s + " offered / accepted");
        }
        ResultTable throughput = new ResultTable("Per-SL offered and accepted load (fraction of the host link, mean "
                + "over the SL's hosts); thesis Fig. 4.2: below saturation every SL gets its load, in saturation "
                + "high-priority SLs take bandwidth from low-priority ones; unbalanced weights put SL4 at SL5's level",
                columns, shares);
        List<List<String>> lat = new ArrayList<>();
        String[] paper = {"p95 180", "p95 198", "p95 2356, IQR 1262"};
        for (int m = 0; m < 3; m++) {
            lat.add(latencyRow("SL1, " + markNames[m], paper[m], b[m].latency[0]));
        }
        lat.add(latencyRow("SL1, high, 3 switches", "p95 2262, IQR 1125, max 6606 (bound "
                + BackPressureBound.latency(10, 3, IbaSetup.CYCLES_PER_PACKET) + ")", three));
        lat.add(latencyRow("SL1, high, 4 switches", "p95 2410, IQR 1478, max 8840 (bound "
                + BackPressureBound.latency(10, 4, IbaSetup.CYCLES_PER_PACKET) + ")", four));
        for (int c = 1; c < SL.length; c++) {
            lat.add(latencyRow(SL[c] + ", high", "-", hi.latency[c]));
        }
        ResultTable latency = new ResultTable("Network latency in cycles (balanced weights), thesis §4.3.3-4.3.4 and "
                + "eq. 4.1-4.3 bound", List.of("packets", "paper", "mean", "sd", "p95", "IQR", "max", "samples"), lat);

        List<Chart.Series> series = new ArrayList<>();
        for (int c = 0; c < SL.length; c++) {
            series.add(new Chart.Series(SL[c] + " balanced", curve(balanced, c)));
        }
        for (int c = 0; c < SL.length; c++) {
            series.add(new Chart.Series(SL[c] + " unbalanced", curve(unbalanced, c), true));
        }
        Chart chart = new Chart("Seed 002 Fig. 4.2: throughput per SL, " + x.switches() + "-switch irregular fabrics, "
                + "Table 4.1 weights balanced (solid) and unbalanced (dashed)", "mean offered load per host",
                "accepted load per host of the SL", false, series);
        String setup = x.describe(fabrics.get(0).routes().layers(), o.string("limit"))
                + String.format(Locale.ROOT, "; saturation (medium mark) at mean load %.2f", medium);
        return ReproResult.of(repro, o, setup, claims, List.of(throughput, latency), chart);
    }

    private static List<double[]> curve(List<ServiceLevelSweep.Point> sweep, int c) {
        return sweep.stream().map(p -> new double[] {p.meanLoad(), p.accepted()[c]}).toList();
    }

    private static List<String> latencyRow(String name, String paper, ClassStats.Samples s) {
        return List.of(name, paper, ResultTable.fixed(s.mean(), 0), ResultTable.fixed(s.sd(), 0),
                ResultTable.fixed(s.quantile(0.95), 0), ResultTable.fixed(s.iqr(), 0), ResultTable.fixed(s.max(), 0),
                Integer.toString(s.size()));
    }

    private static List<String> row(String name, ServiceLevelMark m) {
        List<String> r = new ArrayList<>(List.of(name));
        for (int c = 0; c < SL.length; c++) {
            r.add(ResultTable.fixed(m.offered[c], 2) + " / " + ResultTable.fixed(m.accepted[c], 2));
        }
        return r;
    }


}

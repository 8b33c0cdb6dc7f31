package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.io.Chart;
import weft.model.rate.BacklogClearing;
import weft.model.rate.BacklogProportional;
import weft.model.rate.MaxMin;
import weft.model.rate.distributed.LinkProxyScheduler.Mode;
import weft.model.sim.scheduling.SchedulingLayer;

/**
 * Seed 004 §5.6.2 (Figs. 5.2, 5.3): how long max-min and backlog-proportional VOQ rates take to clear an initial
 * backlog, against the optimum β(B), with the distributed scheduler of ch. 4 running on simulated hosts.
 *
 * <p>Method (§5.6.1): one unit of backlog is what a server sends in one 100 ms epoch (the thesis's script: 11,898,569
 * B); every message of the pattern starts at 0 and the run ends when the last byte arrives; its length in epochs is
 * divided by β. The Virtual Switch is one output-queued switch with a 1 Gbit/s link per server; the thesis's backlog
 * matrix is senders x receivers (its patterns have backlog on the diagonal), so its senders and receivers are
 * different servers here. Every server runs {@link SchedulingLayer}: VOQs, token buckets and the link proxies of Alg.
 * 5 with T = 1 ms and 84-byte control frames, which cross the simulated switch beside the data. The theory columns
 * are {@link BacklogClearing}'s interval model.
 */
final class VoqRepro implements Reproduction.Experiment {
    /** {@code weft repro voq}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §5.6.2 Figs. 5.2-5.3: max-min vs backlog-proportional VOQ rates clearing an "
            + "initial backlog, distributed scheduler on simulated hosts";
    /** The thesis's unit of backlog: bytes sent in one 100 ms epoch at the effective rate (§5.6.1's script). */
    static final double UNIT_BYTES_PER_MS = 11_898_569 / 100.0;
    static final List<Claim> CLAIMS = List.of(
            new Claim("C28", "f-flow pattern, largest f: max-min completion / optimum (theory 2f/(f+1), 5/3 at the "
                    + "paper size f = 5; simulation 'slightly above')", 5 / 3.0, "ratio",
                    new Band(1.15, 1.7)),
            new Claim("C28.bp", "f-flow pattern, largest f: backlog-proportional completion / optimum (optimal: 1)",
                    1.0, "ratio", new Band(0.95, 1.25)),
            new Claim("C27", "two-phase pattern: max-min completion / optimum (tends to 3/2)", 1.5, "ratio",
                    new Band(1.15, 1.7)),
            new Claim("C29", "f-flow, application limited to 1 Gbit/s: backlog-proportional completion / optimum",
                    1.5, "ratio", new Band(1.0, 1.7)),
            new Claim("C29.mm", "f-flow, application limited to 1 Gbit/s: max-min completion / unlimited max-min "
                    + "('not affected')", 1.0, "ratio", new Band(0.9, 1.1)),
            new Claim("C29.gap", "f-flow, largest f: (limited BP - 1) / (max-min - 1), the share of max-min's gap to "
                    + "the optimum left with the application limit ('effectively halves the gap')", 0.5, "ratio",
                    new Band(0.2, 0.95)));
    static final List<Parameter> PARAMETERS = List.of(
            new Parameter("f", "flows of the f-flow pattern (n = f^2 senders), swept", "2,3,4,5", "2"),
            new Parameter("n", "senders of the two-phase pattern", "16", "4"),
            new Parameter("epoch-ms", "time one unit of backlog takes at the link rate, ms", "100", "10"),
            new Parameter("interval-ms", "scheduling interval T, ms", "1", "1"));

    /** One pattern's figures: theory (intervals) and simulation (epochs), each divided by β. */
    private record Row(String pattern, int senders, double beta, double mmTheory, double bpTheory, double mm, double bp,
                       double bpLimited, double mmLimited, long control) {
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        List<Integer> fs = o.integers("f", 2, 8).stream().sorted().distinct().toList();
        int n = o.integer("n", 3, 64);
        double epochMs = o.number("epoch-ms", 1, 1000);
        double intervalMs = o.number("interval-ms", 0.01, 100);
        if (intervalMs * 4 > epochMs) {
            throw new IllegalArgumentException("--interval-ms must be at most a quarter of --epoch-ms, got "
                    + intervalMs + " and " + epochMs);
        }
        List<Row> rows = new ArrayList<>();
        for (int f : fs) {
            rows.add(measure("f-flow, f = " + f, BacklogClearing.fFlow(f), epochMs, intervalMs, true));
        }
        Row two = measure("two-phase, n = " + n, BacklogClearing.twoPhase(n), epochMs, intervalMs, false);
        Row big = rows.get(rows.size() - 1);
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(big.mm),
                CLAIMS.get(1).measured(big.bp),
                CLAIMS.get(2).measured(two.mm),
                CLAIMS.get(3).measured(big.bpLimited),
                CLAIMS.get(4).measured(big.mmLimited / big.mm),
                CLAIMS.get(5).measured((big.bpLimited - 1) / (big.mm - 1)));
        rows.add(two);
        String setup = String.format(Locale.ROOT, "Virtual Switch: one output-queued switch, 1 Gbit/s links, senders "
                + "and receivers of the backlog matrix on separate servers; 1 unit = %s ms at %.1f Mbit/s (the "
                + "thesis's 11,898,569 B per 100 ms); T = %s ms, 84 B control frames, 1538 B data frames; f = %s; "
                + "two-phase n = %d", ResultTable.trimmed(epochMs, 2), UNIT_BYTES_PER_MS * 8 / 1000,
                ResultTable.trimmed(intervalMs, 2), fs, n);
        return ReproResult.of(repro, o, setup, claims, List.of(table(rows)), chart(rows, fs.size()));
    }

    /** Runs a pattern with max-min and backlog-proportional rates (and, for f-flow, with the application limit). */
    private static Row measure(String name, double[][] pattern, double epochMs, double intervalMs, boolean limits) {
        double beta = BacklogClearing.beta(pattern);
        double mmTheory = BacklogClearing.intervals(pattern, new MaxMin()) / beta;
        double bpTheory = BacklogClearing.intervals(pattern, new BacklogProportional()) / beta;
        long[] control = new long[1];
        double mm = simulate(pattern, Mode.MAX_MIN, 0, epochMs, intervalMs, control) / beta;
        double bp = simulate(pattern, Mode.BACKLOG_PROPORTIONAL, 0, epochMs, intervalMs, control) / beta;
        double bpLimited = Double.NaN;
        double mmLimited = Double.NaN;
        if (limits) {
            bpLimited = simulate(pattern, Mode.BACKLOG_PROPORTIONAL, 1, epochMs, intervalMs, control) / beta;
            mmLimited = simulate(pattern, Mode.MAX_MIN, 1, epochMs, intervalMs, control) / beta;
        }
        return new Row(name, pattern.length, beta, mmTheory, bpTheory, mm, bp, bpLimited, mmLimited, control[0]);
    }

    /**
     * One run: the pattern's messages all start at 0; returns when the last one completed, in epochs.
     *
     * @param control adds the run's request and response packets
     */
    private static double simulate(double[][] pattern, Mode mode, double appLimitGbps, double epochMs,
                                   double intervalMs, long[] control) {
        int senders = pattern.length;
        int receivers = pattern[0].length;
        double unitBytes = UNIT_BYTES_PER_MS * epochMs;
        List<SchedulingLayer.Message> messages = new ArrayList<>();
        for (int i = 0; i < senders; i++) {
            for (int j = 0; j < receivers; j++) {
                if (pattern[i][j] > 0) {
                    messages.add(new SchedulingLayer.Message(i, senders + j, 0,
                            Math.round(pattern[i][j] * unitBytes)));
                }
            }
        }
        long bound = Math.round(3 * BacklogClearing.beta(pattern) * epochMs * DataCenterFabric.MS);
        SchedulingLayer layer = VirtualSwitchRun.run(senders + receivers,
                VirtualSwitchRun.parameters(mode, intervalMs, 0, appLimitGbps), messages, 0, bound);
        control[0] += layer.controlPackets();
        long last = layer.lastCompletionPs();
        return last < 0 ? Double.NaN : last / (epochMs * DataCenterFabric.MS);
    }

    private static ResultTable table(List<Row> rows) {
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(List.of(r.pattern, ResultTable.trimmed(r.beta, 2), f3(r.mmTheory), f3(r.mm), f3(r.bpTheory),
                    f3(r.bp), f3(r.bpLimited), f3(r.mmLimited), Long.toString(r.control)));
        }
        out.add(List.of("thesis", "-", "2f/(f+1); (3n-4)/(2n-2)", "slightly above theory", "1", "about 1",
                "1.5", "as unlimited", "-"));
        return new ResultTable("Figs. 5.2-5.3: completion / optimum β (theory: BacklogClearing's intervals; Weft: "
                + "simulated epochs)", List.of("pattern", "β (units)", "max-min theory", "max-min Weft",
                "BP theory", "BP Weft", "BP Weft, app at 1 Gbit/s", "max-min Weft, app at 1 Gbit/s",
                "control packets"), out);
    }

    private static Chart chart(List<Row> rows, int fCount) {
        List<double[]> mmT = new ArrayList<>();
        List<double[]> mm = new ArrayList<>();
        List<double[]> bp = new ArrayList<>();
        List<double[]> bpL = new ArrayList<>();
        for (int i = 0; i < fCount; i++) {
            Row r = rows.get(i);
            double x = r.senders;
            mmT.add(new double[] {x, r.mmTheory});
            mm.add(new double[] {x, r.mm});
            bp.add(new double[] {x, r.bp});
            bpL.add(new double[] {x, r.bpLimited});
        }
        return new Chart("Seed 004 Figs. 5.2-5.3: f-flow pattern, completion / optimum", "senders n = f^2",
                "completion / optimum", false, List.of(new Chart.Series("max-min, theory", mmT, true),
                new Chart.Series("max-min, Weft", mm), new Chart.Series("BP, Weft", bp),
                new Chart.Series("BP with the application at 1 Gbit/s, Weft", bpL)));
    }

    private static String f3(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import weft.model.io.Chart;
import weft.model.rate.BacklogClearing;
import weft.model.rate.BacklogProportional;
import weft.model.rate.BacklogScheduleLp;
import weft.model.rate.MaxMin;

/**
 * Seed 004 §5.6.3 (Fig. 5.4): the backlog-schedule stress test, its offline optimum |S| by the linear program of
 * §5.4.3 ({@link BacklogScheduleLp}) against the intervals max-min and backlog-proportional rates take online
 * ({@link BacklogClearing}'s interval model, the backlog of F^t arriving at the start of interval t), each over
 * the maximum backlog degree β(F⁺) = n − 1.
 *
 * <p>Size: the thesis's, every n from 3 to 50; {@link BacklogScheduleLp}'s block LP solves n = 50 in seconds
 * (docs/reproductions.md). The thesis's simulated curves (the distributed scheduler on simulated servers) are not
 * run: the interval model gives the online algorithms' counts.
 */
final class StressRepro implements Reproduction.Experiment {
    /** {@code weft repro voq-stress}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §5.6.3 Fig. 5.4: the backlog-schedule stress test, offline optimum by the "
            + "§5.4.3 linear program vs max-min and backlog-proportional online";
    /** C30.mm and C30.bp: the online algorithms stay under 1.5 (the thesis: "did not quite push" it). */
    private static final Tolerance UNDER_BOUND = Tolerance.atMost(0, "a bound: at most 1.5");
    private static final Band ONLINE = new Band(1.2, 1.5);
    static final List<Claim> CLAIMS = List.of(
            new Claim("C30", "largest n: offline optimum |S| / β(F+) by the LP ('converges to just under 1.3 times as "
                    + "n scales')", 1.3, "ratio", Tolerance.absolute(0.03, "'just under 1.3'"), new Band(1.2, 1.45)),
            new Claim("C30.above", "least over n of |S| - β(F+) ('the optimal solution S requires more than |S| > "
                    + "β(F+) intervals')", 1, "intervals", Tolerance.atLeast(0, "|S| > β"), new Band(1, 10)),
            new Claim("C30.mm", "largest over n: max-min's intervals / β(F+)", 1.5, "ratio", UNDER_BOUND, ONLINE),
            new Claim("C30.bp", "largest over n: backlog-proportional's intervals / β(F+)", 1.5, "ratio",
                    UNDER_BOUND, ONLINE));
    static final List<Parameter> PARAMETERS = List.of(
            new Parameter("n", "servers of the stress test, swept (the thesis: 3 to 50)",
                    IntStream.rangeClosed(3, 50).mapToObj(Integer::toString).collect(Collectors.joining(",")),
                    "3,4,5,6,8"));

    /** One n: the optimum, the LP's optimum before rounding up (s + T*) and the online counts, in intervals. */
    private record Row(int n, int optimum, double fractional, int maxMin, int proportional) {
        double beta() {
            return n - 1;
        }
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        List<Integer> ns = o.integers("n", 3, 60).stream().sorted().distinct().toList();
        List<Supplier<Row>> tasks = new ArrayList<>();
        for (int n : ns) {
            tasks.add(() -> {
                double[][][] f = BacklogClearing.stressTest(n);
                double fractional = BacklogScheduleLp.fractionalOptimum(f);
                return new Row(n, BacklogScheduleLp.leastIntervals(fractional), fractional,
                        BacklogClearing.intervals(f, new MaxMin()),
                        BacklogClearing.intervals(f, new BacklogProportional()));
            });
        }
        List<Row> rows = o.runner().all(tasks);
        int above = Integer.MAX_VALUE;
        double mm = 0;
        double bp = 0;
        for (Row r : rows) {
            above = Math.min(above, r.optimum - (int) r.beta());
            mm = Math.max(mm, r.maxMin / r.beta());
            bp = Math.max(bp, r.proportional / r.beta());
        }
        Row last = rows.get(rows.size() - 1);
        List<ClaimResult> claims = List.of(CLAIMS.get(0).measured(last.optimum / last.beta()),
                CLAIMS.get(1).measured(above), CLAIMS.get(2).measured(mm), CLAIMS.get(3).measured(bp));
        String setup = String.format(Locale.ROOT, "stress test of §5.6.3 (|F| = β(F+) = n - 1), n = %s; optimum: "
                + "the LP of §5.4.3 (constraints 5.23-5.26) as one block LP, the span s plus the least tail T*, "
                + "rounded up; online: max-min and backlog-proportional rates every interval on the backlog present",
                ns);
        return ReproResult.of(repro, o, setup, claims, List.of(table(rows)), chart(rows));
    }

    private static ResultTable table(List<Row> rows) {
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(List.of(Integer.toString(r.n), Integer.toString((int) r.beta()), Integer.toString(r.optimum),
                    ResultTable.fixed(r.optimum / r.beta(), 3), ResultTable.fixed(r.fractional / r.beta(), 3),
                    Integer.toString(r.maxMin),
                    ResultTable.fixed(r.maxMin / r.beta(), 3), Integer.toString(r.proportional),
                    ResultTable.fixed(r.proportional / r.beta(), 3)));
        }
        out.add(List.of("thesis", "n - 1", "-", "just under 1.3", "-", "-", "below 1.5", "-", "below 1.5"));
        return new ResultTable("Fig. 5.4: intervals to clear the stress test, and over β(F+)", List.of("n",
                "β(F+)", "LP optimum |S|", "|S| / β", "(s + T*) / β", "max-min", "/ β", "backlog-proportional",
                "/ β"), out);
    }

    private static Chart chart(List<Row> rows) {
        List<double[]> lp = new ArrayList<>();
        List<double[]> fractional = new ArrayList<>();
        List<double[]> mm = new ArrayList<>();
        List<double[]> bp = new ArrayList<>();
        for (Row r : rows) {
            lp.add(new double[] {r.n, r.optimum / r.beta()});
            fractional.add(new double[] {r.n, r.fractional / r.beta()});
            mm.add(new double[] {r.n, r.maxMin / r.beta()});
            bp.add(new double[] {r.n, r.proportional / r.beta()});
        }
        return new Chart("Seed 004 Fig. 5.4: stress test, intervals / β(F+)", "servers n", "intervals / β(F+)", false,
                List.of(new Chart.Series("LP optimum", lp, true),
                        new Chart.Series("LP optimum before rounding up, s + T*", fractional),
                        new Chart.Series("max-min", mm),
                        new Chart.Series("backlog-proportional", bp)));
    }
}

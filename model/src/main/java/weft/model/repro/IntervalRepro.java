package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.rate.distributed.LinkProxyScheduler.Mode;
import weft.model.sim.SimObserver;
import weft.model.sim.scheduling.SchedulingLayer;

/**
 * Seed 004 §4.4.2 (Figs. 4.4, 4.5): the scheduling interval T against the time packets wait in their VOQs and the load
 * a tenant can carry, and the minimum VOQ rate against that wait.
 *
 * <p>Method (§4.4.2): a tenant of 16 servers on the Virtual Switch ({@link VirtualSwitchRun}), all-to-all, every flow
 * at the same mean rate (the offered load over 15) with exponential gaps between its frames; max-min rates
 * (Alg. 4-5) every T, 84-byte requests and responses. A frame's VOQ wait is from when its application hands it to the
 * layer to when it goes on the server's link (the simulator's creation and injection times). Where the network
 * saturates ("when the average VOQ no longer receives the rate needed to clear its backlog") is read off the
 * throughput: the data delivered in the window over the servers' link capacity, which follows the offered load up to
 * saturation and stays there beyond it; at the sweep's highest load it is the saturation load. Decisions: the
 * thesis draws frame sizes from a Poisson distribution (around the medium size, §3.3.1); Poisson with mean 811 B has
 * a standard deviation of 28 B (3.5%), so every frame is the medium size, 811 B on the wire; the thesis averages 10
 * runs of 1 s after 100 ms, Weft measures one run of {@code --window-ms} (100 ms) after {@code --warmup-ms} (20 ms),
 * drained for five intervals or 20 ms, whichever is longer.
 */
final class IntervalRepro implements Reproduction.Experiment {
    /** {@code weft repro voq-interval}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §4.4.2 Figs. 4.4-4.5: scheduling interval T vs VOQ wait and saturation, and "
            + "the minimum VOQ rate";
    /** The medium frame on the wire, midway between 84 and 1538 B. */
    private static final int FRAME = DataCenterFabric.MEDIUM_FRAME;
    /** The claims, one entry each in every array: id, what (the thesis's words), paper's figure, unit, tolerance. */
    private static final String[] IDS = {"C22.delay", "C22.sat", "C22.tput", "C23.low", "C23.high"};
    private static final String[] WHAT = {
        "mean VOQ wait / T at 50% load, least over T ('we should expect all packets to be delayed by the scheduling "
            + "interval ... somewhat larger')",
        "T = 0.1 ms: throughput at the highest load, where it saturates ('just before 80%': control takes 15 x 2 x "
            + "84 B per 0.1 ms, 20% of the link)",
        "throughput at the highest load, T = 1 ms minus T = 0.1 ms ('reducing the scheduling interval does not "
            + "increase the throughput ... the opposite is true')",
        "T = 1 ms, lowest load: mean VOQ wait with r_min = 10 Mbit/s / without ('at low offered load this "
            + "significantly reduces VOQ delay')",
        "T = 1 ms, 50% load (flows at 33 Mbit/s, above r_min): wait with r_min / without ('latency begins to "
            + "approach the scheduling interval')"};
    private static final double[] PAPER = {1.0, 0.8, 0, 0.5, 1.0};
    private static final String[] UNIT = {"ratio", "load", "load", "ratio", "ratio"};
    private static final Tolerance[] TOLERANCE = {
        Tolerance.atLeast(0.1, "'delayed by the scheduling interval', less 10%"),
        Tolerance.absolute(0.05, "'just before 80%': 0.75-0.8, and 0.05 of slack"),
        Tolerance.atLeast(0, "a direction: not negative"),
        Tolerance.atMost(0, "'significantly': at most half"),
        Tolerance.atLeast(0.5, "'approaches': at least half of the wait without r_min")};
    /** Quick size (8 servers, 7 flows each: T = 0.1 ms leaves 91% of the link to data). */
    private static final Band[] QUICK = {new Band(0.8, 5), new Band(0.6, 0.92), new Band(0, 0.4), new Band(0, 0.7),
        new Band(0.3, 1.5)};
    static final List<Claim> CLAIMS = java.util.stream.IntStream.range(0, IDS.length)
            .mapToObj(i -> new Claim(IDS[i], WHAT[i], PAPER[i], UNIT[i], TOLERANCE[i], QUICK[i])).toList();
    /** The parameters: name, what, paper size, quick size. */
    private static final String[][] OPTIONS = {
        {"servers", "servers of the tenant (the thesis: 16)", "16", "8"},
        {"interval-us", "scheduling intervals T swept, µs", "100,1000,10000", "100,1000"},
        {"load-pct", "offered loads swept, % of the link", "5,10,20,30,40,50,60,70,75,80,85,90", "5,50,75,85"},
        {"min-rate-mbps", "minimum VOQ rate of Fig. 4.5, Mbit/s", "10", "10"},
        {"warmup-ms", "warm-up before measuring, ms", "20", "5"},
        {"window-ms", "measured time, ms (the thesis: 1000, averaged over 10 runs)", "100", "20"}};
    static final List<Parameter> PARAMETERS = java.util.Arrays.stream(OPTIONS)
            .map(p -> new Parameter(p[0], p[1], p[2], p[3])).toList();

    /** One run's figures: mean VOQ wait (ms), data delivered in the window over the links' capacity. */
    private record Point(double waitMs, double throughput) {
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        int servers = o.integer("servers", 2, 64);
        List<Integer> intervals = o.integers("interval-us", 10, 100_000).stream().sorted().distinct().toList();
        List<Integer> loads = o.integers("load-pct", 1, 100).stream().sorted().distinct().toList();
        double minGbps = o.integer("min-rate-mbps", 0, 1000) / 1000.0;
        double warmupMs = o.number("warmup-ms", 0, 1000);
        double windowMs = o.number("window-ms", 1, 10_000);
        List<Supplier<Point>> tasks = new ArrayList<>();
        for (int withMin = 0; withMin < 2; withMin++) {
            for (int t : intervals) {
                for (int pct : loads) {
                    double min = withMin * minGbps;
                    long seed = o.seed() * 1_000 + pct;
                    tasks.add(() -> point(servers, t / 1000.0, pct / 100.0, min, warmupMs, windowMs, seed));
                }
            }
        }
        List<Point> done = o.runner().all(tasks);
        Point[][][] at = new Point[2][intervals.size()][loads.size()];
        for (int i = 0; i < done.size(); i++) {
            at[i / (intervals.size() * loads.size())][i / loads.size() % intervals.size()][i % loads.size()] =
                    done.get(i);
        }
        int half = loads.indexOf(50);
        int top = loads.size() - 1;
        int t01 = intervals.indexOf(100);
        int t1 = intervals.indexOf(1000);
        double leastRatio = Double.NaN;
        for (int t = 0; t < intervals.size() && half >= 0; t++) {
            double r = at[0][t][half].waitMs / (intervals.get(t) / 1000.0);
            leastRatio = Double.isNaN(leastRatio) ? r : Math.min(leastRatio, r);
        }
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(leastRatio),
                CLAIMS.get(1).measured(t01 < 0 ? Double.NaN : at[0][t01][top].throughput),
                CLAIMS.get(2).measured(t01 < 0 || t1 < 0 ? Double.NaN
                        : at[0][t1][top].throughput - at[0][t01][top].throughput),
                CLAIMS.get(3).measured(t1 < 0 ? Double.NaN : at[1][t1][0].waitMs / at[0][t1][0].waitMs),
                CLAIMS.get(4).measured(t1 < 0 || half < 0 ? Double.NaN
                        : at[1][t1][half].waitMs / at[0][t1][half].waitMs));
        String setup = String.format(Locale.ROOT, "Virtual Switch of %d servers, 1 Gbit/s, all-to-all, exponential "
                + "gaps, %d B frames; max-min rates every T, 84 B control frames; minimum rate %s Mbit/s (Fig. 4.5); "
                + "%s ms after %s ms per run", servers, FRAME, ResultTable.trimmed(minGbps * 1000, 1),
                ResultTable.trimmed(windowMs, 1), ResultTable.trimmed(warmupMs, 1));
        return ReproResult.of(repro, o, setup, claims, List.of(table(at, intervals, loads, servers)),
                chart(at, intervals, loads));
    }

    /** One run: every flow's frames at exponential gaps from 0 to the window's end. */
    private static Point point(int servers, double intervalMs, double load, double minGbps, double warmupMs,
                               double windowMs, long seed) {
        long from = Math.round(warmupMs * DataCenterFabric.MS);
        long to = from + Math.round(windowMs * DataCenterFabric.MS);
        double meanGapPs = FRAME * 8_000.0 / DataCenterFabric.GBPS / (load / (servers - 1));
        SplittableRandom rnd = new SplittableRandom(seed);
        List<SchedulingLayer.Message> messages = new ArrayList<>();
        for (int s = 0; s < servers; s++) {
            for (int d = 0; d < servers; d++) {
                if (s == d) {
                    continue;
                }
                for (double t = -Math.log(1 - rnd.nextDouble()) * meanGapPs; t < to;
                     t += -Math.log(1 - rnd.nextDouble()) * meanGapPs) {
                    messages.add(new SchedulingLayer.Message(s, d, (long) t, FRAME - VirtualSwitchRun.HEADER));
                }
            }
        }
        messages.sort(java.util.Comparator.comparingLong(SchedulingLayer.Message::startPs));
        long drain = Math.max(Math.round(5 * intervalMs * DataCenterFabric.MS), 20 * DataCenterFabric.MS);
        long[] sums = new long[3];
        VirtualSwitchRun.run(servers, VirtualSwitchRun.parameters(Mode.MAX_MIN, intervalMs, minGbps, 0), messages,
                from, to + drain, new VoqWait(new MeasuredWindow(from, to), sums));
        return new Point(sums[1] == 0 ? Double.NaN : sums[0] / (double) sums[1] / DataCenterFabric.MS,
                sums[2] * 8_000.0 / DataCenterFabric.GBPS / (servers * (double) (to - from)));
    }

    /**
     * The VOQ wait of the data frames made in the window, and the data bytes delivered in it: {@code sums} holds the
     * total wait (ps), the frames and the bytes.
     */
    private record VoqWait(MeasuredWindow window, long[] sums) implements SimObserver {
        @Override
        public void delivered(int src, int dst, int flow, int size, long createdPs, long injectedPs, long nowPs) {
            if (window.contains(createdPs)) {
                sums[0] += injectedPs - createdPs;
                sums[1]++;
            }
            if (window.contains(nowPs)) {
                sums[2] += size;
            }
        }
    }

    private static ResultTable table(Point[][][] at, List<Integer> intervals, List<Integer> loads, int servers) {
        List<String> columns = new ArrayList<>(List.of("T", "minimum rate"));
        for (int pct : loads) {
            columns.add(pct + "%");
        }
        List<List<String>> rows = new ArrayList<>();
        for (int m = 0; m < 2; m++) {
            for (int t = 0; t < intervals.size(); t++) {
                List<String> row = new ArrayList<>(List.of(ResultTable.trimmed(intervals.get(t) / 1000.0, 2)
                        + " ms", m == 0 ? "none" : "r_min"));
                for (int l = 0; l < loads.size(); l++) {
                    Point p = at[m][t][l];
                    row.add(String.format(Locale.ROOT, "%.3f / %.3f", p.waitMs, p.throughput));
                }
                rows.add(row);
            }
        }
        return new ResultTable("Figs. 4.4-4.5: mean VOQ wait, ms / throughput (data delivered over the links' "
                + "capacity), by offered load (" + servers + " servers); the mean VOQ length is the flow's rate times "
                + "the wait (Little)", columns, rows);
    }

    private static Chart chart(Point[][][] at, List<Integer> intervals, List<Integer> loads) {
        List<Chart.Series> series = new ArrayList<>();
        for (int m = 0; m < 2; m++) {
            for (int t = 0; t < intervals.size(); t++) {
                List<double[]> points = new ArrayList<>();
                for (int l = 0; l < loads.size(); l++) {
                    points.add(new double[] {loads.get(l) / 100.0, at[m][t][l].waitMs});
                }
                series.add(new Chart.Series("T = " + ResultTable.trimmed(intervals.get(t) / 1000.0, 2) + " ms"
                        + (m == 0 ? "" : ", r_min"), points, m == 1));
            }
        }
        return new Chart("Seed 004 Figs. 4.4-4.5: mean VOQ wait", "offered load",
                "mean VOQ wait, ms", true, series);
    }
}

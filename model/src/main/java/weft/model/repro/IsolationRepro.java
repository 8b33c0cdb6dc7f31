package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import weft.model.io.Chart;
import weft.model.sim.SimConfig;
import weft.model.traffic.TrafficPatterns;

/**
 * Seed 004 §3.3.3-3.3.4 (Figs. 3.11-3.13): isolation against utilisation. The usable capacity (the largest offered
 * load at which all flows together lose at most the loss threshold of their packets, §3.3.3) in each {@link Corner}
 * of the strict/loose model, with switch queues of K packets of the medium size: against the threshold at K = 50
 * (Fig. 3.11), against K at a threshold of 10^-3 (Fig. 3.12, read inversely: the buffer a load needs), and for tenants
 * of m = 2 and m = p servers (Fig. 3.13).
 *
 * <p>Method: {@link DataCenterFabric}'s fat tree with every frame 811 B ({@link DataCenterFabric.Frames#MEDIUM}); a
 * queue of K packets counts the one on the wire as M/M/1/K does, so it holds K - 1 frames behind it. Every point is a
 * bisection of {@link UsableCapacity#usable} on {@link LossMeter#meanPacketLoss}, one task each.
 */
final class IsolationRepro implements Reproduction.Experiment {
    /** {@code weft repro isolation}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.3.3-3.3.4 Figs. 3.11-3.13: usable capacity against loss threshold, "
            + "switch buffer and tenant size, strict/loose corners";
    private static final double[] THRESHOLDS = {1e-3, 1e-4};
    private static final int LOOSE_VLB = Corner.LOOSE_VLB.ordinal();
    private static final int LOOSE_MP = Corner.LOOSE_MP.ordinal();
    private static final int STRICT_VLB = Corner.STRICT_VLB.ordinal();
    private static final int STRICT_MP = Corner.STRICT_MP.ordinal();
    /** The claims, one entry each in every array: id, what (the thesis's words), paper's figure, unit, tolerance. */
    private static final String[] IDS = {"C14.1e-3", "C14.1e-4", "C14.model", "C15.loose", "C15.strict", "C15.vlb",
        "C16.loose", "C16.mp", "C16.m2"};
    private static final String[] WHAT = {
        "all-to-all, K = 50: least usable capacity of the four corners at loss 10^-3 ('at least 85% of the network's "
            + "capacity')",
        "all-to-all, K = 50: least usable capacity of the four corners at loss 10^-4",
        "all-to-all, K = 50, loss 10^-3: loose FC + VLB's usable capacity minus the M/M/1/K fat-tree model's (App. B: "
            + "'the lower bound ... provided by the M/M/1/K models is overly conservative')",
        "all-to-all, K = 100, loss 10^-3: least usable capacity of loose FC with VLB and MP ('over 90% of the network "
            + "given ... 100 packets worth')",
        "all-to-all, strict FC + MP: least buffer of the grid with the --load usable at 10^-3 ('well under 100 "
            + "packets')",
        "all-to-all, strict FC + VLB: least buffer of the grid with the --load usable at 10^-3 ('with the exception "
            + "of ... VLB')",
        "m = p, loose FC: |MP - VLB| usable capacity at 10^-3 ('loose flow control drowns out the differences')",
        "m = p, strict FC + MP minus the best other corner, usable capacity at 10^-3 ('the MP load balancer now "
            + "achieves optimal performance')",
        "m = 2: routing's effect (MP - VLB) minus flow control's (strict - loose), mean usable capacity at 10^-3 "
            + "('depends mostly on load balancing')"};
    private static final double[] PAPER = {0.85, 0.85, 0, 0.90, 100, 100, 0, 0, 0};
    private static final String[] UNIT = {"load", "load", "load", "load", "packets", "packets", "load", "load",
        "load"};
    private static final Tolerance AT_LEAST_85 = Tolerance.atLeast(0, "'at least 85%'");
    private static final Tolerance[] TOLERANCE = {AT_LEAST_85, AT_LEAST_85,
        Tolerance.atLeast(0.02, "'overly conservative': at least the model's load, less one bisection step"),
        Tolerance.atLeast(0, "'over 90%'"),
        Tolerance.atMost(0, "'well under 100'"), Tolerance.atLeast(0, "the exception: 100 or more"),
        Tolerance.absolute(0.04, "two bisection steps of 0.02"), Tolerance.atLeast(0, "optimal: no corner better"),
        Tolerance.atLeast(0, "a direction: routing matters more")};
    /** Quick size (k = 4: 16 servers, 4 paths, where every corner carries most of the load). */
    private static final Band[] QUICK = {new Band(0.5, 1), new Band(0.4, 1), new Band(-0.05, 0.5), new Band(0.5, 1),
        new Band(1, 100),
        new Band(1, 1000), new Band(0, 0.2), new Band(-0.1, 1), new Band(-0.1, 1)};
    static final List<Claim> CLAIMS = IntStream.range(0, IDS.length)
            .mapToObj(i -> new Claim(IDS[i], WHAT[i], PAPER[i], UNIT[i], TOLERANCE[i], QUICK[i])).toList();
    static final List<Parameter> PARAMETERS = List.of(
            new Parameter("k", "switch ports of the 3-level fat tree (k^3/4 servers)", "12", "4"),
            new Parameter("warmup-ms", "warm-up before measuring, ms", "1", "0.5"),
            new Parameter("window-ms", "measured time per run, ms", "10", "5"),
            new Parameter("queue-packets", "switch queue K of Figs. 3.11 and 3.13, packets", "50", "50"),
            new Parameter("buffers", "switch queues K of Fig. 3.12, packets (with 100)", "25,50,100,200,400",
                    "25,50,100"),
            new Parameter("load", "load whose buffer C15.strict and C15.vlb read", "0.95", "0.9"),
            new Parameter("resolution", "bisection stops at this load step", "0.02", "0.05"));

    /** One bisection: a corner, tenants of m, a queue of K packets, a threshold. */
    private record Point(Corner corner, int m, int queue, double threshold) {
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        int k = o.integer("k", 4, 16);
        if (k % 2 != 0) {
            throw new IllegalArgumentException("--k must be even, got " + k);
        }
        DataCenterFabric.Options options = new DataCenterFabric.Options(k, 32, o.number("warmup-ms", 0, 100),
                o.number("window-ms", 0.1, 1000));
        int queue = o.integer("queue-packets", 2, 100_000);
        List<Integer> buffers = o.integers("buffers", 2, 100_000).stream().sorted().distinct().toList();
        if (!buffers.contains(100)) {
            throw new IllegalArgumentException("--buffers must include 100 (C15.loose reads it), got " + buffers);
        }
        double load = o.number("load", 0.05, 1);
        double resolution = o.number("resolution", 0.001, 0.5);
        DataCenterFabric fabric = new DataCenterFabric(k);
        int n = fabric.hosts();
        int p = k * k / 4;
        List<Point> points = new ArrayList<>();
        for (Corner c : Corner.values()) {
            for (double t : THRESHOLDS) {
                points.add(new Point(c, n, queue, t));
            }
            for (int b : buffers) {
                points.add(new Point(c, n, b, THRESHOLDS[0]));
            }
        }
        for (int m : new int[] {p, 2}) {
            for (Corner c : Corner.values()) {
                points.add(new Point(c, m, queue, THRESHOLDS[0]));
            }
        }
        List<Supplier<Double>> tasks = new ArrayList<>();
        for (Point x : points) {
            SimConfig config = x.corner.config(options, DataCenterFabric.Frames.MEDIUM, o.seed()).toBuilder()
                    .bufferBytes((x.queue - 1L) * DataCenterFabric.MEDIUM_FRAME).build();
            tasks.add(() -> UsableCapacity.usable(l -> fabric.run(TrafficPatterns.parse(x.corner.pattern(x.m), n,
                    o.seed()), l, config).meter().meanPacketLoss(), x.threshold, resolution));
        }
        List<Double> found = o.runner().all(tasks);
        int per = THRESHOLDS.length + buffers.size();
        double[][] threshold = new double[4][THRESHOLDS.length];
        double[][] buffer = new double[4][buffers.size()];
        double[][] tenant = new double[2][4];
        for (int c = 0; c < 4; c++) {
            for (int t = 0; t < THRESHOLDS.length; t++) {
                threshold[c][t] = found.get(c * per + t);
            }
            for (int b = 0; b < buffers.size(); b++) {
                buffer[c][b] = found.get(c * per + THRESHOLDS.length + b);
            }
        }
        for (int i = 0; i < 2; i++) {
            for (int c = 0; c < 4; c++) {
                tenant[i][c] = found.get(4 * per + 4 * i + c);
            }
        }
        int hundred = buffers.indexOf(100);
        double[][] model = new double[2][THRESHOLDS.length];
        for (int t = 0; t < THRESHOLDS.length; t++) {
            model[0][t] = new FatTreeQueueModel(k, 3, queue, false).usable(THRESHOLDS[t]);
            model[1][t] = new FatTreeQueueModel(k, 3, queue, true).usable(THRESHOLDS[t]);
        }
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(least(threshold, 0)),
                CLAIMS.get(1).measured(least(threshold, 1)),
                CLAIMS.get(2).measured(threshold[LOOSE_VLB][0] - model[0][0]),
                CLAIMS.get(3).measured(Math.min(buffer[LOOSE_VLB][hundred], buffer[LOOSE_MP][hundred])),
                CLAIMS.get(4).measured(needed(buffer[STRICT_MP], buffers, load)),
                CLAIMS.get(5).measured(needed(buffer[STRICT_VLB], buffers, load)),
                CLAIMS.get(6).measured(Math.abs(tenant[0][LOOSE_MP] - tenant[0][LOOSE_VLB])),
                CLAIMS.get(7).measured(tenant[0][STRICT_MP] - Math.max(tenant[0][STRICT_VLB],
                        Math.max(tenant[0][LOOSE_VLB], tenant[0][LOOSE_MP]))),
                CLAIMS.get(8).measured(routingMinusFlowControl(tenant[1])));
        String setup = String.format(Locale.ROOT, "%d-port 3-level fat tree (%d servers, %d paths), 1 Gbit/s, "
                + "drop-tail output queues of K packets (K - 1 behind the one on the wire), %s; all-to-all (m = %d), "
                + "tenants of m = %d and 2; usable: packet loss over all flows at most the threshold; bisection to %s; "
                + "%s ms after %s ms per run", k, n, p, DataCenterFabric.Frames.MEDIUM.text(), n, p,
                ResultTable.trimmed(resolution, 3), ResultTable.trimmed(options.windowMs(), 3),
                ResultTable.trimmed(options.warmupMs(), 3));
        return ReproResult.of(repro, o, setup, claims, IsolationTables.of(queue, n, p, buffers, load, threshold,
                model, buffer, tenant), chart(k, buffers, buffer));
    }

    private static double least(double[][] capacity, int column) {
        double least = 1;
        for (double[] row : capacity) {
            least = Math.min(least, row[column]);
        }
        return least;
    }

    /** The least buffer of the grid whose usable capacity reaches {@code load}; NaN when none does. */
    static double needed(double[] capacity, List<Integer> buffers, double load) {
        for (int b = 0; b < buffers.size(); b++) {
            if (capacity[b] >= load - 1e-9) {
                return buffers.get(b);
            }
        }
        return Double.NaN;
    }

    /** By corner: the mean gain of MP over VLB less the mean gain of strict over loose flow control. */
    private static double routingMinusFlowControl(double[] c) {
        double routing = (c[LOOSE_MP] - c[LOOSE_VLB] + c[STRICT_MP] - c[STRICT_VLB]) / 2;
        double flowControl = (c[STRICT_VLB] - c[LOOSE_VLB] + c[STRICT_MP] - c[LOOSE_MP]) / 2;
        return routing - flowControl;
    }

    /** Fig. 3.12 turned around: usable capacity at 10^-3 against the switch queue, one curve per corner. */
    private static Chart chart(int k, List<Integer> buffers, double[][] buffer) {
        List<Chart.Series> series = new ArrayList<>();
        for (Corner c : Corner.values()) {
            List<double[]> points = new ArrayList<>();
            for (int b = 0; b < buffers.size(); b++) {
                points.add(new double[] {buffers.get(b), buffer[c.ordinal()][b]});
            }
            series.add(new Chart.Series(c.label, points));
        }
        return new Chart("Seed 004 Fig. 3.12: usable capacity at loss 10^-3 against the switch queue, all-to-all, " + k
                + "-port fat tree", "switch queue K, packets", "usable fraction of capacity", false, series);
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.routing.EcmpMonteCarlo;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KPortFatTree;

/**
 * Seed 004 §3.1.2 (Fig. 3.3): ECMP's throughput under a permutation with no intra-subtree destinations as the fat
 * tree grows, (a) in ports k at 3 levels and (b) in levels l = 3..5 at a few k. The thesis: the mean flow throughput
 * "begins to level off around 40%" by k = 24, and more levels reduce it, the decline slowing by 5 levels.
 *
 * <p>Method: {@link EcmpMonteCarlo}'s fluid model (a random hash per flow and hop over the {@code ecmp} engine's
 * port groups, links taken stage by stage, an overloaded link scaling its flows by capacity / load), averaged over
 * random permutations; subtrees are the top-level ones. Not the packet simulator: the thesis simulated packets, and
 * Weft's packet runs of the same permutation ({@code ecmp}: 0.400 at k = 16 against 0.391 here; 0.609 against 0.609
 * at k = 4 pod to pod) agree with this model within 0.01, at a cost that k = 24 or 5 levels would make hours.
 */
final class EcmpScalingRepro implements Reproduction.Experiment {
    /** {@code weft repro ecmp-scaling}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.1.2 Fig. 3.3: ECMP throughput under a permutation as the fat tree grows "
            + "in ports and in levels";
    static final List<Claim> CLAIMS = List.of(
            new Claim("C3", "ECMP mean flow throughput at the largest k, 3 levels (Fig. 3.3a: levels off around 40%)",
                    0.40, "fraction", new Band(0.3, 0.6)),
            new Claim("C3.flat", "drop in mean throughput over the upper half of the k sweep / over the lower half",
                    1, "ratio", Tolerance.atMost(0, "thesis: the drop 'begins to level off', i.e. slows"),
                    new Band(0, 1.5)),
            new Claim("C4", "largest change of mean throughput from l to l + 1 levels, over k (Fig. 3.3b: falls)",
                    0, "fraction", Tolerance.atMost(0, "thesis: 'increasing the number of levels also reduces "
                    + "throughput'"), new Band(-1, 0.02)),
            new Claim("C4.slow", "drop from 4 to 5 levels / drop from 3 to 4 levels, largest over k", 1, "ratio",
                    Tolerance.atMost(0, "thesis: 'the rate of decline does begin to slow'"), new Band(0, 1.5)));
    static final List<Parameter> PARAMETERS = List.of(
            new Parameter("ks", "switch ports k of Fig. 3.3a (3 levels)", "4,6,8,10,12,16,20,24", "4,6,8"),
            new Parameter("levels-k", "switch ports k of Fig. 3.3b's curves", "4,6,8", "6"),
            new Parameter("levels", "fat-tree levels of Fig. 3.3b", "3,4,5", "3,4,5"),
            new Parameter("runs", "random permutations (with their hashes) per point", "30", "10"));

    /** One point: a k-port, l-level fat tree's Monte Carlo estimate. */
    private record Point(int k, int levels, int hosts, EcmpMonteCarlo.Estimate estimate) {
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        List<Integer> ks = sortedEven(o.integers("ks", 4, 32), "ks");
        List<Integer> levelsK = sortedEven(o.integers("levels-k", 4, 16), "levels-k");
        List<Integer> levels = o.integers("levels", 3, 6).stream().sorted().distinct().toList();
        int runs = o.integer("runs", 1, 1000);
        if (ks.size() < 3) {
            throw new IllegalArgumentException("--ks needs at least 3 port counts to tell a levelling off, got " + ks);
        }
        if (levels.size() < 2) {
            throw new IllegalArgumentException("--levels needs at least 2 level counts, got " + levels);
        }
        List<int[]> shapes = new ArrayList<>();
        for (int k : ks) {
            shapes.add(new int[] {k, 3});
        }
        for (int k : levelsK) {
            for (int l : levels) {
                if (l != 3 || !ks.contains(k)) {
                    shapes.add(new int[] {k, l});
                }
            }
        }
        List<Supplier<Point>> tasks = new ArrayList<>();
        for (int[] s : shapes) {
            tasks.add(() -> point(s[0], s[1], runs, o.seed()));
        }
        List<Point> points = o.runner().all(tasks);
        double[] portCurve = new double[ks.size()];
        for (int i = 0; i < ks.size(); i++) {
            portCurve[i] = find(points, ks.get(i), 3).estimate.mean();
        }
        int last = ks.size() - 1;
        int mid = ks.size() / 2;
        double flat = (portCurve[mid] - portCurve[last]) / (portCurve[0] - portCurve[mid]);
        double rise = Double.NEGATIVE_INFINITY;
        double slow = Double.NEGATIVE_INFINITY;
        for (int k : levelsK) {
            double[] curve = new double[levels.size()];
            for (int j = 0; j < levels.size(); j++) {
                curve[j] = find(points, k, levels.get(j)).estimate.mean();
            }
            for (int j = 0; j + 1 < levels.size(); j++) {
                rise = Math.max(rise, curve[j + 1] - curve[j]);
            }
            int three = levels.indexOf(3);
            int five = levels.indexOf(5);
            if (three >= 0 && five == three + 2) {
                slow = Math.max(slow, (curve[three + 1] - curve[five]) / (curve[three] - curve[three + 1]));
            }
        }
        if (slow == Double.NEGATIVE_INFINITY) {
            slow = Double.NaN;
        }
        List<ClaimResult> claims = List.of(CLAIMS.get(0).measured(portCurve[last]), CLAIMS.get(1).measured(flat),
                CLAIMS.get(2).measured(rise), CLAIMS.get(3).measured(slow));
        String setup = String.format(Locale.ROOT, "k-port fat trees, 1 Gbit/s links: k = %s at 3 levels, l = %s at "
                + "k = %s; permutation with no destination in the source's top-level subtree; ECMP hashed per flow "
                + "and hop; fluid model, %d permutation(s) per point", ks, levels, levelsK, runs);
        return ReproResult.of(repro, o, setup, claims, List.of(table(points)), chart(points, levels));
    }

    private static Point point(int k, int levels, int runs, long seed) {
        Topology t = KPortFatTree.generate(k, levels, GeneratorOptions.defaults().withGbps(1).withLatencyUs(0));
        RoutingResult ecmp = RoutingEngines.byName("ecmp").compute(t, RoutingOptions.defaults());
        EcmpMonteCarlo.Estimate e = EcmpMonteCarlo.monteCarlo(t, ecmp, EcmpMonteCarlo.Pattern.INTER_POD, runs,
                new SplittableRandom(seed * 1000 + k * 10L + levels));
        return new Point(k, levels, t.hosts().size(), e);
    }

    private static Point find(List<Point> points, int k, int levels) {
        for (Point p : points) {
            if (p.k == k && p.levels == levels) {
                return p;
            }
        }
        throw new IllegalStateException("no point for k = " + k + ", l = " + levels);
    }

    private static List<Integer> sortedEven(List<Integer> values, String name) {
        for (int v : values) {
            if (v % 2 != 0) {
                throw new IllegalArgumentException("--" + name + " must be even port counts, got " + v);
            }
        }
        return values.stream().sorted().distinct().toList();
    }

    private static ResultTable table(List<Point> points) {
        List<List<String>> rows = new ArrayList<>();
        for (Point p : points) {
            rows.add(List.of(Integer.toString(p.k), Integer.toString(p.levels), Integer.toString(p.hosts),
                    ResultTable.fixed(p.estimate.mean(), 3), ResultTable.fixed(p.estimate.standardError(), 4),
                    ResultTable.fixed(p.estimate.meanMinimum(), 3)));
        }
        rows.add(List.of("thesis", "3", "-", "levels off around 0.40 by k = 24 (Fig. 3.3a)", "-", "-"));
        return new ResultTable("Fig. 3.3: ECMP flow throughput under a permutation by fat-tree size (fluid model)",
                List.of("k", "levels", "servers", "mean flow", "standard error", "least flow (mean over runs)"),
                rows);
    }

    private static Chart chart(List<Point> points, List<Integer> levels) {
        List<Chart.Series> series = new ArrayList<>();
        for (int l : levels) {
            List<double[]> curve = new ArrayList<>();
            for (Point p : points) {
                if (p.levels == l) {
                    curve.add(new double[] {p.k, p.estimate.mean()});
                }
            }
            curve.sort((a, b) -> Double.compare(a[0], b[0]));
            series.add(new Chart.Series(l + " levels", curve));
        }
        series.add(new Chart.Series("thesis: levels off around 0.40 (3 levels, k = 24)",
                List.<double[]>of(new double[] {24, 0.40}), true));
        return new Chart("Seed 004 Fig. 3.3: ECMP under a permutation as the fat tree grows", "switch ports k",
                "mean flow throughput (fraction of offered)", false, series);
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.routing.AdaptiveFlowRouting;
import weft.model.routing.AdaptiveFlowRouting.Direction;
import weft.model.traffic.FluidWorkloads;

/**
 * Seed 000 §6.2, Figs. 6.5 and 6.6: adaptive flow routing on the enriched tree across tree sizes ("Radix and Height":
 * height 3 with a varying radix, radix 12 with heights 2-4) and across horizontal policies ("Horizontal Movement
 * Policies": ForcedDir(i) against FreeDir(i) for hop limits i = 0, 1, 2, 4, 8, unlimited), measured as in
 * {@link ContentionRepro}: the mean over random permutations of the largest per-flow contention.
 *
 * <p>Each tree's permutations are drawn in chunks, each from its own generator split off the run's seed in a fixed
 * order, so the chunks are independent tasks and every routing of a figure sees the same permutations.
 */
final class HorizontalRepro implements Reproduction.Experiment {
    /** {@code weft repro horizontal}: the paper's experiment, one line. */
    static final String TITLE = "Seed 000 §6.2 Figs. 6.5/6.6: adaptive routing across tree sizes and horizontal "
            + "policies (ForcedDir vs FreeDir)";
    static final List<Claim> CLAIMS = List.of(
            new Claim("C6.least", "max per-flow contention reduction, adaptive on the enriched tree vs D-mod-k, "
                    + "least over the large trees (height >= 3, radix >= the height sweep's: 12-16 at paper size)", 40,
                    "%",
                    Tolerance.atLeast(0, "thesis §6.2 Overhead: 40-50% for height 3-4 and radix 12-16"),
                    Band.above(10)),
            new Claim("C6.most", "same, largest over the large trees", 50, "%",
                    Tolerance.atMost(0, "thesis §6.2 Overhead: 40-50% for height 3-4 and radix 12-16"),
                    new Band(10, 80)),
            new Claim("C6.grows", "reduction of the largest tree minus the smallest's, least of the radix and the "
                    + "height sweeps ('higher for larger trees')", 0, "points",
                    Tolerance.atLeast(0, "thesis §6.2: the improvement is higher for larger trees (direction only)"),
                    new Band(-20, 80)),
            new Claim("C7.i1", "FreeDir(1) vs ForcedDir(1): ForcedDir's max contention / FreeDir's ('the only "
                    + "exception is i = 1')", 1, "ratio",
                    Tolerance.atLeast(0, "thesis Fig. 6.6: FreeDir better at i = 1 (direction only)"),
                    new Band(0.8, 1.3)),
            new Claim("C7.forced", "ForcedDir better than FreeDir for i >= 2: FreeDir(i) / ForcedDir(i) max "
                    + "contention, mean over i = 2, 4, 8, unlimited ('generally better')", 1, "ratio",
                    Tolerance.atLeast(0, "thesis Fig. 6.6: ForcedDir generally better (direction only)"),
                    new Band(0.9, 1.5)),
            new Claim("C7.i8", "ForcedDir(8) / ForcedDir(unlimited) max contention ('virtually no difference')", 1,
                    "ratio", new Band(0.9, 1.1)));
    static final List<Parameter> PARAMETERS = TreeFabric.parameters(TreeFabric.arity("16", "4"),
            new Parameter("runs", "random permutations per tree", "1000", "50"),
            new Parameter("radices", "Fig. 6.5 radix sweep at height n", "4,8,12,16", "2,4"),
            new Parameter("height-radix", "Fig. 6.5 radix of the height sweep", "12", "4"),
            new Parameter("heights", "Fig. 6.5 heights of the height sweep", "2,3,4", "2,3"));
    /** ForcedDir/FreeDir hop limits of Fig. 6.6; the last, "unlimited", is a level's switch count. */
    private static final int[] HOPS = {0, 1, 2, 4, 8, -1};
    /** Tasks per tree: chunks of its permutations, each with its own generator. */
    private static final int CHUNKS = 10;

    /** What one chunk adds up per permutation: {@code sum[i] += } the i-th routing's largest contention. */
    private interface Measure {
        void add(TreeFabric tree, int[][] flows, double[] sum);
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        TreeFabric policyTree = TreeFabric.of(o, TreeFabric.GBPS);
        int n = policyTree.n;
        int runs = o.integer("runs", 1, 1_000_000);
        List<Integer> radices = o.integers("radices", 2, 32);
        int heightRadix = o.integer("height-radix", 2, 32);
        List<Integer> heights = o.integers("heights", 2, 5);
        SplittableRandom rnd = new SplittableRandom(o.seed());
        List<int[]> sizes = new ArrayList<>();
        for (int r : radices) {
            sizes.add(new int[] {r, n});
        }
        for (int h : heights) {
            sizes.add(new int[] {heightRadix, h});
        }
        List<Supplier<double[]>> tasks = new ArrayList<>();
        for (int[] size : sizes) {
            TreeFabric tree = new TreeFabric(size[0], size[1], policyTree.width, policyTree.hops, TreeFabric.GBPS);
            chunks(tasks, runs, rnd, tree, (t, flows, sum) -> {
                sum[0] += t.paths(flows, TreeFabric.Scheme.STATIC).contention().max();
                sum[1] += t.paths(flows, TreeFabric.Scheme.ADAPTIVE).contention().max();
            }, 2);
        }
        List<AdaptiveFlowRouting> policies = new ArrayList<>();
        int unlimited = (int) Math.pow(policyTree.k, n - 1);
        for (int i : HOPS) {
            policies.add(new AdaptiveFlowRouting(policyTree.enriched, i < 0 ? unlimited : i, Direction.FORCED));
            policies.add(new AdaptiveFlowRouting(policyTree.enriched, i < 0 ? unlimited : i, Direction.FREE));
        }
        chunks(tasks, runs, rnd, policyTree, (t, flows, sum) -> {
            for (int p = 0; p < policies.size(); p++) {
                sum[p] += policies.get(p).routeIndexed(flows, true).contention().max();
            }
        }, policies.size());
        List<double[]> chunkSums = o.runner().all(tasks);
        int chunk = 0;
        List<double[]> sizeMeans = new ArrayList<>();
        for (int s = 0; s < sizes.size(); s++) {
            sizeMeans.add(join(chunkSums, chunk, runs));
            chunk += CHUNKS;
        }
        double[] policyMeans = join(chunkSums, chunk, runs);
        return result(repro, o, sizes, sizeMeans, policyMeans, policyTree, runs);
    }

    private static ReproResult result(Reproduction repro, ReproOptions o, List<int[]> sizes, List<double[]> sizeMeans,
                                      double[] policy, TreeFabric policyTree, int runs) {
        int heightRadix = o.integer("height-radix", 2, 32);
        List<List<String>> sizeRows = new ArrayList<>();
        double least = Double.POSITIVE_INFINITY;
        double most = Double.NEGATIVE_INFINITY;
        double[] reduction = new double[sizes.size()];
        for (int s = 0; s < sizes.size(); s++) {
            int[] size = sizes.get(s);
            double[] m = sizeMeans.get(s);
            reduction[s] = 100 * (1 - m[1] / m[0]);
            boolean large = size[0] >= heightRadix && size[1] >= 3;
            if (large) {
                least = Math.min(least, reduction[s]);
                most = Math.max(most, reduction[s]);
            }
            sizeRows.add(List.of(size[0] + "-ary " + size[1] + "-tree", SchemeSweep.fixed(m[0]),
                    SchemeSweep.fixed(m[1]), String.format(Locale.ROOT, "%.1f%%", reduction[s]),
                    large ? "yes" : "no"));
        }
        int radixCount = o.integers("radices", 2, 32).size();
        double grows = Math.min(reduction[radixCount - 1] - reduction[0],
                reduction[sizes.size() - 1] - reduction[radixCount]);
        List<List<String>> policyRows = new ArrayList<>();
        List<double[]> forcedCurve = new ArrayList<>();
        List<double[]> freeCurve = new ArrayList<>();
        double forcedWins = 0;
        int beyondOne = 0;
        for (int h = 0; h < HOPS.length; h++) {
            double forced = policy[2 * h];
            double free = policy[2 * h + 1];
            String label = HOPS[h] < 0 ? "unlimited" : Integer.toString(HOPS[h]);
            policyRows.add(List.of(label, SchemeSweep.fixed(forced), SchemeSweep.fixed(free)));
            forcedCurve.add(new double[] {h, forced});
            freeCurve.add(new double[] {h, free});
            if (HOPS[h] < 0 || HOPS[h] >= 2) {
                forcedWins += free / forced;
                beyondOne++;
            }
        }
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(least == Double.POSITIVE_INFINITY ? Double.NaN : least),
                CLAIMS.get(1).measured(most == Double.NEGATIVE_INFINITY ? Double.NaN : most),
                CLAIMS.get(2).measured(grows),
                CLAIMS.get(3).measured(policy[2] / policy[3]),
                CLAIMS.get(4).measured(forcedWins / beyondOne),
                CLAIMS.get(5).measured(policy[2 * 4] / policy[2 * 5]));
        List<ResultTable> tables = List.of(
                new ResultTable("Fig. 6.5: mean over runs of the largest per-flow contention, D-mod-k on the plain "
                        + "tree vs adaptive on the enriched tree; the thesis: 40-50% less for height 3-4, radix "
                        + "12-16", List.of("tree", "D-mod-k", "adaptive", "reduction", "large"), sizeRows),
                new ResultTable("Fig. 6.6: mean over runs of the largest per-flow contention by horizontal hop "
                        + "limit i, " + policyTree.k + "-ary " + policyTree.n + "-tree; the thesis: ForcedDir better "
                        + "except at i = 1, i = 8 as good as unlimited", List.of("i", "ForcedDir(i)", "FreeDir(i)"),
                        policyRows));
        Chart chart = new Chart("Seed 000 Fig. 6.6: horizontal policies, " + policyTree.k + "-ary " + policyTree.n
                + "-tree (x: i = 0, 1, 2, 4, 8, unlimited)", "hop limit (index: 0, 1, 2, 4, 8, unlimited)",
                "mean largest per-flow contention", false, List.of(new Chart.Series("ForcedDir(i)", forcedCurve),
                new Chart.Series("FreeDir(i)", freeCurve)));
        String setup = String.format(Locale.ROOT, "Fig. 6.5: %s at height %d and radix %d at heights %s; Fig. 6.6: "
                + "%s; enriched width %d; %d random permutations per tree", o.string("radices"),
                policyTree.n, o.integer("height-radix", 2, 32), o.string("heights"), policyTree.k + "-ary "
                + policyTree.n + "-tree", policyTree.width, runs);
        return ReproResult.of(repro, o, setup, claims, tables, chart);
    }

    /** Adds {@link #CHUNKS} tasks covering {@code runs} permutations of {@code tree}, each with its own generator. */
    private static void chunks(List<Supplier<double[]>> tasks, int runs, SplittableRandom rnd, TreeFabric tree,
                               Measure measure, int width) {
        for (int c = 0; c < CHUNKS; c++) {
            int count = runs / CHUNKS + (c < runs % CHUNKS ? 1 : 0);
            SplittableRandom own = rnd.split();
            tasks.add(() -> {
                double[] sum = new double[width];
                for (int r = 0; r < count; r++) {
                    measure.add(tree, FluidWorkloads.permutation(tree.hosts(), own), sum);
                }
                return sum;
            });
        }
    }

    /** The means over {@code runs} of the {@link #CHUNKS} chunk sums from {@code from}, added in chunk order. */
    private static double[] join(List<double[]> sums, int from, int runs) {
        double[] total = new double[sums.get(from).length];
        for (int c = from; c < from + CHUNKS; c++) {
            for (int i = 0; i < total.length; i++) {
                total[i] += sums.get(c)[i];
            }
        }
        return SchemeSweep.mean(total, runs);
    }
}

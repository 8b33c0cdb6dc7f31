package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import weft.model.io.Chart;
import weft.model.routing.AdaptiveFlowRouting.Contention;
import weft.model.topology.Topology;
import weft.model.traffic.FluidWorkloads;

/**
 * Seed 000 §6.2 (Figs. 6.2 and 6.4), seed 003 §4.2 (Fig. 5): per-flow contention of random permutations on a k-ary
 * n-tree, static D-mod-k on the plain tree against adaptive ascent alone on the plain tree and against adaptive flow
 * routing (ForcedDir descent) on the enriched tree.
 *
 * <p>Method: a random permutation of the hosts, fixed points dropped; flows set up one at a time in random order; a
 * flow's contention is the most flows on any link it uses (host links included); per run the maximum and the mean
 * over flows; the claims compare the means over runs. The price of the enrichment is counted on the fabric routed
 * (the chain of each logical node; Table 6.1 counts a ring, which adds slightly more).
 */
final class ContentionRepro implements Reproduction.Experiment {
    /** {@code weft repro contention}: the paper's experiment, one line. */
    static final String TITLE = "Seed 000 §6.2 Figs. 6.2/6.4: contention of D-mod-k vs adaptive flow routing on the "
            + "enriched tree";
    private static final Tolerance THESIS_RANGE = Tolerance.absolute(10, "thesis §6.2 gives 40-50% across cluster "
            + "sizes: +-10 points");
    static final List<Claim> CLAIMS = List.of(
            new Claim("C5.max", "max per-flow contention, adaptive on enriched tree vs D-mod-k", -50, "%",
                    THESIS_RANGE, new Band(-70, -15)),
            new Claim("C5.mean", "mean per-flow contention, adaptive on enriched tree vs D-mod-k (> 20% less)",
                    -20, "%", Tolerance.atMost(0, "thesis: 'more than 20%' reduction"), new Band(-60, -5)),
            new Claim("C4", "max per-flow contention, adaptive ascent alone vs D-mod-k ('no positive effect')", 0,
                    "%", Tolerance.absolute(10, "qualitative 'no effect': +-10 points"), new Band(-40, 15)),
            new Claim("C3", "D-mod-k: most flows on one link over all runs (ascending tail)", 7, "flows",
                    Tolerance.absolute(1, "thesis Fig. 6.2 tail at 7; integer counts: +-1"), new Band(2, 10)),
            new Claim("C8", "enrichment cost: switch ports added by width-2 horizontal links / the tree's (Table 6.1; "
                    + "seed 003 §4.2: +10%)", 0.10, "ratio",
                    Tolerance.absolute(0.005, "Table 6.1 gives two decimals"), new Band(0.05, 0.5)));
    static final List<Parameter> PARAMETERS = TreeFabric.parameters(TreeFabric.arity("16", "4"),
            new Parameter("runs", "random permutations", "1000", "50"));

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        TreeFabric tree = TreeFabric.of(o, TreeFabric.GBPS);
        int runs = o.integer("runs", 1, 1_000_000);
        int hosts = tree.hosts();
        SplittableRandom rnd = new SplittableRandom(o.seed());
        double[] maxSum = new double[3];
        double[] meanSum = new double[3];
        int tail = 0;
        int[][] histogram = new int[2][hosts + 1];
        for (int run = 0; run < runs; run++) {
            int[][] flows = FluidWorkloads.permutation(hosts, rnd);
            Contention[] c = {
                tree.paths(flows, TreeFabric.Scheme.STATIC).contention(),
                tree.paths(flows, TreeFabric.Scheme.ASCENT_ONLY).contention(),
                tree.paths(flows, TreeFabric.Scheme.ADAPTIVE).contention(),
            };
            for (int i = 0; i < 3; i++) {
                maxSum[i] += c[i].max();
                meanSum[i] += c[i].mean();
            }
            tail = Math.max(tail, c[0].max());
            histogram[0][c[0].max()]++;
            histogram[1][c[2].max()]++;
        }
        String[] names = {"D-mod-k, plain tree (static baseline)", "adaptive ascent only, plain tree",
            "adaptive, enriched tree width " + tree.width + ", ForcedDir(" + tree.hops + ")"};
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            rows.add(List.of(names[i], SchemeSweep.fixed(maxSum[i] / runs), SchemeSweep.fixed(meanSum[i] / runs)));
        }
        rows.add(List.of("thesis Fig. 6.4 (width >= 2): enriched adaptive vs D-mod-k", "about -50%", "beyond -20%"));
        List<ClaimResult> claims = List.of(
                repro.claims().get(0).measured(100 * (maxSum[2] / maxSum[0] - 1)),
                repro.claims().get(1).measured(100 * (meanSum[2] / meanSum[0] - 1)),
                repro.claims().get(2).measured(100 * (maxSum[1] / maxSum[0] - 1)),
                repro.claims().get(3).measured(tail),
                repro.claims().get(4).measured((double) (switchPorts(tree.enriched) - switchPorts(tree.plain))
                        / switchPorts(tree.plain)));
        List<Chart.Series> series = new ArrayList<>();
        String[] labels = {"D-mod-k, plain tree", "adaptive, enriched tree"};
        for (int s = 0; s < 2; s++) {
            List<double[]> points = new ArrayList<>();
            for (int v = 1; v <= Math.min(hosts, 16); v++) {
                points.add(new double[] {v, (double) histogram[s][v] / runs});
            }
            series.add(new Chart.Series(labels[s], points));
        }
        Chart chart = new Chart("Seed 000 Fig. 6.4: largest per-flow contention per permutation, " + tree.k + "-ary "
                + tree.n + "-tree", "largest per-flow contention in the run (flows on one link)", "fraction of runs",
                false, series);
        String setup = tree.describe() + ", " + runs + " random permutations";
        return ReproResult.of(repro, o, setup, claims, List.of(new ResultTable("Mean over runs of the largest and of "
                + "the mean per-flow contention", List.of("routing", "max contention", "mean contention"), rows)),
                chart);
    }

    /** Switch ports in use: both ends of every inter-switch link, one per host. */
    private static long switchPorts(Topology t) {
        return 2L * t.links().size() + t.hosts().size();
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import weft.model.io.Chart;
import weft.model.routing.AdaptiveFlowRouting;
import weft.model.routing.AdaptiveFlowRouting.Contention;
import weft.model.topology.Topology;
import weft.model.topology.generate.EnrichedKaryNTree;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.traffic.FluidWorkloads;

/**
 * Seed 000 §6.2 (Figs. 6.2 and 6.4), seed 003 §4.2 (Fig. 5): per-flow contention of random permutations on a k-ary
 * n-tree, static D-mod-k on the plain tree against adaptive ascent alone on the plain tree and against adaptive flow
 * routing (ForcedDir descent) on the enriched tree.
 *
 * <p>Method: a random permutation of the hosts, fixed points dropped; flows set up one at a time in random order; a
 * flow's contention is the most flows on any link it uses (host links included); per run the maximum and the mean
 * over flows; the claims compare the means over runs.
 */
final class ContentionRepro implements Reproduction {
    private static final Tolerance THESIS_RANGE = Tolerance.absolute(10, "thesis §6.2 gives 40-50% across cluster "
            + "sizes: +-10 points");
    private static final List<Claim> CLAIMS = List.of(
            new Claim("C5.max", "max per-flow contention, adaptive on enriched tree vs D-mod-k", -50, "%",
                    THESIS_RANGE, new Band(-70, -15)),
            new Claim("C5.mean", "mean per-flow contention, adaptive on enriched tree vs D-mod-k (> 20% less)",
                    -20, "%", Tolerance.atMost(0, "thesis: 'more than 20%' reduction"), new Band(-60, -5)),
            new Claim("C4", "max per-flow contention, adaptive ascent alone vs D-mod-k ('no positive effect')", 0,
                    "%", Tolerance.absolute(10, "qualitative 'no effect': +-10 points"), new Band(-40, 15)),
            new Claim("C3", "D-mod-k: most flows on one link over all runs (ascending tail)", 7, "flows",
                    Tolerance.absolute(1, "thesis Fig. 6.2 tail at 7; integer counts: +-1"), new Band(2, 10)));
    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter("k", "tree arity", "16", "4"),
            new Parameter("n", "switch levels", "3", "3"),
            new Parameter("width", "horizontal width of the enriched tree", "2", "2"),
            new Parameter("hops", "ForcedDir horizontal hop limit per level", "8", "8"),
            new Parameter("runs", "random permutations", "1000", "50"));

    @Override
    public String name() {
        return "contention";
    }

    @Override
    public String seed() {
        return "000";
    }

    @Override
    public String title() {
        return "Seed 000 §6.2 Figs. 6.2/6.4: contention of D-mod-k vs adaptive flow routing on the enriched tree";
    }

    @Override
    public List<Claim> claims() {
        return CLAIMS;
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public ReproResult run(ReproOptions o) {
        int k = o.integer("k", 2, 64);
        int n = o.integer("n", 1, 6);
        int width = o.integer("width", 1, 8);
        int hops = o.integer("hops", 0, 1 << 20);
        int runs = o.integer("runs", 1, 1_000_000);
        Topology plain = KaryNTree.generate(k, n, GeneratorOptions.defaults());
        Topology enriched = EnrichedKaryNTree.generate(k, n, width, EnrichedKaryNTree.Shape.CHAIN,
                GeneratorOptions.defaults());
        AdaptiveFlowRouting onPlain = new AdaptiveFlowRouting(plain, hops);
        AdaptiveFlowRouting onEnriched = new AdaptiveFlowRouting(enriched, hops);
        int hosts = plain.hosts().size();
        SplittableRandom rnd = new SplittableRandom(o.seed());
        double[] maxSum = new double[3];
        double[] meanSum = new double[3];
        int tail = 0;
        int[][] histogram = new int[2][hosts + 1];
        for (int run = 0; run < runs; run++) {
            int[][] flows = FluidWorkloads.permutation(hosts, rnd);
            Contention[] c = {
                onPlain.routeIndexed(flows, false).contention(),
                onPlain.routeIndexed(flows, true).contention(),
                onEnriched.routeIndexed(flows, true).contention(),
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
            "adaptive, enriched tree width " + width + ", ForcedDir(" + hops + ")"};
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            rows.add(List.of(names[i], fmt(maxSum[i] / runs), fmt(meanSum[i] / runs)));
        }
        rows.add(List.of("thesis Fig. 6.4 (width >= 2): enriched adaptive vs D-mod-k", "about -50%", "beyond -20%"));
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(100 * (maxSum[2] / maxSum[0] - 1)),
                CLAIMS.get(1).measured(100 * (meanSum[2] / meanSum[0] - 1)),
                CLAIMS.get(2).measured(100 * (maxSum[1] / maxSum[0] - 1)),
                CLAIMS.get(3).measured(tail));
        List<Chart.Series> series = new ArrayList<>();
        String[] labels = {"D-mod-k, plain tree", "adaptive, enriched tree"};
        for (int s = 0; s < 2; s++) {
            List<double[]> points = new ArrayList<>();
            for (int v = 1; v <= Math.min(hosts, 16); v++) {
                points.add(new double[] {v, (double) histogram[s][v] / runs});
            }
            series.add(new Chart.Series(labels[s], points));
        }
        Chart chart = new Chart("Seed 000 Fig. 6.4: largest per-flow contention per permutation, " + k + "-ary " + n
                + "-tree", "largest per-flow contention in the run (flows on one link)", "fraction of runs", false,
                series);
        String setup = String.format(Locale.ROOT, "%d-ary %d-tree (%d hosts), enriched width %d, ForcedDir(%d), %d "
                + "random permutations", k, n, hosts, width, hops, runs);
        return ReproResult.of(this, o, setup, claims, List.of(new ResultTable("Mean over runs of the largest and of "
                + "the mean per-flow contention", List.of("routing", "max contention", "mean contention"), rows)),
                chart);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}

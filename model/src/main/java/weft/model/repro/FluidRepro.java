package weft.model.repro;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import weft.model.io.Chart;
import weft.model.rate.Afa;
import weft.model.rate.Allocation;
import weft.model.rate.Arithmetic;
import weft.model.rate.Ffa;
import weft.model.rate.RateProblem;
import weft.model.rate.Saa;
import weft.model.rate.SaaM;
import weft.model.rate.WeightBasis;
import weft.model.traffic.FluidWorkloads;

/**
 * Seed 000's fluid (calculated) rate results on the k-ary n-tree, static D-mod-k on the plain tree against adaptive
 * flow routing (ForcedDir) on the enriched tree, unit link capacities: the claims the thesis makes between two
 * calculated schemes (§6.3-6.5, Theorem 4.1.1):
 * <ol>
 *   <li>single application, {@code p} superposed random permutations of unit size: SAA completion time = max link
 *       weight {@code W}; for one permutation SAA+AR takes half as long as SAA;</li>
 *   <li>independent flows, every host sends {@code U[1, max_flows]} flows to random hosts: SAA-M+AR = FFA+AR in mean
 *       rate;</li>
 *   <li>multiple applications (32 of 128 hosts from groups of {@code 128/frag} neighbours, {@code U[1,5]}
 *       permutations each): SAA+AR and FFA+AR give the same application rates; adaptive routing is what lifts
 *       AFA.</li>
 * </ol>
 * The comparisons against uncontrolled packet-level runs (NC) are the packet-level reproductions {@code phase},
 * {@code independent} and {@code apps}, which use these fluid figures as their "calculated" column.
 */
final class FluidRepro implements Reproduction.Experiment {
    /** {@code weft repro fluid}: the paper's experiment, one line. */
    static final String TITLE = "Seed 000 §6.3-6.5: calculated SAA/SAA-M/FFA/AFA rates, D-mod-k vs adaptive routing";
    static final List<Claim> CLAIMS = List.of(
            new Claim("C10.p1", "1 permutation: SAA+AR completion / SAA completion (W adaptive / W static)", 0.5,
                    "ratio", new Band(0.3, 0.9)),
            new Claim("C11.saam", "independent flows: mean rate SAA-M+AR / FFA+AR (max_flows 5)", 1.0, "ratio",
                    new Band(0.8, 1.2)),
            new Claim("C15.same", "applications: mean application rate SAA+AR / FFA+AR (vectors coincide)", 1.0,
                    "ratio", new Band(0.8, 1.2)),
            new Claim("C15.ar", "applications: mean application rate AFA+AR / AFA ('AR is key')", 1.0, "ratio",
                    Tolerance.atLeast(0, "thesis gives only the direction: above 1"), new Band(1.0, 4)));
    static final List<Parameter> PARAMETERS = TreeFabric.parameters(TreeFabric.arity("16", "8"),
            TreeFabric.runs("5", "2"),
            new Parameter("max-permutations", "single application: p = 1 .. this", "5", "3"),
            new Parameter("max-flows", "independent flows: max_flows = 1 .. this", "5", "5"),
            new Parameter("frag", "multiple applications: frag_coeff", "4", "4"));

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        TreeFabric tree = TreeFabric.of(o, 1);
        int runs = TreeFabric.runs(o);
        int maxPermutations = o.integer("max-permutations", 1, 64);
        int maxFlows = o.integer("max-flows", 1, 64);
        int frag = o.integer("frag", 1, 128);
        int hosts = tree.hosts();
        SplittableRandom rnd = new SplittableRandom(o.seed());
        List<ResultTable> tables = new ArrayList<>();

        List<List<String>> single = new ArrayList<>();
        String[] reference = {"6.1 -> 3.0", "8.6 -> 4.75", "10.5 -> 6.0", "12.9 -> 7.25", "14.4 -> 8.9"};
        List<double[]> wStatic = new ArrayList<>();
        List<double[]> wAdaptive = new ArrayList<>();
        double ratioP1 = Double.NaN;
        for (int p = 1; p <= maxPermutations; p++) {
            double[] w = new double[2];
            for (int run = 0; run < runs; run++) {
                int[][] flows = FluidWorkloads.superposedPermutations(hosts, p, rnd);
                w[0] += Saa.maxLinkWeight(problem(tree, false, flows, null), Arithmetic.DOUBLE);
                w[1] += Saa.maxLinkWeight(problem(tree, true, flows, null), Arithmetic.DOUBLE);
            }
            if (p == 1) {
                ratioP1 = w[1] / w[0];
            }
            wStatic.add(new double[] {p, w[0] / runs});
            wAdaptive.add(new double[] {p, w[1] / runs});
            single.add(List.of(Integer.toString(p), fmt(w[0] / runs), fmt(w[1] / runs),
                    pct(w[1] / w[0] - 1), tree.k == 16 && tree.n == 3 && p <= reference.length ? reference[p - 1]
                    : ""));
        }
        tables.add(new ResultTable("1. Single application: SAA completion time W = SAA (static) and SAA+AR "
                + "(adaptive), unit flows", List.of("p", "W static (SAA)", "W adaptive (SAA+AR)", "change",
                "reference re-simulation"), single));

        List<List<String>> independent = new ArrayList<>();
        double saamOverFfa = Double.NaN;
        for (int m = 1; m <= maxFlows; m++) {
            double[] r = new double[3];
            for (int run = 0; run < runs; run++) {
                int[][] flows = FluidWorkloads.randomDestinations(hosts, m, rnd);
                r[0] += mean(new Ffa().allocate(problem(tree, false, flows, null)));
                RateProblem adaptive = problem(tree, true, flows, null);
                r[1] += mean(new Ffa().allocate(adaptive));
                r[2] += mean(new SaaM().allocate(adaptive));
            }
            saamOverFfa = r[2] / r[1];
            independent.add(List.of(Integer.toString(m), fmt(r[0] / runs), fmt(r[1] / runs), pct(r[1] / r[0] - 1),
                    fmt(r[2] / runs)));
        }
        tables.add(new ResultTable("2. Independent flows: mean rate (fraction of line rate)", List.of("max_flows",
                "FFA static", "FFA+AR", "change", "SAA-M+AR"), independent));

        int apps = Math.max(1, hosts / 128);
        int appSize = hosts / apps;
        double[] a = new double[6];
        for (int run = 0; run < runs; run++) {
            int[][] flows = FluidWorkloads.applications(hosts, apps, appSize, frag, rnd);
            String[] appNames = new String[flows.length];
            for (int i = 0; i < flows.length; i++) {
                appNames[i] = "a" + flows[i][2];
            }
            for (int ar = 0; ar < 2; ar++) {
                RateProblem p = problem(tree, ar == 1, flows, appNames);
                a[ar] += meanAppRate(new Afa().allocate(p));
                a[2 + ar] += meanAppRate(new Ffa().allocate(p));
                a[4 + ar] += meanAppRate(new Saa().allocate(p));
            }
        }
        List<List<String>> multi = new ArrayList<>();
        String[] names = {"AFA", "FFA", "SAA"};
        for (int i = 0; i < 3; i++) {
            multi.add(List.of(names[i], fmt(a[2 * i] / runs), fmt(a[2 * i + 1] / runs),
                    pct(a[2 * i + 1] / a[2 * i] - 1)));
        }
        tables.add(new ResultTable(String.format(Locale.ROOT, "3. Multiple applications: %d apps x %d hosts, groups "
                + "of %d neighbours, U[1,5] permutations per app; mean application rate", apps, appSize,
                Math.max(1, appSize / frag)), List.of("allocator", "static", "+AR", "change"), multi));

        List<ClaimResult> claims = List.of(
                repro.claims().get(0).measured(ratioP1),
                repro.claims().get(1).measured(saamOverFfa),
                repro.claims().get(2).measured(a[5] / a[3]),
                repro.claims().get(3).measured(a[1] / a[0]));
        Chart chart = new Chart("Seed 000 Fig. 6.7 (calculated): SAA completion time W, " + tree.k + "-ary " + tree.n
                + "-tree",
                "superposed random permutations p", "completion time (flow times)", false, List.of(
                        new Chart.Series("SAA (D-mod-k, plain tree)", wStatic),
                        new Chart.Series("SAA+AR (enriched tree)", wAdaptive)));
        String setup = String.format(Locale.ROOT, "%s, %d runs per point, p <= %d, max_flows <= %d, frag %d",
                tree.describe(), runs, maxPermutations, maxFlows, frag);
        return ReproResult.of(repro, o, setup, claims, tables, chart);
    }

    /**
     * The rate problem (unit weights) of host-index flows routed statically on the plain tree or adaptively on the
     * enriched one.
     */
    private static RateProblem problem(TreeFabric tree, boolean adaptive, int[][] flows, String[] apps) {
        return tree.route(flows, adaptive, 1, apps).problem(WeightBasis.WEIGHT);
    }

    private static double mean(Allocation<Double> a) {
        double sum = 0;
        for (int f = 0; f < a.problem().flowCount(); f++) {
            sum += a.gbps(f);
        }
        return sum / a.problem().flowCount();
    }

    /** Mean over applications of {@code r̄(a) = min_{f∈a} r(f)} (unit weights). */
    static double meanAppRate(Allocation<Double> a) {
        RateProblem p = a.problem();
        double[] min = new double[p.appCount()];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        for (int f = 0; f < p.flowCount(); f++) {
            min[p.app(f)] = Math.min(min[p.app(f)], a.gbps(f));
        }
        double sum = 0;
        for (double m : min) {
            sum += m;
        }
        return sum / min.length;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%+.1f%%", 100 * v);
    }
}

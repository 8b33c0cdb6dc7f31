package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import weft.model.io.Chart;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.SimResult;
import weft.model.traffic.FluidWorkloads;

/**
 * Seed 003 §5.3 Fig. 6 and seed 000 §6.3 Fig. 6.7: the completion time of one phase-based application's
 * communication phase (equal flows forming {@code p} superposed random permutations) under four schemes: NC (D-mod-k
 * on the plain tree, no rate control), SAA (D-mod-k + SAA rates), AR (adaptive flow routing on the enriched tree, no
 * rate control) and SAA+AR. As in the papers, NC and AR are packet-level runs (8-packet input buffers, FCFS outputs,
 * infinite speedup) and the rate-controlled schemes take their calculated completion time, the largest link weight
 * {@code W} (Theorem 4.1.1; the thesis: "in all rate-control tests the calculated rates are taken as the outcome",
 * which Table 1, {@code weft repro injection}, justifies). Times are in flow times (one flow at line rate).
 */
final class PhaseRepro implements Reproduction {
    private static final Tolerance DEFAULT = Tolerance.defaultRelative();
    private static final List<Claim> CLAIMS = List.of(
            new Claim("C6", "SAA alone vs NC: largest reduction of the phase's completion time over p", 13, "%",
                    DEFAULT, new Band(-10, 40)),
            new Claim("C7", "AR alone vs NC: completion AR / NC, least over p >= 3 ('higher than NC')", 1.0, "ratio",
                    Tolerance.atLeast(0, "the papers give only the direction: above 1"), new Band(0.3, 2.5)),
            new Claim("C8", "SAA+AR vs NC: largest reduction of the completion time over p", 50, "%", DEFAULT,
                    new Band(20, 80)),
            new Claim("C8.p1", "1 permutation: NC completion / SAA+AR completion ('twofold', seed 003 §5.3)", 2.0,
                    "ratio", DEFAULT, new Band(1.3, 4)));
    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter("k", "tree arity", "16", "4"),
            new Parameter("n", "switch levels", "3", "3"),
            new Parameter("width", "horizontal width of the enriched tree", "2", "2"),
            new Parameter("hops", "ForcedDir horizontal hop limit per level", "8", "8"),
            new Parameter("max-permutations", "p = 1 .. this", "5", "4"),
            new Parameter("runs", "flow sets per p (the papers: 50)", "2", "2"),
            new Parameter("packets", "2 KB packets per flow", "64", "32"),
            new Parameter("buffer", "input buffer per port, packets", "8", "8"));

    @Override
    public String name() {
        return "phase";
    }

    @Override
    public String seed() {
        return "003";
    }

    @Override
    public String title() {
        return "Seed 003 Fig. 6 / seed 000 Fig. 6.7: phase completion, NC vs SAA vs AR vs SAA+AR (packet-level NC, AR)";
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
        TreeFabric tree = new TreeFabric(o.integer("k", 2, 32), o.integer("n", 2, 4), o.integer("width", 1, 8),
                o.integer("hops", 0, 1 << 20));
        int maxP = o.integer("max-permutations", 1, 16);
        int runs = o.integer("runs", 1, 1000);
        int packets = o.integer("packets", 1, 1 << 16);
        int buffer = o.integer("buffer", 1, 1024);
        double flowPs = TreeFabric.packetTimePs(packets);
        long bytes = (long) packets * TreeFabric.PACKET;
        SplittableRandom rnd = new SplittableRandom(o.seed());
        String[] names = {"NC", "SAA", "AR", "SAA+AR"};
        List<List<double[]>> curves = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            curves.add(new ArrayList<>());
        }
        List<List<String>> rows = new ArrayList<>();
        double saaGain = Double.NEGATIVE_INFINITY;
        double saaArGain = Double.NEGATIVE_INFINITY;
        double arOverNc = Double.POSITIVE_INFINITY;
        double ncOverSaaArP1 = Double.NaN;
        for (int p = 1; p <= maxP; p++) {
            double[] sum = new double[4];
            for (int run = 0; run < runs; run++) {
                int[][] pairs = FluidWorkloads.superposedPermutations(tree.hosts(), p, rnd);
                TreeFabric.Routed fixed = tree.route(pairs, false, bytes, null);
                TreeFabric.Routed adaptive = tree.route(pairs, true, bytes, null);
                double wStatic = fixed.paths().contention().max();
                double wAdaptive = adaptive.paths().contention().max();
                long limit = (long) (40 * wStatic * flowPs);
                sum[0] += completion(fixed.simulate(buffer, limit, InjectionPolicy.noControl(), List.of()), flowPs);
                sum[1] += wStatic;
                sum[2] += completion(adaptive.simulate(buffer, limit, InjectionPolicy.noControl(), List.of()),
                        flowPs);
                sum[3] += wAdaptive;
            }
            double[] mean = new double[4];
            List<String> row = new ArrayList<>(List.of(Integer.toString(p)));
            for (int s = 0; s < 4; s++) {
                mean[s] = sum[s] / runs;
                curves.get(s).add(new double[] {p, mean[s]});
                row.add(fmt(mean[s]));
            }
            double gSaa = 100 * (1 - mean[1] / mean[0]);
            double gAr = 100 * (1 - mean[2] / mean[0]);
            double gBoth = 100 * (1 - mean[3] / mean[0]);
            row.add(pct(gSaa));
            row.add(pct(gAr));
            row.add(pct(gBoth));
            rows.add(row);
            saaGain = Math.max(saaGain, gSaa);
            saaArGain = Math.max(saaArGain, gBoth);
            if (p >= 3) {
                arOverNc = Math.min(arOverNc, mean[2] / mean[0]);
            }
            if (p == 1) {
                ncOverSaaArP1 = mean[0] / mean[3];
            }
        }
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(saaGain),
                CLAIMS.get(1).measured(maxP >= 3 ? arOverNc : Double.NaN),
                CLAIMS.get(2).measured(saaArGain),
                CLAIMS.get(3).measured(ncOverSaaArP1));
        ResultTable table = new ResultTable("Completion time of the phase in flow times (mean over runs); NC and AR "
                + "simulated, SAA and SAA+AR calculated (W); reduction against NC (the papers: SAA up to 13%, AR "
                + "worse for p >= 3, SAA+AR up to 50%)", List.of("p", "NC", "SAA", "AR", "SAA+AR", "SAA vs NC",
                "AR vs NC", "SAA+AR vs NC"), rows);
        List<Chart.Series> series = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            series.add(new Chart.Series(names[s], curves.get(s), s % 2 == 1));
        }
        Chart chart = new Chart("Seed 003 Fig. 6: phase completion time, " + tree.k + "-ary " + tree.n + "-tree",
                "superposed random permutations p", "completion time (flow times)", false, series);
        String setup = String.format(Locale.ROOT, "%s; flows of %d x 2 KB, %d-packet input buffers, FCFS, infinite "
                + "speedup; p = 1..%d, %d runs each", tree.describe(), packets, buffer, maxP, runs);
        return ReproResult.of(this, o, setup, claims, List.of(table), chart);
    }

    /** The phase's completion in flow times, NaN when it did not finish. */
    static double completion(SimResult r, double flowPs) {
        if (r.phases().isEmpty()) {
            return Double.NaN;
        }
        return r.phases().get(0).completionNs() * 1000 / flowPs;
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%+.1f%%", v);
    }
}

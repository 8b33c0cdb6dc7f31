package weft.model.repro;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import weft.model.io.Chart;
import weft.model.rate.Afa;
import weft.model.rate.Allocation;
import weft.model.rate.Ffa;
import weft.model.rate.RateAllocator;
import weft.model.rate.RateProblem;
import weft.model.rate.Saa;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.SimResult;
import weft.model.traffic.FluidWorkloads;

/**
 * Seed 000 §6.5 Fig. 6.10a: several phase-based applications share the tree: 32 applications of 128 hosts, each made
 * of groups of {@code 128/frag_coeff} neighbouring hosts dealt at random, each a superposition of {@code U[1,5]}
 * random permutations of equal flows, all entering their phase at 0. An application's rate is its flows' size over
 * its completion time (for the calculated schemes the least normalised rate of its flows, {@code r̄(a)}); the figure is
 * the mean over applications, against NC. NC is packet-level (D-mod-k on the plain tree, no rate control, 8-packet
 * buffers, FCFS, infinite speedup); AFA, SAA+AR, FFA+AR and AFA+AR are calculated (§6.1).
 */
final class AppsRepro implements Reproduction {
    private static final List<Claim> CLAIMS = List.of(
            new Claim("C15", "AFA+AR vs NC: largest gain in mean application rate over frag_coeff", 110, "%",
                    Tolerance.defaultRelative(), new Band(10, 300)),
            new Claim("C15.time", "AFA+AR vs NC: shorter mean application completion time, at that frag_coeff", 53,
                    "%", Tolerance.defaultRelative(), new Band(5, 90)));
    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter("k", "tree arity", "16", "4"),
            new Parameter("n", "switch levels", "3", "3"),
            new Parameter("width", "horizontal width of the enriched tree", "2", "2"),
            new Parameter("hops", "ForcedDir horizontal hop limit per level", "8", "8"),
            new Parameter("apps", "applications", "32", "4"),
            new Parameter("app-size", "hosts per application", "128", "16"),
            new Parameter("frag", "frag_coeff values, a list (groups of app-size/frag neighbours)", "1,4,16,64",
                    "1,4"),
            new Parameter("runs", "runs per frag_coeff (the thesis: 50)", "1", "2"),
            new Parameter("packets", "2 KB packets per flow", "64", "32"),
            new Parameter("buffer", "input buffer per port, packets", "8", "8"));

    @Override
    public String name() {
        return "apps";
    }

    @Override
    public String seed() {
        return "000";
    }

    @Override
    public String title() {
        return "Seed 000 §6.5 Fig. 6.10a: multiple applications, mean application rate of NC (packet-level) vs AFA, "
                + "SAA+AR, FFA+AR, AFA+AR (calculated)";
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
        int apps = o.integer("apps", 1, 1 << 16);
        int appSize = o.integer("app-size", 2, 1 << 16);
        if ((long) apps * appSize > tree.hosts()) {
            throw new IllegalArgumentException("--apps " + apps + " x --app-size " + appSize + " hosts do not fit the "
                    + tree.hosts() + " hosts of the tree");
        }
        List<Integer> frags = o.integers("frag", 1, appSize);
        int runs = o.integer("runs", 1, 1000);
        int packets = o.integer("packets", 1, 1 << 16);
        int buffer = o.integer("buffer", 1, 1024);
        double flowPs = TreeFabric.packetTimePs(packets);
        long bytes = (long) packets * TreeFabric.PACKET;
        SplittableRandom rnd = new SplittableRandom(o.seed());
        String[] names = {"NC", "AFA", "SAA+AR", "FFA+AR", "AFA+AR"};
        List<List<double[]>> curves = new ArrayList<>();
        for (int s = 0; s < names.length; s++) {
            curves.add(new ArrayList<>());
        }
        List<List<String>> rows = new ArrayList<>();
        double bestGain = Double.NEGATIVE_INFINITY;
        double timeGainAtBest = Double.NaN;
        for (int frag : frags) {
            double[] rate = new double[names.length];
            double ncTime = 0;
            double afaArTime = 0;
            for (int run = 0; run < runs; run++) {
                int[][] pairs = FluidWorkloads.applications(tree.hosts(), apps, appSize, frag, rnd);
                String[] appOf = new String[pairs.length];
                for (int i = 0; i < pairs.length; i++) {
                    appOf[i] = "a" + pairs[i][2];
                }
                TreeFabric.Routed fixed = tree.route(pairs, false, bytes, appOf);
                TreeFabric.Routed adaptive = tree.route(pairs, true, bytes, appOf);
                double[] nc = ncAppTimes(fixed.simulate(buffer, (long) (100 * 5 * flowPs * appSize),
                        InjectionPolicy.noControl(), List.of()), flowPs);
                for (double t : nc) {
                    rate[0] += 1 / t / nc.length / runs;
                    ncTime += t / nc.length / runs;
                }
                rate[1] += appRates(fixed, new Afa(), null) / runs;
                rate[2] += appRates(adaptive, new Saa(), null) / runs;
                rate[3] += appRates(adaptive, new Ffa(), null) / runs;
                double[] afaAr = new double[1];
                rate[4] += appRates(adaptive, new Afa(), afaAr) / runs;
                afaArTime += afaAr[0] / runs;
            }
            List<String> row = new ArrayList<>(List.of(Integer.toString(frag)));
            for (int s = 0; s < names.length; s++) {
                curves.get(s).add(new double[] {frag, rate[s] / rate[0]});
                row.add(String.format(Locale.ROOT, "%.4f", rate[s]));
            }
            double gain = 100 * (rate[4] / rate[0] - 1);
            row.add(PhaseRepro.pct(gain));
            row.add(PhaseRepro.fmt(ncTime) + " -> " + PhaseRepro.fmt(afaArTime));
            rows.add(row);
            if (gain > bestGain) {
                bestGain = gain;
                timeGainAtBest = 100 * (1 - afaArTime / ncTime);
            }
        }
        List<ClaimResult> claims = List.of(CLAIMS.get(0).measured(bestGain), CLAIMS.get(1).measured(timeGainAtBest));
        List<String> columns = new ArrayList<>(List.of("frag_coeff"));
        columns.addAll(List.of(names));
        columns.addAll(List.of("AFA+AR vs NC", "mean completion NC -> AFA+AR"));
        ResultTable table = new ResultTable("Mean application rate (fraction of line rate; NC measured, the rest "
                + "calculated) and mean application completion (flow times); the thesis: AFA+AR up to +110% (53% "
                + "shorter completion)", columns, rows);
        List<Chart.Series> series = new ArrayList<>();
        for (int s = 0; s < names.length; s++) {
            series.add(new Chart.Series(names[s], curves.get(s), s >= 1));
        }
        Chart chart = new Chart("Seed 000 Fig. 6.10a: mean application rate against NC, " + tree.k + "-ary " + tree.n
                + "-tree", "frag_coeff", "mean application rate / NC", false, series);
        String setup = String.format(Locale.ROOT, "%s; %d applications x %d hosts, U[1,5] permutations each, "
                + "frag_coeff %s, %d runs each; flows of %d x 2 KB, %d-packet buffers, FCFS, infinite speedup",
                tree.describe(), apps, appSize, frags, runs, packets, buffer);
        return ReproResult.of(this, o, setup, claims, List.of(table), chart);
    }

    /** Each application's completion time in flow times under NC. */
    private static double[] ncAppTimes(SimResult r, double flowPs) {
        return r.phases().stream().mapToDouble(p -> p.completionNs() * 1000 / flowPs).toArray();
    }

    /**
     * Mean over applications of {@code r̄(a) = min} over its flows of the calculated rate, as a fraction of line rate;
     * with {@code meanTime} set, also the mean over applications of their completion, {@code 1 / r̄(a)} flow times.
     */
    private static double appRates(TreeFabric.Routed routed, RateAllocator allocator, double[] meanTime) {
        Allocation<Double> a = allocator.allocate(routed.problem(allocator.weightBasis()));
        RateProblem p = a.problem();
        double[] min = new double[p.appCount()];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        for (int f = 0; f < p.flowCount(); f++) {
            min[p.app(f)] = Math.min(min[p.app(f)], a.gbps(f) / TreeFabric.GBPS);
        }
        double sum = 0;
        double time = 0;
        for (double m : min) {
            sum += m / min.length;
            time += 1 / m / min.length;
        }
        if (meanTime != null) {
            meanTime[0] = time;
        }
        return sum;
    }
}

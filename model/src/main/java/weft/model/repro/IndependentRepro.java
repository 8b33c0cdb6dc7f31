package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import weft.model.io.Chart;
import weft.model.rate.Allocation;
import weft.model.rate.Ffa;
import weft.model.rate.RateAllocator;
import weft.model.rate.Saa;
import weft.model.rate.SaaM;
import weft.model.sim.InjectionPolicy;
import weft.model.traffic.FluidWorkloads;

/**
 * Seed 000 §6.4 Fig. 6.8a: independent flows. Every source sends {@code U[1, max_flows]} long flows to random
 * destinations; the mean flow rate under NC and AR (packet-level, no rate control: D-mod-k on the plain tree, or
 * adaptive flow routing on the enriched tree, 8-packet buffers, FCFS, infinite speedup) against the calculated mean
 * rate of FFA (static routing), SAA+AR, SAA-M+AR and FFA+AR (the thesis takes calculated rates as the outcome of
 * rate control, §6.1; Table 6.4, {@code weft repro injection}, shows PS realises them with 8 buffers).
 *
 * <p>NC and AR rates are each flow's steady rate over a window after a warm-up ({@link RateMeter}); the flows never
 * end within the run.
 */
final class IndependentRepro implements Reproduction {
    private static final List<Claim> CLAIMS = List.of(
            new Claim("C11", "FFA+AR vs NC: largest gain in mean flow rate over max_flows", 43, "%",
                    Tolerance.defaultRelative(), new Band(5, 150)),
            new Claim("C11.ffa", "FFA alone vs NC: largest gain in mean flow rate (more than SAA's 13% in §6.3)", 13,
                    "%",
                    Tolerance.atLeast(0, "the thesis gives only the direction: above SAA's 13% of §6.3"),
                    new Band(-20, 150)));
    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter("k", "tree arity", "16", "4"),
            new Parameter("n", "switch levels", "3", "3"),
            new Parameter("width", "horizontal width of the enriched tree", "2", "2"),
            new Parameter("hops", "ForcedDir horizontal hop limit per level", "8", "8"),
            new Parameter("max-flows", "max_flows = 1 .. this", "5", "3"),
            new Parameter("runs", "flow sets per point (the thesis: 50)", "1", "2"),
            new Parameter("window", "measured window, packet times", "400", "300"),
            new Parameter("buffer", "input buffer per port, packets", "8", "8"));

    @Override
    public String name() {
        return "independent";
    }

    @Override
    public String seed() {
        return "000";
    }

    @Override
    public String title() {
        return "Seed 000 §6.4 Fig. 6.8a: independent flows, mean rate of NC, AR (packet-level) vs FFA, SAA+AR, "
                + "SAA-M+AR, FFA+AR (calculated)";
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
        int maxFlows = o.integer("max-flows", 1, 16);
        int runs = o.integer("runs", 1, 1000);
        int window = o.integer("window", 10, 1 << 20);
        int buffer = o.integer("buffer", 1, 1024);
        double packetPs = TreeFabric.packetTimePs(1);
        long warm = Math.round(window / 5.0 * packetPs);
        long end = warm + Math.round(window * packetPs);
        long bytes = (end / Math.round(packetPs) + 2) * TreeFabric.PACKET;
        SplittableRandom rnd = new SplittableRandom(o.seed());
        String[] names = {"NC", "AR", "FFA", "SAA+AR", "SAA-M+AR", "FFA+AR"};
        List<List<double[]>> curves = new ArrayList<>();
        for (int s = 0; s < names.length; s++) {
            curves.add(new ArrayList<>());
        }
        List<List<String>> rows = new ArrayList<>();
        double bestFfaAr = Double.NEGATIVE_INFINITY;
        double bestFfa = Double.NEGATIVE_INFINITY;
        for (int m = 1; m <= maxFlows; m++) {
            double[] sum = new double[names.length];
            for (int run = 0; run < runs; run++) {
                int[][] pairs = FluidWorkloads.randomDestinations(tree.hosts(), m, rnd);
                TreeFabric.Routed fixed = tree.route(pairs, false, bytes, null);
                TreeFabric.Routed adaptive = tree.route(pairs, true, bytes, null);
                sum[0] += measured(fixed, buffer, warm, end);
                sum[1] += measured(adaptive, buffer, warm, end);
                sum[2] += calculated(fixed, new Ffa());
                sum[3] += calculated(adaptive, new Saa());
                sum[4] += calculated(adaptive, new SaaM());
                sum[5] += calculated(adaptive, new Ffa());
            }
            List<String> row = new ArrayList<>(List.of(Integer.toString(m)));
            for (int s = 0; s < names.length; s++) {
                curves.get(s).add(new double[] {m, sum[s] / sum[0]});
                row.add(String.format(Locale.ROOT, "%.4f", sum[s] / runs));
            }
            row.add(PhaseRepro.pct(100 * (sum[5] / sum[0] - 1)));
            rows.add(row);
            bestFfaAr = Math.max(bestFfaAr, 100 * (sum[5] / sum[0] - 1));
            bestFfa = Math.max(bestFfa, 100 * (sum[2] / sum[0] - 1));
        }
        List<ClaimResult> claims = List.of(CLAIMS.get(0).measured(bestFfaAr), CLAIMS.get(1).measured(bestFfa));
        List<String> columns = new ArrayList<>(List.of("max_flows"));
        columns.addAll(List.of(names));
        columns.add("FFA+AR vs NC");
        ResultTable table = new ResultTable("Mean flow rate (fraction of line rate, mean over runs); NC and AR "
                + "measured, the rest calculated; the thesis: FFA+AR up to +43% over NC", columns, rows);
        List<Chart.Series> series = new ArrayList<>();
        for (int s = 0; s < names.length; s++) {
            series.add(new Chart.Series(names[s], curves.get(s), s >= 2));
        }
        Chart chart = new Chart("Seed 000 Fig. 6.8a: mean rate against NC, " + tree.k + "-ary " + tree.n + "-tree",
                "max_flows", "mean rate / NC mean rate", false, series);
        String setup = String.format(Locale.ROOT, "%s; U[1, max_flows] flows per source to random hosts, max_flows = "
                + "1..%d, %d runs each; NC/AR over %d packet times after %d, %d-packet buffers, FCFS, infinite "
                + "speedup", tree.describe(), maxFlows, runs, window, window / 5, buffer);
        return ReproResult.of(this, o, setup, claims, List.of(table), chart);
    }

    /** Mean steady rate, as a fraction of line rate, of the flows without rate control. */
    private static double measured(TreeFabric.Routed routed, int buffer, long warm, long end) {
        RateMeter meter = new RateMeter(routed.flows().size(), warm);
        routed.simulate(buffer, end, InjectionPolicy.noControl(), List.of(meter));
        double sum = 0;
        for (int f = 0; f < routed.flows().size(); f++) {
            sum += meter.gbps(f);
        }
        return sum / routed.flows().size() / TreeFabric.GBPS;
    }

    /** Mean calculated rate, as a fraction of line rate. */
    private static double calculated(TreeFabric.Routed routed, RateAllocator allocator) {
        Allocation<Double> a = allocator.allocate(routed.problem(allocator.weightBasis()));
        double sum = 0;
        for (int f = 0; f < routed.flows().size(); f++) {
            sum += a.gbps(f);
        }
        return sum / routed.flows().size() / TreeFabric.GBPS;
    }
}

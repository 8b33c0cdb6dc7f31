package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.routing.EcmpMonteCarlo;
import weft.model.sim.SimConfig;

/**
 * Seed 004 §3.2.4 Table 3.2: the usable capacity of each routing policy under a permutation, the largest offered load
 * at which no flow loses more than 0.1% of its packets, with periodic ("uniform") and Poisson ("random") arrivals of
 * random-size frames, on the lossy data-center fabric of {@link DataCenterFabric}.
 *
 * <p>Method: one inter-pod permutation (as {@link EcmpRepro}); for each policy and arrival process the load is raised
 * to 1 if no flow's loss there exceeds the threshold, otherwise bisected between 0 and 1 down to the resolution (the
 * largest load found within it). A flow's loss is the fraction of its packets lost ({@link
 * LossMeter#worstPacketLoss}: §3.2.4's threshold is "0.1% of its packets"). Each policy and arrival process is
 * bisected on its own, one {@link TaskRunner} task each.
 */
final class CapacityRepro implements Reproduction.Experiment {
    /** {@code weft repro capacity}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.2.4 Table 3.2: usable capacity under a permutation, ECMP vs VLB vs the "
            + "periodic packet-level policies";
    /** The policies of Table 3.2's columns, in its order, and their names in the table. */
    private static final String[] POLICIES = {"ecmp", "vlb", "rr", "srr", "sd", "tp", "mp"};
    private static final String[] COLUMNS = {"ECMP", "VLB", "RR", "SRR", "SD", "TP", "MP"};
    /** Table 3.2, rows "Uniform: random" and "Random: random". */
    private static final double[][] THESIS = {{.18, .95, 1, 1, 1, 1, 1}, {.17, .95, 1, 1, 1, 1, 1}};
    static final List<Claim> CLAIMS = List.of(
            new Claim("C11.ecmp", "ECMP usable capacity, periodic arrivals (Table 3.2 uniform / random)", 0.18,
                    "load", Tolerance.defaultRelative(), new Band(0.02, 0.6)),
            new Claim("C11.vlb", "VLB usable capacity, periodic arrivals", 0.95, "load",
                    Tolerance.defaultRelative(), new Band(0.5, 1)),
            new Claim("C11.pkt", "least usable capacity of RR, SRR, SD, TP, MP, periodic arrivals", 1.0, "load",
                    Tolerance.defaultRelative(), new Band(0.5, 1)),
            new Claim("C11.ecmp.p", "ECMP usable capacity, Poisson arrivals (Table 3.2 random / random)", 0.17,
                    "load", Tolerance.defaultRelative(), new Band(0.02, 0.6)),
            new Claim("C11.vlb.p", "VLB usable capacity, Poisson arrivals", 0.95, "load",
                    Tolerance.defaultRelative(), new Band(0.4, 1)),
            new Claim("C11.pkt.p", "least usable capacity of RR, SRR, SD, TP, MP, Poisson arrivals", 1.0, "load",
                    Tolerance.defaultRelative(), new Band(0.4, 1)));
    static final List<Parameter> PARAMETERS = new DataCenterFabric.Options(12, 32, 1, 10).parameters(
            new DataCenterFabric.Options(4, 32, 0.5, 5),
            new Parameter("loss", "largest per-flow packet loss of a usable load", "0.001", "0.001"),
            new Parameter("resolution", "bisection stops at this load step", "0.02", "0.05"));

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        DataCenterFabric.Options options = DataCenterFabric.Options.of(o);
        double threshold = o.number("loss", 0, 0.5);
        double resolution = o.number("resolution", 0.001, 0.5);
        DataCenterFabric fabric = new DataCenterFabric(options.k());
        int[] dst = EcmpMonteCarlo.destinations(fabric.topology, EcmpMonteCarlo.Pattern.INTER_POD,
                new SplittableRandom(o.seed()));
        SimConfig.Arrivals[] arrivals = {SimConfig.Arrivals.PERIODIC, SimConfig.Arrivals.POISSON};
        List<Supplier<Double>> tasks = new ArrayList<>();
        for (SimConfig.Arrivals arrival : arrivals) {
            for (String policy : POLICIES) {
                SimConfig config = options.config(true, arrival, policy, o.seed());
                tasks.add(() -> usable(fabric, dst, config, threshold, resolution));
            }
        }
        List<Double> found = o.runner().all(tasks);
        double[][] capacity = new double[2][POLICIES.length];
        for (int a = 0; a < 2; a++) {
            for (int p = 0; p < POLICIES.length; p++) {
                capacity[a][p] = found.get(a * POLICIES.length + p);
            }
        }
        List<ClaimResult> claims = new ArrayList<>();
        for (int a = 0; a < 2; a++) {
            double least = 1;
            for (int p = 2; p < POLICIES.length; p++) {
                least = Math.min(least, capacity[a][p]);
            }
            claims.add(CLAIMS.get(3 * a).measured(capacity[a][0]));
            claims.add(CLAIMS.get(3 * a + 1).measured(capacity[a][1]));
            claims.add(CLAIMS.get(3 * a + 2).measured(least));
        }
        String setup = String.format(Locale.ROOT, "%d-port 3-level fat tree (%d servers), 1 Gbit/s, drop-tail %d KB "
                + "output queues, one inter-pod permutation, random-size frames 84-1538 B; usable: no flow loses more "
                + "than %s of its packets; bisection to %s; %s ms after %s ms per run", options.k(), fabric.hosts(),
                options.queueKb(), ResultTable.trimmed(threshold, 3), ResultTable.trimmed(resolution, 3),
                ResultTable.trimmed(options.windowMs(), 3), ResultTable.trimmed(options.warmupMs(), 3));
        return ReproResult.of(repro, o, setup, claims, List.of(table(capacity)), chart(options.k(), capacity));
    }

    /** The largest load (to the resolution) at which no flow's loss exceeds the threshold. */
    private static double usable(DataCenterFabric fabric, int[] dst, SimConfig config, double threshold,
                                 double resolution) {
        if (worstLoss(fabric, dst, 1.0, config) <= threshold) {
            return 1.0;
        }
        double lo = 0;
        double hi = 1;
        while (hi - lo > resolution) {
            double mid = (lo + hi) / 2;
            if (worstLoss(fabric, dst, mid, config) <= threshold) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double worstLoss(DataCenterFabric fabric, int[] dst, double load, SimConfig config) {
        return fabric.permutation(dst, load, config).meter().worstPacketLoss();
    }

    private static ResultTable table(double[][] capacity) {
        List<String> columns = new ArrayList<>(List.of("arrivals", "source"));
        columns.addAll(List.of(COLUMNS));
        List<List<String>> rows = new ArrayList<>();
        String[] names = {"uniform (periodic)", "random (Poisson)"};
        for (int a = 0; a < 2; a++) {
            for (int side = 0; side < 2; side++) {
                List<String> row = new ArrayList<>(List.of(names[a], side == 0 ? "Weft" : "thesis"));
                for (int p = 0; p < POLICIES.length; p++) {
                    row.add(String.format(Locale.ROOT, "%.2f", side == 0 ? capacity[a][p] : THESIS[a][p]));
                }
                rows.add(row);
            }
        }
        return new ResultTable("Table 3.2 (random-size frames): fraction of capacity usable before some flow loses "
                + "more than the threshold", columns, rows);
    }

    private static Chart chart(int k, double[][] capacity) {
        List<Chart.Series> series = new ArrayList<>();
        String[] names = {"periodic", "Poisson"};
        for (int a = 0; a < 2; a++) {
            List<double[]> weft = new ArrayList<>();
            List<double[]> thesis = new ArrayList<>();
            for (int p = 0; p < POLICIES.length; p++) {
                weft.add(new double[] {p, capacity[a][p]});
                thesis.add(new double[] {p, THESIS[a][p]});
            }
            series.add(new Chart.Series("Weft, " + names[a], weft));
            series.add(new Chart.Series("thesis, " + names[a], thesis, true));
        }
        return new Chart("Seed 004 Table 3.2: usable capacity, permutation, " + k + "-port fat tree",
                "policy: 0 ECMP, 1 VLB, 2 RR, 3 SRR, 4 SD, 5 TP, 6 MP", "usable fraction of capacity", false, series);
    }
}

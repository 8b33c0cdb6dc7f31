package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.sim.SimConfig;

/**
 * The usable capacity of each path policy, for periodic and Poisson arrivals of random-size frames (seed 004 §3.2.4,
 * Tables 3.2-3.4): the largest offered load at which a run's loss stays at or under a threshold. A policy that meets
 * it at full load scores 1; otherwise the load is bisected between 0 and 1 down to the resolution (the largest load
 * found within it). Each policy and arrival process is bisected on its own, one {@link TaskRunner} task each; what a
 * run's loss is (the worst flow's, Table 3.2; the mean, Table 3.4) and on which pattern is the caller's.
 */
final class UsableCapacity {
    /** The policies of the tables' columns, in their order, and their names in the tables. */
    static final String[] POLICIES = {"ecmp", "vlb", "rr", "srr", "sd", "tp", "mp"};
    static final String[] COLUMNS = {"ECMP", "VLB", "RR", "SRR", "SD", "TP", "MP"};
    /** The rows: "uniform" (periodic) and "random" (Poisson) inter-arrivals. */
    static final SimConfig.Arrivals[] ARRIVALS = {SimConfig.Arrivals.PERIODIC, SimConfig.Arrivals.POISSON};

    private UsableCapacity() {
    }

    /**
     * The options both tables read ({@code --loss}, {@code --resolution} and the fabric's): the paper size is the
     * k = 12 fat tree of §3.2.4 with 32 KB queues, 10 ms measured after 1 ms; the quick size k = 4, 5 ms after 0.5 ms.
     */
    record Options(DataCenterFabric.Options fabric, double threshold, double resolution) {
        /** The parameters, {@code loss} described as {@code lossWhat}. */
        static List<Parameter> parameters(String lossWhat) {
            return parameters(new DataCenterFabric.Options(12, 32, 1, 10), new DataCenterFabric.Options(4, 32, 0.5, 5),
                    lossWhat);
        }

        /** As {@link #parameters(String)}, with these fabrics and windows at the paper and the quick size. */
        static List<Parameter> parameters(DataCenterFabric.Options paper, DataCenterFabric.Options quick,
                                          String lossWhat) {
            return paper.parameters(quick, new Parameter("loss", lossWhat, "0.001", "0.001"),
                    new Parameter("resolution", "bisection stops at this load step", "0.02", "0.05"));
        }

        static Options of(ReproOptions o) {
            return new Options(DataCenterFabric.Options.of(o), o.number("loss", 0, 0.5),
                    o.number("resolution", 0.001, 0.5));
        }

        /** The setup line: the fabric, the traffic and the criterion ({@code %s} stands for the threshold). */
        String setup(int hosts, String traffic, String criterion) {
            return setup(hosts, traffic, DataCenterFabric.Frames.RANDOM, criterion);
        }

        /** As {@link #setup(int, String, String)}, with these frames. */
        String setup(int hosts, String traffic, DataCenterFabric.Frames frames, String criterion) {
            return setup(hosts, traffic, frames.text(), criterion);
        }

        /** As {@link #setup(int, String, String)}, with the frames described by {@code frames}. */
        String setup(int hosts, String traffic, String frames, String criterion) {
            return String.format(Locale.ROOT, "%d-port 3-level fat tree (%d servers), 1 Gbit/s, drop-tail %d KB "
                    + "output queues, %s, " + frames + "; usable: " + criterion + "; bisection to %s; %s "
                    + "ms after %s ms per run", fabric.k(), hosts, fabric.queueKb(), traffic,
                    ResultTable.trimmed(threshold, 3), ResultTable.trimmed(resolution, 3),
                    ResultTable.trimmed(fabric.windowMs(), 3), ResultTable.trimmed(fabric.warmupMs(), 3));
        }
    }

    /** A run's loss at an offered load, on the simulator configured by {@code config}. */
    interface Loss {
        double at(SimConfig config, double load);
    }

    /**
     * Bisects every policy under every arrival process, with these frames: {@code [arrival][policy]}, in {@link
     * #ARRIVALS} and {@link #POLICIES} order.
     */
    static double[][] measure(ReproOptions o, Options options, DataCenterFabric.Frames frames, Loss loss) {
        List<Supplier<Double>> tasks = new ArrayList<>();
        for (SimConfig.Arrivals arrival : ARRIVALS) {
            for (String policy : POLICIES) {
                SimConfig config = options.fabric().config(frames, arrival, policy, o.seed());
                tasks.add(() -> usable(load -> loss.at(config, load), options.threshold(), options.resolution()));
            }
        }
        List<Double> found = o.runner().all(tasks);
        double[][] capacity = new double[ARRIVALS.length][POLICIES.length];
        for (int a = 0; a < ARRIVALS.length; a++) {
            for (int p = 0; p < POLICIES.length; p++) {
                capacity[a][p] = found.get(a * POLICIES.length + p);
            }
        }
        return capacity;
    }

    /** The largest load (to the resolution) at which the loss is at most the threshold. */
    static double usable(java.util.function.DoubleUnaryOperator lossAt, double threshold, double resolution) {
        if (lossAt.applyAsDouble(1.0) <= threshold) {
            return 1.0;
        }
        double lo = 0;
        double hi = 1;
        while (hi - lo > resolution) {
            double mid = (lo + hi) / 2;
            if (lossAt.applyAsDouble(mid) <= threshold) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The least usable capacity of the packet-level policies {@code from..to} (indexes into {@link #POLICIES}). */
    static double least(double[] capacity, int from, int to) {
        double least = 1;
        for (int p = from; p <= to; p++) {
            least = Math.min(least, capacity[p]);
        }
        return least;
    }

    /** Weft's rows next to the thesis's, per arrival process. */
    static ResultTable table(String title, double[][] capacity, double[][] thesis) {
        List<String> columns = new ArrayList<>(List.of("arrivals", "source"));
        columns.addAll(List.of(COLUMNS));
        List<List<String>> rows = new ArrayList<>();
        String[] names = {"uniform (periodic)", "random (Poisson)"};
        for (int a = 0; a < ARRIVALS.length; a++) {
            for (int side = 0; side < 2; side++) {
                List<String> row = new ArrayList<>(List.of(names[a], side == 0 ? "Weft" : "thesis"));
                for (int p = 0; p < POLICIES.length; p++) {
                    row.add(String.format(Locale.ROOT, "%.2f", side == 0 ? capacity[a][p] : thesis[a][p]));
                }
                rows.add(row);
            }
        }
        return new ResultTable(title, columns, rows);
    }

    /** Usable capacity per policy, Weft's and the thesis's (dashed), one pair of curves per arrival process. */
    static Chart chart(String title, double[][] capacity, double[][] thesis) {
        return chart(title, new String[] {""}, new double[][][] {capacity}, new double[][][] {thesis});
    }

    /**
     * As {@link #chart(String, double[][], double[][])}, for several rows of a table (one frame size each): row r's
     * curves are labelled with {@code rows[r]} (none if empty).
     */
    static Chart chart(String title, String[] rows, double[][][] capacity, double[][][] thesis) {
        List<Chart.Series> series = new ArrayList<>();
        String[] names = {"periodic", "Poisson"};
        for (int r = 0; r < rows.length; r++) {
            String label = rows[r].isEmpty() ? "" : ", " + rows[r];
            for (int a = 0; a < ARRIVALS.length; a++) {
                List<double[]> weft = new ArrayList<>();
                List<double[]> paper = new ArrayList<>();
                for (int p = 0; p < POLICIES.length; p++) {
                    weft.add(new double[] {p, capacity[r][a][p]});
                    paper.add(new double[] {p, thesis[r][a][p]});
                }
                series.add(new Chart.Series("Weft, " + names[a] + label, weft));
                series.add(new Chart.Series("thesis, " + names[a] + label, paper, true));
            }
        }
        return new Chart(title, "policy: 0 ECMP, 1 VLB, 2 RR, 3 SRR, 4 SD, 5 TP, 6 MP", "usable fraction of capacity",
                false, series);
    }
}

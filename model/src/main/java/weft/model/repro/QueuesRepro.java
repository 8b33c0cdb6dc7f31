package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.routing.EcmpMonteCarlo;
import weft.model.sim.SimConfig;
import weft.model.sim.Simulator;
import weft.model.traffic.TrafficPattern;
import weft.model.traffic.TrafficPatterns;

/**
 * Seed 004 §3.2.3 Table 3.1: the largest queue at each stage of the 3-level fat tree under each path policy, for a
 * permutation and for all-to-all traffic, with every server sending maximum-size frames at full load and evenly
 * spaced ("uniform rates"), and switch queues of 1 MB so that a full queue (1,024 KB) shows where packets would be
 * lost. The thesis reports the maximum over 30 runs; Weft the maximum over {@code --runs} runs (a new inter-pod
 * permutation and simulator seed each). Queues are recorded by the simulator's output-queue observer
 * ({@link StageQueues}). The periodic variants (P-RR, P-SD, P-TP, P-MP) are the agent's path policies of those names.
 */
final class QueuesRepro implements Reproduction.Experiment {
    /** {@code weft repro queues}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.2.3 Table 3.1: largest queue per fat-tree stage, ECMP vs VLB vs the "
            + "packet-level policies, permutation and all-to-all";
    private static final String[] POLICIES = {"ecmp", "vlb", "rr", "prr", "sd", "psd", "tp", "ptp", "mp", "pmp"};
    private static final String[] COLUMNS = {"ECMP", "VLB", "RR", "P-RR", "SD", "P-SD", "TP", "P-TP", "MP", "P-MP"};
    private static final String[] PATTERNS = {"permutation", "all-to-all"};
    /** Table 3.1, KB, [pattern][policy][stage], the columns above. */
    private static final double[][][] THESIS = {
        {{1024, 1024, 1024, 1024, 0}, {699, 628, 586, 417, 78}, {18, 21, 19, 18, 12}, {37, 35, 35, 32, 18},
            {19, 19, 19, 16, 12}, {37, 38, 37, 31, 19}, {19, 19, 19, 16, 12}, {35, 35, 35, 32, 19},
            {9, 19, 19, 12, 12}, {13, 38, 37, 18, 18}},
        {{1024, 1024, 1024, 1024, 70}, {792, 120, 129, 625, 85}, {22, 19, 1024, 1024, 83}, {42, 31, 132, 794, 79},
            {21, 21, 1024, 1024, 75}, {37, 28, 678, 1024, 237}, {51, 35, 75, 136, 35}, {38, 28, 95, 201, 44},
            {16, 28, 79, 116, 92}, {16, 31, 73, 127, 88}}};
    private static final double QUEUE_KB = 1024;
    static final List<Claim> CLAIMS = declared();
    static final List<Parameter> PARAMETERS = new DataCenterFabric.Options(12, 1024, 1, 10).parameters(
            new DataCenterFabric.Options(4, 1024, 0.5, 2),
            new Parameter("runs", "runs per policy and pattern, the largest queue over them (the thesis: 30)", "2",
                    "1"));

    /** Per pattern and policy: the largest queue over the five stages, with Table 3.1's figure. */
    private static List<Claim> declared() {
        List<Claim> out = new ArrayList<>();
        for (int t = 0; t < PATTERNS.length; t++) {
            for (int p = 0; p < POLICIES.length; p++) {
                double paper = largest(THESIS[t][p]);
                out.add(new Claim("C10." + (t == 0 ? "perm" : "a2a") + "." + POLICIES[p], COLUMNS[p] + ", "
                        + PATTERNS[t] + ": largest queue of any stage", paper, "KB", tolerance(paper),
                        band(t, p)));
            }
        }
        return out;
    }

    /**
     * A full queue holds within one frame of 1 MB; a short one is counted in whole frames, so two maximum-size frames
     * (3 KB) of slack; the rest the default 10%.
     */
    private static Tolerance tolerance(double paper) {
        if (paper >= QUEUE_KB) {
            return Tolerance.atLeast(1.6, "a full queue: within one maximum-size frame of 1 MB");
        }
        if (paper < 100) {
            return Tolerance.absolute(3, "two maximum-size frames: short queues are counted in whole frames");
        }
        return Tolerance.defaultRelative();
    }

    /** Quick size (k = 4): ECMP's colliding flows build queues; packet-level policies keep the permutation's short. */
    private static Band band(int pattern, int policy) {
        if (policy == 0) {
            return new Band(pattern == 0 ? 100 : 0, QUEUE_KB);
        }
        return pattern == 0 && policy >= 2 ? new Band(0, 100) : new Band(0, QUEUE_KB);
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        DataCenterFabric.Options options = DataCenterFabric.Options.of(o);
        int runs = o.integer("runs", 1, 100);
        DataCenterFabric fabric = new DataCenterFabric(options.k());
        int[] stage = StageQueues.stages(new Simulator(fabric.topology, fabric.routes,
                options.config(false, SimConfig.Arrivals.PERIODIC, "ecmp", o.seed())).network());
        List<Supplier<long[]>> tasks = new ArrayList<>();
        for (int t = 0; t < PATTERNS.length; t++) {
            for (String policy : POLICIES) {
                for (int r = 0; r < runs; r++) {
                    long seed = o.seed() + r;
                    boolean permutation = t == 0;
                    SimConfig config = options.config(false, SimConfig.Arrivals.PERIODIC, policy, seed);
                    tasks.add(() -> {
                        TrafficPattern pattern = permutation ? DataCenterFabric.fixed(EcmpMonteCarlo.destinations(
                                fabric.topology, EcmpMonteCarlo.Pattern.INTER_POD, new SplittableRandom(seed)))
                                : TrafficPatterns.parse("alltoall", fabric.hosts(), seed);
                        StageQueues stages = new StageQueues(stage);
                        fabric.run(pattern, 1.0, config, stages);
                        return stages.perStage();
                    });
                }
            }
        }
        List<long[]> done = o.runner().all(tasks);
        double[][][] kb = new double[PATTERNS.length][POLICIES.length][StageQueues.STAGES];
        for (int i = 0; i < done.size(); i++) {
            int t = i / (POLICIES.length * runs);
            int p = i / runs % POLICIES.length;
            for (int s = 0; s < StageQueues.STAGES; s++) {
                kb[t][p][s] = Math.max(kb[t][p][s], done.get(i)[s] / 1024.0);
            }
        }
        List<ClaimResult> claims = new ArrayList<>();
        for (int t = 0; t < PATTERNS.length; t++) {
            for (int p = 0; p < POLICIES.length; p++) {
                claims.add(CLAIMS.get(t * POLICIES.length + p).measured(largest(kb[t][p])));
            }
        }
        String setup = String.format(Locale.ROOT, "%d-port 3-level fat tree (%d servers), 1 Gbit/s, drop-tail %d KB "
                + "output queues, store-and-forward, maximum-size frames (1538 B) at full load, periodic; one "
                + "inter-pod permutation or all-to-all (each server to the others in turn); largest queue over %d "
                + "run(s) of %s ms after %s ms", options.k(), fabric.hosts(), options.queueKb(), runs,
                ResultTable.trimmed(options.windowMs(), 3), ResultTable.trimmed(options.warmupMs(), 3));
        return ReproResult.of(repro, o, setup, claims, List.of(table(kb)), chart(options.k(), kb));
    }

    private static ResultTable table(double[][][] kb) {
        List<String> columns = new ArrayList<>(List.of("pattern", "stage"));
        for (String c : COLUMNS) {
            columns.add(c + " thesis / Weft");
        }
        List<List<String>> rows = new ArrayList<>();
        for (int t = 0; t < PATTERNS.length; t++) {
            for (int s = 0; s < StageQueues.STAGES; s++) {
                List<String> row = new ArrayList<>(List.of(PATTERNS[t], Integer.toString(s + 1)));
                for (int p = 0; p < POLICIES.length; p++) {
                    row.add(String.format(Locale.ROOT, "%.0f / %.0f", THESIS[t][p][s], kb[t][p][s]));
                }
                rows.add(row);
            }
        }
        return new ResultTable("Table 3.1: largest queue per stage, KB (1024 = a full 1 MB queue)", columns, rows);
    }

    private static Chart chart(int k, double[][][] kb) {
        List<Chart.Series> series = new ArrayList<>();
        for (int t = 0; t < PATTERNS.length; t++) {
            List<double[]> weft = new ArrayList<>();
            List<double[]> thesis = new ArrayList<>();
            for (int p = 0; p < POLICIES.length; p++) {
                weft.add(new double[] {p, largest(kb[t][p])});
                thesis.add(new double[] {p, largest(THESIS[t][p])});
            }
            series.add(new Chart.Series("Weft, " + PATTERNS[t], weft));
            series.add(new Chart.Series("thesis, " + PATTERNS[t], thesis, true));
        }
        return new Chart("Seed 004 Table 3.1: largest queue of any stage, " + k + "-port fat tree", "policy: 0 ECMP, "
                + "1 VLB, 2 RR, 3 P-RR, 4 SD, 5 P-SD, 6 TP, 7 P-TP, 8 MP, 9 P-MP", "largest queue, KB", false, series);
    }

    /** The largest queue of any stage. */
    private static double largest(double[] stages) {
        double most = 0;
        for (double v : stages) {
            most = Math.max(most, v);
        }
        return most;
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.routing.EcmpCollisions;
import weft.model.routing.EcmpMonteCarlo;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.sim.SimConfig;
import weft.model.sim.SimResult;

/**
 * Seed 004 §3.1-3.2 (Figs. 3.2, 3.5, 3.6, 3.7): flow-level ECMP against packet-level VLB, P-RR and RR under a
 * permutation on the k-port 3-level fat tree, packet by packet on the simulator with the agent's path policies.
 *
 * <p>Method: every server sends one open-loop flow (Poisson arrivals at the offered load) to a server outside its
 * pod (Fig. 3.2's permutation); a flow's throughput is the fraction of the bytes it put on its link in the window
 * that arrived (§3.1.1: counted as they leave the source queue). ECMP and VLB send random-size frames (uniform
 * 84..1538 B), P-RR and RR maximum-size ones (Fig. 3.7), VLB also maximum-size ones (Fig. 3.6b). The pod-to-pod
 * permutation at {@code analysis-k} checks the simulation against the analysis of §3.1.3 (Fig. 3.5), whose
 * figures come from {@link EcmpCollisions}.
 */
final class EcmpRepro implements Reproduction.Experiment {
    /** {@code weft repro ecmp}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.1-3.2 Figs. 3.2, 3.5-3.7: ECMP vs packet-level VLB, P-RR and RR under a "
            + "permutation";
    static final List<Claim> CLAIMS = List.of(
            new Claim("C1", "ECMP: mean flow throughput at full load, inter-pod permutation ('around 40%')", 0.40,
                    "fraction", new Band(0.25, 0.65)),
            new Claim("C2", "ECMP: least flow / mean flow at full load ('less than 1/4')", 0.25, "ratio",
                    Tolerance.atMost(0, "thesis: some flows get less than 1/4 of the average flow"), new Band(0, 0.6)),
            new Claim("C2.sat", "ECMP: offered load where the least flow falls 5% below the mean ('around 15%')",
                    0.15, "load", Tolerance.absolute(0.05, "'around 15%': +-5 points"), new Band(0.02, 0.5)),
            new Claim("C5", "ECMP, pod-to-pod permutation at analysis-k: simulated throughput vs the analysis "
                    + "E[B] (157/256 at k = 4)", 157.0 / 256, "fraction",
                    new Band(0.45, 0.72)),
            new Claim("C6", "VLB: mean flow throughput at full load ('above 95%')", 0.95, "fraction",
                    Tolerance.atLeast(0, "thesis: above 95%"), new Band(0.9, 1.0)),
            new Claim("C6.min", "VLB: least flow / mean flow at full load ('only a few percent less')", 0.95,
                    "ratio", Tolerance.atLeast(0, "'a few percent': at most 5% below the mean"),
                    new Band(0.85, 1.0)),
            new Claim("C7", "VLB at full load: throughput with random-size minus maximum-size frames (max worse)",
                    0, "fraction", Tolerance.atLeast(0, "direction only (Fig. 3.6b)"), new Band(-0.02, 0.1)),
            new Claim("C8", "P-RR: largest per-flow loss at full load, maximum-size frames ('< 0.1%')", 0.001,
                    "fraction", Tolerance.atMost(0, "thesis: less than a tenth of a percent"), new Band(0, 0.01)),
            new Claim("C8.rr", "RR / P-RR mean packet latency at full load ('RR performs slightly better')", 1.0,
                    "ratio", Tolerance.atMost(0, "direction only (Fig. 3.7)"), new Band(0.5, 1.05)));
    static final List<Parameter> PARAMETERS = new DataCenterFabric.Options(16, 32, 1, 10).parameters(
            new DataCenterFabric.Options(8, 32, 0.5, 2),
            new Parameter("loads", "offered loads swept, percent of the link (must include 100)",
                    "5,10,15,20,25,30,40,60,80,100", "10,20,40,100"),
            new Parameter("runs", "random permutations", "1", "1"),
            new Parameter("analysis-k", "k of the pod-to-pod check against the analysis", "4", "4"),
            new Parameter("analysis-runs", "random pod-to-pod permutations at analysis-k", "30", "10"),
            new Parameter("fluid-runs", "permutations of the fluid model's Monte Carlo", "30", "10"));

    /** What one policy achieved at one load, averaged over runs. */
    private static final class Point {
        double mean;
        double min;
        double latencyUs;
        double p99Us;
        long dropped;
        long delivered;

        void add(double[] meanMin, SimResult r, int runs) {
            mean += meanMin[0] / runs;
            min += meanMin[1] / runs;
            latencyUs += r.networkLatencyNs().mean() / 1000 / runs;
            p99Us += r.networkLatencyNs().p99() / 1000 / runs;
            dropped += r.droppedPackets();
            delivered += r.deliveredPackets();
        }
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        DataCenterFabric.Options options = DataCenterFabric.Options.of(o);
        int k = options.k();
        List<Integer> loads = o.integers("loads", 1, 100).stream().sorted().distinct().toList();
        if (!loads.contains(100)) {
            throw new IllegalArgumentException("--loads must include 100: the claims are read at full load");
        }
        int runs = o.integer("runs", 1, 100);
        int analysisK = o.integer("analysis-k", 4, 16);
        int analysisRuns = o.integer("analysis-runs", 1, 1000);
        int fluidRuns = o.integer("fluid-runs", 1, 1000);
        if (analysisK % 2 != 0) {
            throw new IllegalArgumentException("--analysis-k must be even, got " + analysisK);
        }
        DataCenterFabric fabric = new DataCenterFabric(k);
        SplittableRandom rnd = new SplittableRandom(o.seed());
        Point[] ecmp = new Point[loads.size()];
        Point[] vlb = new Point[loads.size()];
        for (int i = 0; i < loads.size(); i++) {
            ecmp[i] = new Point();
            vlb[i] = new Point();
        }
        Point vlbMax = new Point();
        Point prr = new Point();
        Point rr = new Point();
        DataCenterFabric small = new DataCenterFabric(analysisK);
        Point pod = new Point();
        List<Job> jobs = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            int[] dst = EcmpMonteCarlo.destinations(fabric.topology, EcmpMonteCarlo.Pattern.INTER_POD, rnd);
            long seed = o.seed() * 1000 + r;
            for (int i = 0; i < loads.size(); i++) {
                double load = loads.get(i) / 100.0;
                jobs.add(new Job(fabric, dst, load, "ecmp", true, seed, ecmp[i], runs));
                jobs.add(new Job(fabric, dst, load, "vlb", true, seed, vlb[i], runs));
            }
            jobs.add(new Job(fabric, dst, 1.0, "vlb", false, seed, vlbMax, runs));
            jobs.add(new Job(fabric, dst, 1.0, "prr", false, seed, prr, runs));
            jobs.add(new Job(fabric, dst, 1.0, "rr", false, seed, rr, runs));
        }
        for (int r = 0; r < analysisRuns; r++) {
            int[] dst = EcmpMonteCarlo.destinations(small.topology, EcmpMonteCarlo.Pattern.POD_TO_POD, rnd);
            jobs.add(new Job(small, dst, 1.0, "ecmp", true, o.seed() * 1000 + 500 + r, pod, analysisRuns));
        }
        List<Supplier<DataCenterFabric.Measured>> tasks = new ArrayList<>();
        for (Job j : jobs) {
            SimConfig config = options.config(j.randomSizes, SimConfig.Arrivals.POISSON, j.policy, j.seed);
            tasks.add(() -> j.fabric.permutation(j.dst, j.load, config));
        }
        List<DataCenterFabric.Measured> measured = o.runner().all(tasks);
        for (int t = 0; t < jobs.size(); t++) {
            DataCenterFabric.Measured m = measured.get(t);
            jobs.get(t).into.add(m.meter().meanAndMin(), m.result(), jobs.get(t).runs);
        }
        var smallEcmp = RoutingEngines.byName("ecmp").compute(small.topology, RoutingOptions.defaults());
        EcmpMonteCarlo.Estimate podFluid = EcmpMonteCarlo.monteCarlo(small.topology, smallEcmp,
                EcmpMonteCarlo.Pattern.POD_TO_POD, fluidRuns, rnd);
        var bigEcmp = RoutingEngines.byName("ecmp").compute(fabric.topology, RoutingOptions.defaults());
        EcmpMonteCarlo.Estimate interFluid = EcmpMonteCarlo.monteCarlo(fabric.topology, bigEcmp,
                EcmpMonteCarlo.Pattern.INTER_POD, fluidRuns, rnd);
        int full = loads.size() - 1;
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(ecmp[full].mean),
                CLAIMS.get(1).measured(ecmp[full].min / ecmp[full].mean),
                CLAIMS.get(2).measured(separation(loads, ecmp)),
                CLAIMS.get(3).measured(pod.mean),
                CLAIMS.get(4).measured(vlb[full].mean),
                CLAIMS.get(5).measured(vlb[full].min / vlb[full].mean),
                CLAIMS.get(6).measured(vlb[full].mean - vlbMax.mean),
                CLAIMS.get(7).measured(1 - prr.min),
                CLAIMS.get(8).measured(rr.latencyUs / prr.latencyUs));
        List<ResultTable> tables = List.of(sweepTable(loads, ecmp, vlb),
                fullLoadTable(ecmp[full], vlb[full], vlbMax, prr, rr),
                analysisTable(k, analysisK, pod, podFluid, interFluid, ecmp[full]));
        String setup = String.format(Locale.ROOT, "%d-port 3-level fat tree (%d servers, %d paths), 1 Gbit/s, "
                + "drop-tail %d KB output queues, inter-pod permutation, Poisson arrivals, %d run(s) of %s ms after "
                + "%s ms; pod-to-pod check at k = %d over %d permutations", k, fabric.hosts(), k * k / 4,
                options.queueKb(), runs, ResultTable.trimmed(options.windowMs(), 2),
                ResultTable.trimmed(options.warmupMs(), 2), analysisK, analysisRuns);
        return ReproResult.of(repro, o, setup, claims, tables, chart(k, loads, ecmp, vlb));
    }

    /**
     * One simulation of the permutation {@code dst} and the point it adds to (averaged over {@code runs}); the
     * simulations run as independent tasks, their results added in the order the jobs were made.
     */
    private record Job(DataCenterFabric fabric, int[] dst, double load, String policy, boolean randomSizes, long seed,
                       Point into, int runs) {
    }

    /**
     * The load at which the least flow first falls 5% below the mean flow (the thesis's "point at which the
     * minimum and the average throughput separate"), interpolated linearly between the swept loads; NaN when it
     * never does.
     */
    static double separation(List<Integer> loads, Point[] points) {
        double prevLoad = 0;
        double prevRatio = 1;
        for (int i = 0; i < loads.size(); i++) {
            double ratio = points[i].min / points[i].mean;
            double load = loads.get(i) / 100.0;
            if (ratio < 0.95) {
                return prevLoad + (load - prevLoad) * (prevRatio - 0.95) / (prevRatio - ratio);
            }
            prevLoad = load;
            prevRatio = ratio;
        }
        return Double.NaN;
    }

    private static ResultTable sweepTable(List<Integer> loads, Point[] ecmp, Point[] vlb) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < loads.size(); i++) {
            rows.add(List.of(ResultTable.trimmed(loads.get(i) / 100.0, 2), f3(ecmp[i].mean), f3(ecmp[i].min),
                    f3(vlb[i].mean), f3(vlb[i].min)));
        }
        rows.add(List.of("thesis, Figs. 3.2 / 3.6a", "about 0.40 at full load", "< 1/4 of mean; separates at "
                + "about 0.15", "> 0.95", "a few % below mean"));
        return new ResultTable("Figs. 3.2 and 3.6a: flow throughput (fraction of what the flow injected) against "
                + "offered load, random-size frames", List.of("offered load", "ECMP mean", "ECMP least flow",
                "VLB mean", "VLB least flow"), rows);
    }

    private static ResultTable fullLoadTable(Point ecmp, Point vlb, Point vlbMax, Point prr, Point rr) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(row("ECMP", "random 84-1538 B", ecmp, "about 0.40; least < 1/4 of mean"));
        rows.add(row("VLB", "random 84-1538 B", vlb, "> 0.95; least a few % below"));
        rows.add(row("VLB", "maximum 1538 B", vlbMax, "worse than random sizes (Fig. 3.6b)"));
        rows.add(row("P-RR", "maximum 1538 B", prr, "about 1.00; per-flow loss < 0.1% (Fig. 3.7)"));
        rows.add(row("RR", "maximum 1538 B", rr, "slightly lower latency than P-RR (Fig. 3.7)"));
        return new ResultTable("Full offered load, per path policy", List.of("policy", "frames", "mean flow",
                "least flow", "largest flow loss", "mean latency us", "p99 latency us", "dropped / delivered packets",
                "thesis"), rows);
    }

    private static List<String> row(String policy, String frames, Point p, String thesis) {
        return List.of(policy, frames, f3(p.mean), f3(p.min), String.format(Locale.ROOT, "%.4f", 1 - p.min),
                ResultTable.trimmed(p.latencyUs, 2), ResultTable.trimmed(p.p99Us, 2), p.dropped + " / " + p.delivered,
                thesis);
    }

    private static ResultTable analysisTable(int k, int analysisK, Point pod, EcmpMonteCarlo.Estimate podFluid,
                                             EcmpMonteCarlo.Estimate interFluid, Point inter) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("pod-to-pod, k = " + analysisK, "stage 1, eq. 3.2",
                f3(EcmpCollisions.stage1Throughput(analysisK)), f3(podFluid.afterStage()[0]), "-",
                analysisK == 4 ? "0.75" : "-"));
        rows.add(List.of("pod-to-pod, k = " + analysisK, "stage 2, E[B] (eq. 3.3)",
                f3(EcmpCollisions.podToPodThroughput(analysisK)), f3(podFluid.afterStage()[1]), "-",
                analysisK == 4 ? "157/256 = 0.613" : "-"));
        rows.add(List.of("pod-to-pod, k = " + analysisK, "end to end", "-", f3(podFluid.mean()), f3(pod.mean),
                "Fig. 3.5: simulation matches the analysis"));
        rows.add(List.of("inter-pod, k = " + k, "end to end, mean flow", "-", f3(interFluid.mean()), f3(inter.mean),
                "about 0.40 (Fig. 3.2)"));
        rows.add(List.of("inter-pod, k = " + k, "end to end, least flow", "-", f3(interFluid.meanMinimum()),
                f3(inter.min), "< 1/4 of the mean"));
        return new ResultTable("§3.1.3 and Fig. 3.5: ECMP throughput, analysis, fluid Monte Carlo (EcmpMonteCarlo) "
                + "and packet simulation", List.of("pattern", "quantity", "analysis", "fluid model",
                "packet level", "thesis"), rows);
    }

    private static Chart chart(int k, List<Integer> loads, Point[] ecmp, Point[] vlb) {
        List<double[]> em = new ArrayList<>();
        List<double[]> en = new ArrayList<>();
        List<double[]> vm = new ArrayList<>();
        List<double[]> vn = new ArrayList<>();
        for (int i = 0; i < loads.size(); i++) {
            double x = loads.get(i) / 100.0;
            em.add(new double[] {x, ecmp[i].mean});
            en.add(new double[] {x, ecmp[i].min});
            vm.add(new double[] {x, vlb[i].mean});
            vn.add(new double[] {x, vlb[i].min});
        }
        return new Chart("Seed 004 Figs. 3.2 / 3.6a: permutation on the " + k + "-port fat tree",
                "offered load (fraction of the link)", "flow throughput (fraction of what it injected)", false,
                List.of(new Chart.Series("ECMP, mean flow", em), new Chart.Series("ECMP, least flow", en),
                        new Chart.Series("VLB, mean flow", vm), new Chart.Series("VLB, least flow", vn),
                        new Chart.Series("thesis: ECMP about 0.40", List.<double[]>of(new double[] {1, 0.40}), true),
                        new Chart.Series("thesis: VLB above 0.95", List.<double[]>of(new double[] {1, 0.95}), true)));
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.rate.VoqBudget;
import weft.model.sim.scheduling.SchedulingLayer;

/**
 * Seed 004 §4.4.1 and §4.4.3 (Figs. 4.3, 4.6): ch. 4's scheduling layer on the k = 8 fat tree with several tenants,
 * each its own Virtual Switch, the packets spread over the fat tree's paths by the hosts' path policy ({@link
 * TenantRun}).
 *
 * <p>Isolation (Fig. 4.3, C20): two tenants of half the servers each, assigned at random; the victim all-to-all, the
 * malicious tenant all-to-one (every other member to one target of its own), both at the same offered load per server,
 * Poisson frames; the figure is the least throughput (frames arrived over made) of any victim flow, without the layer
 * and with it (max-min and backlog-proportional shares). Scheduling as flow control (Fig. 4.6, C24): tenants of
 * {@code --tenant-size} servers, each all-to-all; the loss (data frames dropped in the fabric over delivered and
 * dropped) per offered load for loose flow control (Poisson senders, no layer), strict flow control (periodic
 * senders, no layer) and the layer (Poisson frames into max-min-paced VOQs); the usable capacity at a loss threshold
 * is the largest swept load up to which every load stays at or under it. The layer's control traffic is measured
 * (request and response packets times 84 B over the servers' link capacity) and subtracted from its capacity, as the
 * thesis subtracts it.
 */
final class TenantRepro implements Reproduction.Experiment {
    /** {@code weft repro voq-tenants}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §4.4.1, §4.4.3 Figs. 4.3, 4.6: the scheduling layer on the fat tree with "
            + "several tenants: isolation from a malicious tenant, scheduling as flow control";
    /** Every data frame: the medium size on the wire, as the thesis's §3.3 runs. */
    static final int FRAME = (DataCenterFabric.MIN_FRAME + DataCenterFabric.MAX_FRAME) / 2;
    /** The loss thresholds of Fig. 4.6's usable capacities; the claims read the second. */
    static final double[] THRESHOLDS = {1e-2, 1e-3, 1e-4};
    /** §4.4.2: 2 |F_l| M / T with 15 peers, M = 84 B, T = 1 ms, over 1 Gbit/s. */
    static final double PAPER_OVERHEAD = 2 * 15 * 84 * 8 / 1e-3 / 1e9;
    /** C20.mm and C20.bp: "virtually no disturbance", within 2%; at quick size every victim frame arrives. */
    private static final Tolerance UNDISTURBED = Tolerance.atLeast(0.02, "'virtually no disturbance': within 2%");
    private static final Band EVERY_FRAME = new Band(0.95, 1);
    static final List<Claim> CLAIMS = List.of(
            new Claim("C20.onset", "without scheduling: lowest offered load at which a victim flow loses frames "
                    + "('begin to affect the victim's throughput at around 5% offered load')", 0.05, "load",
                    Tolerance.absolute(0.03, "'around 5%', and 0.03 of slack"), new Band(0.01, 0.6)),
            new Claim("C20.starve", "without scheduling, highest load: least victim-flow throughput ('can effectively "
                    + "starve one or more of the victim flows')", 0, "ratio", Tolerance.atMost(0.1,
                    "'starve': at most 10% of the offered"), new Band(0, 0.5)),
            new Claim("C20.mm", "max-min scheduling: least victim-flow throughput over the loads the victim's "
                    + "links carry with its control traffic ('virtually no disturbance')", 1, "ratio", UNDISTURBED,
                    EVERY_FRAME),
            new Claim("C20.bp", "backlog-proportional scheduling: least victim-flow throughput over the same loads "
                    + "('the results were the same')", 1, "ratio", UNDISTURBED, EVERY_FRAME),
            new Claim("C24.overhead", "control traffic per server, share of its link (§4.4.2: 2 x 15 x 84 B per 1 ms, "
                    + "hand-computed from Eq. 4.2)", PAPER_OVERHEAD, "load", new Band(0, 0.05)),
            new Claim("C24.gain", "loss 1e-3: usable capacity with scheduling less its control traffic, minus loose "
                    + "flow control's ('for loss thresholds under 1% ... the capacity gained significantly exceeds "
                    + "the control overhead')", 0, "load", Tolerance.atLeast(0, "a direction: not negative"),
                    new Band(-0.1, 1)),
            new Claim("C24.strict", "loss 1e-3: usable capacity with scheduling over strict flow control's ('nearly "
                    + "the same performance as with strict flow control')", 1, "ratio", Tolerance.defaultRelative(),
                    new Band(0.8, 1.3)));
    static final List<Parameter> PARAMETERS = new DataCenterFabric.Options(8, 40, 5, 10).parameters(
            new DataCenterFabric.Options(6, 40, 1, 3),
            new Parameter("policy", "the hosts' path policy (packet-level routing, seed 004 §3.2)", "mp", "mp"),
            new Parameter("interval-ms", "scheduling interval T, ms", "1", "1"),
            new Parameter("isolation-load-pct", "offered loads of Fig. 4.3, percent of the link",
                    "2,4,6,8,10,20,50,80,100", "5,50,100"),
            new Parameter("tenant-size", "servers per tenant of Fig. 4.6", "16", "9"),
            new Parameter("capacity-load-pct", "offered loads of Fig. 4.6, percent of the link",
                    "70,80,85,90,95,100", "80,100"));

    /** The columns of the flow-control sweep: loose, strict, with the layer. */
    private static final String[] FLOW_CONTROL = {"loose (Poisson, no layer)", "strict (periodic, no layer)",
        "scheduling (max-min)"};

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        DataCenterFabric.Options fabric = DataCenterFabric.Options.of(o);
        double intervalMs = o.number("interval-ms", 0.1, 10);
        TenantRun runs = new TenantRun(fabric, o.string("policy"), intervalMs, FRAME);
        List<Integer> isoLoads = o.integers("isolation-load-pct", 1, 100).stream().sorted().distinct().toList();
        List<Integer> capLoads = o.integers("capacity-load-pct", 1, 100).stream().sorted().distinct().toList();
        int size = o.integer("tenant-size", 2, 1024);
        int[][] halves = TenantRun.tenants(runs.hosts(), runs.hosts() / 2, o.seed());
        int[][] tenants = TenantRun.tenants(runs.hosts(), size, o.seed() + 1);
        List<Supplier<TenantRun.Measured>> tasks = new ArrayList<>();
        for (int pct : isoLoads) {
            for (TenantRun.Scheme scheme : TenantRun.Scheme.values()) {
                tasks.add(() -> runs.run(isolation(runs, halves, pct / 100.0, o.seed() + pct), TenantRun.tenantOf(
                        halves), scheme, o.seed()));
            }
        }
        for (int pct : capLoads) {
            for (int c = 0; c < FLOW_CONTROL.length; c++) {
                boolean periodic = c == 1;
                TenantRun.Scheme scheme = c == 2 ? TenantRun.Scheme.MAX_MIN : TenantRun.Scheme.NONE;
                tasks.add(() -> runs.run(partitioned(runs, tenants, pct / 100.0, periodic, o.seed() + pct),
                        TenantRun.tenantOf(tenants), scheme, o.seed()));
            }
        }
        List<TenantRun.Measured> done = o.runner().all(tasks);
        int schemes = TenantRun.Scheme.values().length;
        double[][] least = new double[isoLoads.size()][schemes];
        for (int l = 0; l < isoLoads.size(); l++) {
            for (int s = 0; s < schemes; s++) {
                least[l][s] = leastVictim(done.get(l * schemes + s), halves[0]);
            }
        }
        int base = isoLoads.size() * schemes;
        double[][] loss = new double[capLoads.size()][FLOW_CONTROL.length];
        double overhead = 0;
        for (int l = 0; l < capLoads.size(); l++) {
            for (int c = 0; c < FLOW_CONTROL.length; c++) {
                TenantRun.Measured m = done.get(base + l * FLOW_CONTROL.length + c);
                loss[l][c] = m.loss();
                if (c == 2) {
                    overhead = Math.max(overhead, m.control() * VirtualSwitchRun.CONTROL * 8_000.0
                            / (runs.hosts() * m.runPs()));
                }
            }
        }
        double[][] usable = new double[THRESHOLDS.length][FLOW_CONTROL.length];
        for (int t = 0; t < THRESHOLDS.length; t++) {
            for (int c = 0; c < FLOW_CONTROL.length; c++) {
                usable[t][c] = usable(loss, capLoads, c, THRESHOLDS[t]);
            }
        }
        double onset = Double.NaN;
        double worstMm = 1;
        double worstBp = 1;
        double admissible = 1 - (halves[0].length - 1) * new VoqBudget(VirtualSwitchRun.CONTROL, intervalMs / 1000, 0)
                .overheadGbps() / DataCenterFabric.GBPS;
        for (int l = 0; l < isoLoads.size(); l++) {
            if (Double.isNaN(onset) && least[l][0] < 1) {
                onset = isoLoads.get(l) / 100.0;
            }
            if (isoLoads.get(l) / 100.0 <= admissible) {
                worstMm = Math.min(worstMm, least[l][1]);
                worstBp = Math.min(worstBp, least[l][2]);
            }
        }
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(onset),
                CLAIMS.get(1).measured(least[isoLoads.size() - 1][0]),
                CLAIMS.get(2).measured(worstMm),
                CLAIMS.get(3).measured(worstBp),
                CLAIMS.get(4).measured(overhead),
                CLAIMS.get(5).measured(usable[1][2] - overhead - usable[1][0]),
                CLAIMS.get(6).measured(usable[1][2] / usable[1][1]));
        String setup = String.format(Locale.ROOT, "%d-port 3-level fat tree (%d servers), 1 Gbit/s, drop-tail %d KB "
                + "output queues, path policy %s, %d B frames; scheduling: max-min or backlog-proportional every %s "
                + "ms, 84 B control frames, each tenant its own Virtual Switch; Fig. 4.3: two tenants of %d; Fig. "
                + "4.6: tenants of %d, all-to-all; %s ms after %s ms per run", fabric.k(), runs.hosts(),
                fabric.queueKb(), o.string("policy"), FRAME, ResultTable.trimmed(intervalMs, 2), runs.hosts() / 2,
                size, ResultTable.trimmed(fabric.windowMs(), 2), ResultTable.trimmed(fabric.warmupMs(), 2));
        return ReproResult.of(repro, o, setup, claims, List.of(isolationTable(least, isoLoads, admissible),
                lossTable(loss, capLoads), usableTable(usable, overhead)), chart(least, isoLoads));
    }

    /** Fig. 4.3's script: the victim (tenant 0) all-to-all, every other malicious server to the target. */
    private static List<SchedulingLayer.Message> isolation(TenantRun runs, int[][] halves, double load, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<SchedulingLayer.Message> script = new ArrayList<>();
        runs.allToAll(script, halves[0], load, false, rnd);
        int target = halves[1][0];
        for (int i = 1; i < halves[1].length; i++) {
            runs.flow(script, halves[1][i], target, load * DataCenterFabric.GBPS, false, rnd);
        }
        return script;
    }

    /** Fig. 4.6's script: every tenant all-to-all. */
    private static List<SchedulingLayer.Message> partitioned(TenantRun runs, int[][] tenants, double load,
                                                             boolean periodic, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<SchedulingLayer.Message> script = new ArrayList<>();
        for (int[] t : tenants) {
            runs.allToAll(script, t, load, periodic, rnd);
        }
        return script;
    }

    /** The least throughput of any flow among the victim's servers. */
    static double leastVictim(TenantRun.Measured m, int[] victim) {
        double least = Double.NaN;
        for (int s : victim) {
            for (int d : victim) {
                double t = s == d ? Double.NaN : m.throughput(s, d);
                if (!Double.isNaN(t)) {
                    least = Double.isNaN(least) ? t : Math.min(least, t);
                }
            }
        }
        return least;
    }

    /** The largest swept load up to which column c's loss stays at or under the threshold; 0 when the first fails. */
    static double usable(double[][] loss, List<Integer> loads, int c, double threshold) {
        double best = 0;
        for (int l = 0; l < loads.size() && loss[l][c] <= threshold; l++) {
            best = loads.get(l) / 100.0;
        }
        return best;
    }

    private static ResultTable isolationTable(double[][] least, List<Integer> loads, double admissible) {
        List<List<String>> rows = new ArrayList<>();
        for (int l = 0; l < loads.size(); l++) {
            rows.add(List.of(loads.get(l) + "%", f3(least[l][0]), f3(least[l][1]), f3(least[l][2])));
        }
        rows.add(List.of("thesis", "falls from about 5%, starves", "about 1", "as max-min"));
        return new ResultTable("Fig. 4.3: least throughput of a victim flow (frames arrived / made), by offered load; "
                + "above " + f3(admissible) + " the victim's own data and control exceed its links",
                List.of("offered load", "no scheduling", "max-min", "backlog-proportional"), rows);
    }

    private static ResultTable lossTable(double[][] loss, List<Integer> loads) {
        List<List<String>> rows = new ArrayList<>();
        for (int l = 0; l < loads.size(); l++) {
            rows.add(List.of(loads.get(l) + "%", String.format(Locale.ROOT, "%.2e", loss[l][0]),
                    String.format(Locale.ROOT, "%.2e", loss[l][1]), String.format(Locale.ROOT, "%.2e", loss[l][2])));
        }
        List<String> columns = new ArrayList<>(List.of("offered load"));
        columns.addAll(List.of(FLOW_CONTROL));
        return new ResultTable("Fig. 4.6: loss in the fabric (data frames dropped / delivered and dropped)", columns,
                rows);
    }

    private static ResultTable usableTable(double[][] usable, double overhead) {
        List<List<String>> rows = new ArrayList<>();
        for (int t = 0; t < THRESHOLDS.length; t++) {
            rows.add(List.of(String.format(Locale.ROOT, "%.0e", THRESHOLDS[t]), f3(usable[t][0]), f3(usable[t][1]),
                    f3(usable[t][2]), f3(usable[t][2] - overhead)));
        }
        rows.add(List.of("thesis", "below strict", "-", "nearly strict's", "above loose's under 1%"));
        return new ResultTable("Fig. 4.6: usable capacity (largest swept load within the loss threshold); control "
                + "traffic " + f3(overhead) + " of the link", List.of("loss threshold", FLOW_CONTROL[0],
                FLOW_CONTROL[1], FLOW_CONTROL[2], "scheduling less control"), rows);
    }

    private static Chart chart(double[][] least, List<Integer> loads) {
        String[] names = {"no scheduling", "max-min", "backlog-proportional"};
        List<Chart.Series> series = new ArrayList<>();
        for (int s = 0; s < names.length; s++) {
            List<double[]> points = new ArrayList<>();
            for (int l = 0; l < loads.size(); l++) {
                points.add(new double[] {loads.get(l) / 100.0, least[l][s]});
            }
            series.add(new Chart.Series(names[s], points, s == 2));
        }
        return new Chart("Seed 004 Fig. 4.3: least victim-flow throughput beside a malicious tenant", "offered load",
                "least victim-flow throughput", false, series);
    }

    private static String f3(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import weft.model.io.Chart;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.SimConfig;
import weft.model.sim.SimObserver;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.traffic.TrafficPatterns;

/**
 * Seed 004 §3.4 (Figs. 3.14-3.16): how much of a packet's delay the hybrid resequencer adds, against the delay of the
 * network, in the four corners of the strict/loose model (§3.3.1, Fig. 3.10) under the all-to-all partition pattern.
 *
 * <p>Method: the k-port fat tree of {@link DataCenterFabric}, its servers split at random into tenants of m (m = p,
 * the number of paths: k tenants); every server sends to the other members of its tenant at the offered load, in
 * each {@link Corner} of the strict/loose model. Every receiver runs the agent's hybrid resequencer per sender.
 * Network delay: from injection (leaving the source queue) to arrival; resequencing delay: from arrival to release.
 */
final class ResequencerRepro implements Reproduction.Experiment {
    /** {@code weft repro resequencer}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.4 Figs. 3.14-3.16: hybrid resequencer delay against network delay, "
            + "strict/loose corners";
    static final List<Claim> CLAIMS = List.of(
            new Claim("C18", "mean resequencing delay / mean network delay, largest over corners and loads ('at "
                    + "least an order of magnitude less')", 0.1, "ratio",
                    Tolerance.atMost(0, "thesis: at least 10x smaller"), new Band(0, 0.25)),
            new Claim("C19", "out-of-order packets: time in the resequencer / their whole delay, largest over corners"
                    + " and loads ('less than half')", 0.5, "ratio",
                    Tolerance.atMost(0, "thesis: less than half"), new Band(0, 0.5)),
            new Claim("C17", "out-of-order arrivals at the highest load: strict FC + MP / loose FC + VLB ('minimal' vs "
                    + "'significant')", 1.0, "ratio", Tolerance.atMost(0, "direction only (Fig. 3.14)"),
                    new Band(0, 0.8)),
            new Claim("C17.strict", "strict flow control: out-of-order fraction of the traffic, largest over routing "
                    + "and loads ('most packets arrive in order')", 0.5, "fraction",
                    Tolerance.atMost(0, "thesis: most packets in order"), new Band(0, 0.5)));
    static final List<Parameter> PARAMETERS = new DataCenterFabric.Options(12, 128, 2, 10).parameters(
            new DataCenterFabric.Options(4, 128, 1, 3),
            new Parameter("tenant", "servers per tenant (0: p = (k/2)^2, the number of paths)", "0", "0"),
            new Parameter("loads", "offered loads, percent of the link", "50,70,90", "50,90"));

    /** The delays of the packets a resequencer held back (arrived while an earlier one was missing). */
    private static final class HeldBack implements SimObserver {
        private final MeasuredWindow window;
        long packets;
        double waitPs;
        double totalPs;

        HeldBack(MeasuredWindow window) {
            this.window = window;
        }

        @Override
        public void resequenced(int src, int dst, int flow, long injectedPs, long arrivedPs, long releasedPs) {
            if (releasedPs > arrivedPs && window.contains(injectedPs)) {
                packets++;
                waitPs += releasedPs - arrivedPs;
                totalPs += releasedPs - injectedPs;
            }
        }
    }

    /** One corner at one load. */
    private record Cell(double outOfOrder, double networkUs, double resequencingUs, double heldShare,
                        long heldPackets, long timeouts, long late, double loss) {
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        DataCenterFabric.Options options = DataCenterFabric.Options.of(o);
        int k = options.k();
        int m = o.integer("tenant", 0, 4096);
        List<Integer> loads = o.integers("loads", 1, 100).stream().sorted().distinct().toList();
        DataCenterFabric fabric = new DataCenterFabric(k);
        int tenant = m == 0 ? k * k / 4 : m;
        if (tenant < 2 || fabric.hosts() % tenant != 0) {
            throw new IllegalArgumentException("--tenant must be at least 2 and divide the " + fabric.hosts()
                    + " servers, got " + tenant);
        }
        List<Supplier<Cell>> tasks = new ArrayList<>();
        for (Corner corner : Corner.values()) {
            for (int load : loads) {
                SimConfig config = corner.config(options, DataCenterFabric.Frames.RANDOM, o.seed())
                        .withResequence(true);
                String pattern = corner.pattern(tenant);
                tasks.add(() -> cell(fabric, config, pattern, load / 100.0, o.seed()));
            }
        }
        List<Cell> done = o.runner().all(tasks);
        Cell[][] cells = new Cell[4][loads.size()];
        for (int c = 0; c < 4; c++) {
            for (int i = 0; i < loads.size(); i++) {
                cells[c][i] = done.get(c * loads.size() + i);
            }
        }
        double worstRatio = 0;
        double worstShare = 0;
        double strictOoo = 0;
        for (int c = 0; c < 4; c++) {
            for (int i = 0; i < loads.size(); i++) {
                worstRatio = Math.max(worstRatio, cells[c][i].resequencingUs / cells[c][i].networkUs);
                worstShare = Math.max(worstShare, cells[c][i].heldShare);
                if (c >= 2) {
                    strictOoo = Math.max(strictOoo, cells[c][i].outOfOrder);
                }
            }
        }
        int top = loads.size() - 1;
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(worstRatio),
                CLAIMS.get(1).measured(worstShare),
                CLAIMS.get(2).measured(cells[3][top].outOfOrder / cells[0][top].outOfOrder),
                CLAIMS.get(3).measured(strictOoo));
        String setup = String.format(Locale.ROOT, "%d-port 3-level fat tree (%d servers), %d tenants of %d, "
                + "1 Gbit/s, drop-tail %d KB output queues, random-size frames 84-1538 B, hybrid resequencer at every "
                + "receiver, %s ms after %s ms per run", k, fabric.hosts(), fabric.hosts() / tenant, tenant,
                options.queueKb(), ResultTable.trimmed(options.windowMs(), 2),
                ResultTable.trimmed(options.warmupMs(), 2));
        return ReproResult.of(repro, o, setup, claims, List.of(table(loads, cells)), chart(k, loads, cells));
    }

    /** One corner at one load: a run of the partitioned all-to-all pattern with a resequencer at every receiver. */
    private static Cell cell(DataCenterFabric fabric, SimConfig config, String pattern, double load,
                             long seed) {
        Simulator sim = new Simulator(fabric.topology, fabric.routes, config);
        MeasuredWindow window = MeasuredWindow.of(config);
        HeldBack held = new HeldBack(window);
        LossMeter meter = new LossMeter(sim.network(), window);
        SimResult r = sim.run(new Workload.OpenLoop(TrafficPatterns.parse(pattern, fabric.hosts(), seed), load),
                InjectionPolicy.noControl(), List.of(held, meter));
        SimResult.Resequencing q = r.resequencing();
        return new Cell((double) q.reordered() / q.arrivals(), r.networkLatencyNs().mean() / 1000,
                q.delayNs().mean() / 1000, held.packets == 0 ? 0 : held.waitPs / held.totalPs, held.packets,
                q.timeouts(), q.late(), 1 - meter.meanAndMin()[0]);
    }

    private static ResultTable table(List<Integer> loads, Cell[][] cells) {
        List<List<String>> rows = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            for (int i = 0; i < loads.size(); i++) {
                Cell x = cells[c][i];
                rows.add(List.of(Corner.values()[c].label, ResultTable.trimmed(loads.get(i) / 100.0, 2),
                        String.format(Locale.ROOT, "%.4f", x.outOfOrder), ResultTable.trimmed(x.networkUs, 2),
                        String.format(Locale.ROOT, "%.3f", x.resequencingUs),
                        String.format(Locale.ROOT, "%.4f", x.resequencingUs / x.networkUs),
                        String.format(Locale.ROOT, "%.3f", x.heldShare), Long.toString(x.heldPackets),
                        x.timeouts + " / " + x.late, String.format(Locale.ROOT, "%.5f", x.loss)));
            }
        }
        rows.add(List.of("thesis", "-", "minimal (strict/strict) to significant (loose/loose)", "-", "-",
                "<= 0.1", "< 0.5", "-", "-", "-"));
        return new ResultTable("Figs. 3.14-3.16 by corner and load: out-of-order arrivals, mean delays, the share "
                + "of their delay that held-back packets spent in the resequencer", List.of("corner", "load",
                "out-of-order fraction", "network delay us", "resequencing delay us", "resequencing / network",
                "held-back: share in resequencer", "held-back packets", "timeouts / late", "loss"), rows);
    }

    private static Chart chart(int k, List<Integer> loads, Cell[][] cells) {
        List<Chart.Series> series = new ArrayList<>();
        for (int c = 0; c < 4; c += 3) {
            List<double[]> network = new ArrayList<>();
            List<double[]> reseq = new ArrayList<>();
            for (int i = 0; i < loads.size(); i++) {
                double x = loads.get(i) / 100.0;
                network.add(new double[] {x, cells[c][i].networkUs});
                reseq.add(new double[] {x, Math.max(1e-3, cells[c][i].resequencingUs)});
            }
            series.add(new Chart.Series("network delay, " + Corner.values()[c].label, network));
            series.add(new Chart.Series("resequencing delay, " + Corner.values()[c].label, reseq, true));
        }
        return new Chart("Seed 004 Fig. 3.15: mean delays, " + k + "-port fat tree, all-to-all partition",
                "offered load (fraction of the link)", "mean delay per packet, us (log)", true, series);
    }
}

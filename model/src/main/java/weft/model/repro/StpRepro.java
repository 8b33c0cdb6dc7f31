package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import weft.model.io.Chart;
import weft.model.sim.SimConfig.FlowControlKind;

/**
 * Seed 002 §3.1.5 (Fig. 3.3a, 3.4a): Up*&#47;Down* against the spanning tree of 802.1D on irregular Ethernet fabrics,
 * without flow control (drop-tail) and with 802.3x pause: per-node throughput, frame loss at 300 Mbit/s and latency.
 * STP forwards on the tree only; Up*&#47;Down* uses every link under the up*-then-down* rule. The same section's
 * regular fabrics (Fig. 3.3c-d, raw Ethernet): Up*&#47;Down* on the 8x4 torus and dimension-order routing on the 8x4
 * mesh, with and without 802.3x. Setup in {@link EthernetSetup}; sweeps and throughput in {@link LoadSweep}.
 */
final class StpRepro implements Reproduction.Experiment {
    /** {@code weft repro stp}: the paper's experiment, one line. */
    static final String TITLE = "Seed 002 §3.1.5 Fig. 3.3a: Up*/Down* vs spanning tree on irregular Ethernet (131 vs "
            + "39 Mbit/s)";
    static final List<Claim> CLAIMS = List.of(
            new Claim("C1.ud", "no flow control: Up*/Down* per-node throughput", 131, "Mbit/s", new Band(100, 1000)),
            new Claim("C1.stp", "no flow control: STP per-node throughput", 39, "Mbit/s", new Band(20, 600)),
            new Claim("C1.ratio", "no flow control: Up*/Down* / STP throughput ('more than three times')", 131.0 / 39,
                    "ratio", Tolerance.atLeast(131.0 / 39 - 3, "thesis: 'more than three times'"),
                    new Band(1.5, 8)),
            new Claim("C2.ud", "no flow control: Up*/Down* frame loss at 300 Mbit/s offered", 60, "%", new Band(0, 90)),
            new Claim("C2.stp", "no flow control: STP frame loss at 300 Mbit/s offered", 88, "%", new Band(1, 95)),
            new Claim("C4.ud", "802.3x flow control: Up*/Down* per-node throughput (no loss)", 65, "Mbit/s",
                    new Band(40, 1000)),
            new Claim("C4.stp", "802.3x flow control: STP per-node throughput (no loss)", 21, "Mbit/s",
                    new Band(10, 600)),
            new Claim("C4.ratio", "802.3x flow control: Up*/Down* / STP throughput", 65.0 / 21, "ratio",
                    new Band(1.5, 8)),
            new Claim("C4.ud.fc", "Up*/Down*: throughput with 802.3x / without (131 -> 65 Mbit/s)", 65.0 / 131,
                    "ratio", new Band(0.2, 0.95)),
            new Claim("C4.stp.fc", "STP: throughput with 802.3x / without (39 -> 21 Mbit/s)", 21.0 / 39, "ratio",
                    new Band(0.2, 0.95)),
            new Claim("C6.ud", "8x4 torus, Up*/Down*, no flow control: per-node throughput", 160, "Mbit/s",
                    new Band(50, 1000)),
            new Claim("C6.fc", "8x4 torus, Up*/Down*: throughput with 802.3x / without (160 -> 65 Mbit/s)", 65.0 / 160,
                    "ratio", new Band(0.2, 1.05)),
            new Claim("C7.dor", "8x4 mesh, dimension order: per-node throughput, no flow control", 130, "Mbit/s",
                    new Band(50, 1000)),
            new Claim("C7.fc", "8x4 mesh, dimension order: throughput with 802.3x / without (130 -> 80 Mbit/s)",
                    80.0 / 130, "ratio", new Band(0.2, 1.05)));
    static final List<Parameter> PARAMETERS = List.of(EthernetSetup.BASELINES,
            new Parameter("fabric", "fabric: irregular-N (N switches, at most 4 links each), torus-WxH or mesh-WxH",
                    "irregular-32", "irregular-16"),
            new Parameter("fabrics", "random fabrics averaged (seeds S, S+1, ...), or runs of a regular one", "16",
                    "2"),
            new Parameter("regular-runs", "runs averaged on the 8x4 torus and mesh (seeds S, S+1, ...)", "4", "1"),
            new Parameter("duration-us", "measured simulated time per run, µs (plus a quarter as warm-up)", "5000",
                    "1000"),
            new Parameter("loads", "offered loads, fractions of 1 Gbit/s",
                    "0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.5,0.6,0.7,0.8,0.9,1", "0.1,0.2,0.3,0.4,0.6,1"));
    private static final String[] ENGINES = {"updown", "stp"};
    private static final String[] NAMES = {"Up*/Down*", "STP"};
    private static final double LOSS_LOAD = 0.3;

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        String fabric = o.string("fabric");
        int fabrics = o.integer("fabrics", 1, 256);
        double duration = o.number("duration-us", 100, 1e6);
        TreeSet<Double> grid = new TreeSet<>();
        grid.addAll(LoadSweep.loads(o));
        grid.add(LOSS_LOAD);
        List<Double> loads = List.copyOf(grid);
        FlowControlKind[] modes = {FlowControlKind.LOSSY, FlowControlKind.PFC};
        List<List<List<LoadSweep.Point>>> sweeps = List.of(new ArrayList<>(), new ArrayList<>());
        int hosts = EthernetSetup.hosts("fabric", fabric, o.seed());
        double[] bound = new double[2];
        for (int m = 0; m < 2; m++) {
            for (int e = 0; e < 2; e++) {
                EthernetSetup.FabricSet set = EthernetSetup.simulators("fabric", fabric, ENGINES[e], fabrics,
                        o.seed(), modes[m], duration, 0,
                        EthernetSetup.balancedBaselines(o));
                bound[e] = EthernetSetup.mbps(set.bound());
                sweeps.get(m).add(LoadSweep.run(set.simulators(), EthernetSetup.uniform(hosts), loads, false));
            }
        }
        int regularRuns = o.integer("regular-runs", 1, 64);
        String[] regular = {"torus-8x4", "mesh-8x4"};
        String[] regularEngines = {"updown", "dor"};
        double[][] regularTput = new double[2][2];
        for (int f = 0; f < 2; f++) {
            for (int m = 0; m < 2; m++) {
                EthernetSetup.FabricSet set = EthernetSetup.simulators("regular-runs", regular[f], regularEngines[f],
                        regularRuns, o.seed(), modes[m], duration, 0, EthernetSetup.balancedBaselines(o));
                regularTput[f][m] = EthernetSetup.mbps(LoadSweep.peak(LoadSweep.run(set.simulators(),
                        EthernetSetup.uniform(32), loads, false)));
            }
        }
        double[][] tput = new double[2][2];
        for (int m = 0; m < 2; m++) {
            for (int e = 0; e < 2; e++) {
                tput[m][e] = EthernetSetup.mbps(LoadSweep.peak(sweeps.get(m).get(e)));
            }
        }
        double lossUd = 100 * LoadSweep.at(sweeps.get(0).get(0), LOSS_LOAD).loss();
        double lossStp = 100 * LoadSweep.at(sweeps.get(0).get(1), LOSS_LOAD).loss();
        List<ClaimResult> claims = List.of(
                CLAIMS.get(0).measured(tput[0][0]),
                CLAIMS.get(1).measured(tput[0][1]),
                CLAIMS.get(2).measured(tput[0][0] / tput[0][1]),
                CLAIMS.get(3).measured(lossUd),
                CLAIMS.get(4).measured(lossStp),
                CLAIMS.get(5).measured(tput[1][0]),
                CLAIMS.get(6).measured(tput[1][1]),
                CLAIMS.get(7).measured(tput[1][0] / tput[1][1]),
                CLAIMS.get(8).measured(tput[1][0] / tput[0][0]),
                CLAIMS.get(9).measured(tput[1][1] / tput[0][1]),
                CLAIMS.get(10).measured(regularTput[0][0]),
                CLAIMS.get(11).measured(regularTput[0][1] / regularTput[0][0]),
                CLAIMS.get(12).measured(regularTput[1][0]),
                CLAIMS.get(13).measured(regularTput[1][1] / regularTput[1][0]));
        String[][] paper = {{"131 Mbit/s, 700 µs", "39 Mbit/s, 1000 µs"}, {"65 Mbit/s, 1300 µs",
            "21 Mbit/s, 2500 µs"}};
        String[] modeNames = {"none (drop-tail)", "802.3x pause"};
        List<List<String>> rows = new ArrayList<>();
        double top = loads.get(loads.size() - 1);
        for (int m = 0; m < 2; m++) {
            for (int e = 0; e < 2; e++) {
                LoadSweep.Point end = LoadSweep.at(sweeps.get(m).get(e), top);
                rows.add(List.of(NAMES[e], modeNames[m], paper[m][e], ResultTable.fixed(bound[e], 0),
                        ResultTable.fixed(tput[m][e], 0),
                        ResultTable.fixed(end.latencyUs(), 0), m == 1 ? "-" : String.format(Locale.ROOT, "%.0f%%",
                                100 * LoadSweep.at(sweeps.get(m).get(e), LOSS_LOAD).loss())));
            }
        }
        ResultTable table = new ResultTable("Per-node throughput (highest accepted load of the sweep), mean network "
                + "latency at " + ResultTable.fixed(EthernetSetup.mbps(top), 0) + " Mbit/s offered, frame loss at 300 "
                + "Mbit/s offered; the thesis's figures from §3.1.5. The routes' bound is the most uniform traffic "
                + "the paths carry before their busiest channel saturates (no simulation)", List.of("routing",
                "flow control", "paper (throughput, latency)", "routes' bound Mbit/s", "Weft Mbit/s",
                "Weft latency µs", "Weft loss at 300"), rows);
        ResultTable regularTable = new ResultTable("Regular fabrics (Fig. 3.3c-d, raw Ethernet): per-node throughput, "
                + "Mbit/s (highest accepted load of the sweep)", List.of("fabric, routing", "paper none / 802.3x",
                "Weft none", "Weft 802.3x"), List.of(
                List.of("8x4 torus, Up*/Down*", "160 / 65", ResultTable.fixed(regularTput[0][0], 0),
                        ResultTable.fixed(regularTput[0][1], 0)),
                List.of("8x4 mesh, dimension order", "130 / 80", ResultTable.fixed(regularTput[1][0], 0),
                        ResultTable.fixed(regularTput[1][1], 0))));
        List<Chart.Series> series = new ArrayList<>();
        for (int m = 0; m < 2; m++) {
            for (int e = 0; e < 2; e++) {
                series.add(new Chart.Series(NAMES[e] + ", " + modeNames[m], LoadSweep.curve(sweeps.get(m).get(e)),
                        m == 1));
            }
        }
        Chart chart = new Chart("Seed 002 Fig. 3.3a: per-node throughput on " + EthernetSetup.label(fabric)
                + " Ethernet, uniform traffic", "offered load per node (Mbit/s)", "accepted per node (Mbit/s)", false,
                series);
        String setup = String.format(Locale.ROOT, "%s (%d %s), 1 host per switch, 1 Gbit/s, 1522-byte frames, "
                + "shared-memory switches, %d B per port (pause at %d B), uniform periodic traffic, %.0f µs per run",
                EthernetSetup.label(fabric), fabrics, EthernetSetup.irregular(fabric) ? "fabrics" : "runs",
                EthernetSetup.PORT_BUFFER_BYTES, EthernetSetup.PORT_BUFFER_BYTES / 2, duration)
                + "; 8x4 torus (Up*/Down*) and 8x4 mesh (dimension order), " + regularRuns + " runs each";
        return ReproResult.of(repro, o, setup + EthernetSetup.baselinesNote(o), claims, List.of(table, regularTable),
                chart);
    }
}

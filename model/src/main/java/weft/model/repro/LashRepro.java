package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.io.Chart;
import weft.model.sim.SimConfig.FlowControlKind;

/**
 * Seed 002 §3.3.5 (Fig. 3.15): LASH against TBTP spread over three virtual channels (TBTP3VL), TBTP on one and STP,
 * on 32-switch irregular fabrics, the 4x8 torus and the 4x8 mesh, with per-virtual-channel flow control (§3.3.3):
 * saturation throughput and network latency at full offered load. Setup in {@link EthernetSetup}; sweeps in
 * {@link LoadSweep}.
 *
 * <p>Virtual channels: LASH and TBTPnVL are each given n = {@code --vcs} layers (3), one virtual channel per layer,
 * and a pair's packets keep its layer's channel: TBTPnVL spreads its pairs over n copies of TBTP's tables (§3.3.5),
 * and LASH spreads them over all n layers it is given (§3.3.1's layering of n layers; §3.3.3's random selection of
 * layers), even where it needs fewer (one on the mesh, two on the torus). TBTP and STP have one channel.
 *
 * <p>Orientation: "4x8" names no orientation, and Weft's LASH picks among shortest paths by switch id (its paths
 * differ between the 4-wide and the 8-wide numbering), so the torus and the mesh run in both orientations, averaged.
 */
final class LashRepro implements Reproduction.Experiment {
    /** {@code weft repro lash}: the paper's experiment, one line. */
    static final String TITLE = "Seed 002 §3.3.5 Fig. 3.15: LASH vs TBTP3VL, TBTP and STP (+16/+25/+83% throughput, "
            + "-25/-55/-52% latency)";
    /** TBTPnVL is TBTP given n layers ({@link EthernetSetup#route}). */
    private static final String[] ENGINES = {"lash", "tbtp", "tbtp", "stp"};
    private static final String[] NAMES = {"LASH", "TBTP3VL", "TBTP", "STP"};
    static final List<Claim> CLAIMS = List.of(
            new Claim("L2", "32-switch irregular: LASH / TBTP3VL throughput (+16%)", 1.16, "ratio", new Band(1.0, 4)),
            new Claim("L3", "4x8 torus: LASH / TBTP3VL throughput (+25%)", 1.25, "ratio", new Band(1.0, 3)),
            new Claim("L4", "4x8 mesh: LASH / TBTP3VL throughput (+83%)", 1.83, "ratio", new Band(0.5, 3)),
            new Claim("L5.irregular", "32-switch irregular: TBTP3VL / TBTP throughput (+25%)", 1.25, "ratio",
                    new Band(0.95, 2.5)),
            new Claim("L5.torus", "4x8 torus: TBTP3VL / TBTP throughput (+20%)", 1.20, "ratio", new Band(0.95, 2.5)),
            new Claim("L5.mesh", "4x8 mesh: TBTP3VL / TBTP throughput ('similar')", 1.0, "ratio", new Band(0.8, 2)),
            new Claim("L7", "32-switch irregular: LASH / TBTP3VL mean latency at full load (-25%)", 0.75, "ratio",
                    new Band(0.2, 1.3)),
            new Claim("L8.torus", "4x8 torus: LASH / TBTP3VL mean latency at full load (-55%)", 0.45, "ratio",
                    new Band(0.3, 2)),
            new Claim("L8.mesh", "4x8 mesh: LASH / TBTP3VL mean latency at full load (-52%)", 0.48, "ratio",
                    new Band(0.3, 2)),
            new Claim("L6.lash", "past saturation: LASH's accepted load at 100% offered over its peak, least of the "
                    + "three fabrics ('stable and without any drop')", 1, "ratio", Tolerance.atLeast(0.05,
                    "thesis: 'without any drop'; 5% for the sweep's noise"), new Band(0.5, 1.05)),
            new Claim("L6.tbtp3vl", "past saturation: TBTP3VL's accepted load at 100% offered over its peak, mean of "
                    + "the three fabrics ('a drop in performance is seen')", 0.95, "ratio", Tolerance.atMost(0,
                    "thesis: 'a drop is seen'; direction, at least 5% below the peak"), new Band(0.5, 1.05)));
    static final List<Parameter> PARAMETERS = List.of(EthernetSetup.BASELINES,
            new Parameter("irregular", "switches of the irregular fabrics", "32", "16"),
            new Parameter("fabrics", "random irregular fabrics averaged (seeds S, S+1, ...)", "16", "1"),
            new Parameter("torus", "the torus, in one or both orientations (comma-separated, averaged)",
                    "torus-4x8,torus-8x4", "torus-4x8,torus-8x4"),
            new Parameter("mesh", "the mesh, in one or both orientations (comma-separated, averaged)",
                    "mesh-4x8,mesh-8x4", "mesh-4x8,mesh-8x4"),
            new Parameter("runs", "runs averaged on each torus and mesh (seeds S, S+1, ...)", "4", "1"),
            new Parameter("vcs", "layers given to LASH and TBTPnVL (n), one virtual channel per port each", "3", "3"),
            new Parameter("duration-us", "measured simulated time per run, µs (plus a quarter as warm-up)", "5000",
                    "600"),
            new Parameter("loads", "offered loads, fractions of 1 Gbit/s (the last one gives the latency)",
                    "0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5,0.6,0.7,0.8,0.9,1", "0.2,0.3,0.4,0.6,1"));

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        int switches = o.integer("irregular", 4, 1024);
        int fabrics = o.integer("fabrics", 1, 256);
        int runs = o.integer("runs", 1, 64);
        int vcs = o.integer("vcs", 1, 15);
        double duration = o.number("duration-us", 100, 1e6);
        List<Double> loads = LoadSweep.loads(o);
        String[] sets = {"irregular-" + switches, o.string("torus"), o.string("mesh")};
        String[] params = {"irregular", "torus", "mesh"};
        double[][] tput = new double[3][ENGINES.length];
        double[][] latency = new double[3][ENGINES.length];
        double[][] full = new double[3][ENGINES.length];
        double[][] bound = new double[3][ENGINES.length];
        List<Chart.Series> series = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            int count = EthernetSetup.irregular(sets[s]) ? fabrics : runs;
            int hosts = EthernetSetup.hosts(params[s], sets[s], o.seed());
            for (int e = 0; e < ENGINES.length; e++) {
                int channels = e < 2 ? vcs : 1;
                EthernetSetup.FabricSet set = EthernetSetup.simulators(params[s], sets[s], ENGINES[e], count,
                        o.seed(), FlowControlKind.PFC, duration, channels,
                        EthernetSetup.balancedBaselines(o));
                bound[s][e] = EthernetSetup.mbps(set.bound());
                List<LoadSweep.Point> sweep = LoadSweep.run(set.simulators(), EthernetSetup.uniform(hosts), loads,
                        false);
                tput[s][e] = EthernetSetup.mbps(LoadSweep.peak(sweep));
                latency[s][e] = sweep.get(sweep.size() - 1).latencyUs();
                full[s][e] = EthernetSetup.mbps(sweep.get(sweep.size() - 1).accepted());
                if (s == 0) {
                    series.add(new Chart.Series(NAMES[e], LoadSweep.curve(sweep)));
                }
            }
        }
        List<ClaimResult> claims = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            claims.add(CLAIMS.get(s).measured(tput[s][0] / tput[s][1]));
        }
        for (int s = 0; s < 3; s++) {
            claims.add(CLAIMS.get(3 + s).measured(tput[s][1] / tput[s][2]));
        }
        for (int s = 0; s < 3; s++) {
            claims.add(CLAIMS.get(6 + s).measured(latency[s][0] / latency[s][1]));
        }
        double lashKept = 1;
        double tbtpKept = 0;
        for (int s = 0; s < 3; s++) {
            lashKept = Math.min(lashKept, full[s][0] / tput[s][0]);
            tbtpKept += full[s][1] / tput[s][1] / 3;
        }
        claims.add(CLAIMS.get(9).measured(lashKept));
        claims.add(CLAIMS.get(10).measured(tbtpKept));
        String[][] paper = {{"+16%", "+25%", "-25% (450 vs 600 µs)"}, {"+25%", "+20%", "-55%"},
            {"+83%", "≈ 0", "-52%"}};
        List<List<String>> rows = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            rows.add(EthernetSetup.row(sets[s], tput[s], paper[s][0], pct(tput[s][0] / tput[s][1]), paper[s][1],
                    pct(tput[s][1] / tput[s][2]), ResultTable.fixed(latency[s][0], 0) + " / "
                    + ResultTable.fixed(latency[s][1], 0), paper[s][2], pct(latency[s][0] / latency[s][1])));
        }
        ResultTable table = new ResultTable("Saturation throughput per node (Mbit/s) and mean network latency at "
                + ResultTable.fixed(EthernetSetup.mbps(loads.get(loads.size() - 1)), 0) + " Mbit/s offered; the "
                + "thesis's differences (§3.3.5)", List.of("fabric", "LASH", "TBTP3VL", "TBTP", "STP",
                "paper LASH vs TBTP3VL", "Weft", "paper TBTP3VL vs TBTP", "Weft", "latency LASH / TBTP3VL µs",
                "paper latency", "Weft"), rows);
        List<List<String>> fullRows = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            fullRows.add(EthernetSetup.row(sets[s], full[s], pct(full[s][0] / full[s][1])));
        }
        ResultTable past = new ResultTable("Past saturation (§3.3.5: LASH stable, TBTPnVL drops): accepted load per "
                + "node at the last offered load of the sweep, Mbit/s", List.of("fabric", "LASH", "TBTP3VL", "TBTP",
                "STP", "LASH vs TBTP3VL"), fullRows);
        List<List<String>> boundRows = new ArrayList<>();
        for (int s = 0; s < 3; s++) {
            boundRows.add(EthernetSetup.row(sets[s], bound[s], pct(bound[s][0] / bound[s][1])));
        }
        ResultTable bounds = new ResultTable("The routes' own limit: the most uniform traffic each routing's paths "
                + "carry before their busiest channel saturates (Mbit/s per node; no simulation; TBTP3VL has TBTP's "
                + "paths)", List.of("fabric", "LASH", "TBTP3VL", "TBTP", "STP", "LASH vs TBTP3VL"), boundRows);
        Chart chart = new Chart("Seed 002 Fig. 3.15a: throughput on " + EthernetSetup.label(sets[0])
                + " fabrics, per-VC flow control", "offered load per node (Mbit/s)", "accepted per node (Mbit/s)",
                false, series);
        String setup = String.format(Locale.ROOT, "%s (%d fabrics), %s and %s (%d runs each), 1 host per switch, "
                + "1 Gbit/s, 1522-byte frames, pause per virtual channel (%d for LASH and TBTP3VL, 1 for TBTP and "
                + "STP), uniform periodic traffic, %.0f µs per run", EthernetSetup.label(sets[0]), fabrics,
                EthernetSetup.label(sets[1]), EthernetSetup.label(sets[2]), runs, vcs, duration);
        return ReproResult.of(repro, o, setup + EthernetSetup.baselinesNote(o), claims, List.of(table, past, bounds),
                chart);
    }

    private static String pct(double ratio) {
        return String.format(Locale.ROOT, "%+.0f%%", 100 * (ratio - 1));
    }
}

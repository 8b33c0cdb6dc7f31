package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.io.Chart;
import weft.model.sim.SimConfig.FlowControlKind;

/**
 * Seed 002 §3.2.3 (Figs. 3.9 and 3.11): saturation throughput of Segment-based routing against Up*&#47;Down* and
 * TBTP on the 8x8 torus, the 8x8 mesh, the 8x8 mesh with 5% of its links faulty ({@code LinkFaults}) and random
 * irregular fabrics of 16, 32 and 64 switches, with LASH beside them, under uniform traffic and 802.3x flow control.
 * Setup in {@link EthernetSetup}; throughput is the highest accepted load of a sweep averaged over the fabrics
 * ({@link LoadSweep}).
 */
final class SegmentRepro implements Reproduction.Experiment {
    /** {@code weft repro sr}: the paper's experiment, one line. */
    static final String TITLE = "Seed 002 §3.2.3 Figs. 3.9/3.11: Segment-based routing vs Up*/Down*, TBTP and LASH "
            + "throughput (SR 2.2x Up*/Down* on the 8x8 torus)";
    static final List<Claim> CLAIMS = List.of(
            new Claim("S1", "8x8 torus: SR / Up*/Down* throughput", 2.2, "ratio", new Band(1.1, 4)),
            new Claim("S5", "16-switch irregular: SR / Up*/Down* throughput", 1.5, "ratio", new Band(1.0, 3)),
            new Claim("S6", "32-switch irregular: SR / Up*/Down* throughput", 1.84, "ratio", new Band(1.1, 3.5)),
            new Claim("S6.tbtp", "32-switch irregular: SR / TBTP throughput", 2.4, "ratio", new Band(1.1, 4.5)),
            new Claim("S7", "64-switch irregular: SR / Up*/Down* throughput", 2.0, "ratio", new Band(1.1, 4)),
            new Claim("S7.tbtp", "64-switch irregular: SR / TBTP throughput", 3.2, "ratio", new Band(1.1, 6)),
            new Claim("S2", "8x8 mesh: SR / Up*/Down* throughput", 1.2, "ratio", new Band(0.8, 3)),
            new Claim("S3", "8x8 mesh with 5% link faults: SR / Up*/Down* throughput", 2.0, "ratio", new Band(1.0, 4)),
            new Claim("S4", "8x8 torus: SR's accepted load two sweep points past saturation over its peak ('more "
                    + "than halved')", 0.5, "ratio", Tolerance.atMost(0, "thesis Fig. 3.9c: direction, at most half"),
                    new Band(0, 1.05)),
            new Claim("S8.gap", "8x8 torus, pairwise traffic: SR / Up*/Down* over the uniform factor ('smaller "
                    + "gaps')", 1.0, "ratio", Tolerance.atMost(0, "thesis Figs. 3.10, 3.12: direction"),
                    new Band(0, 2)),
            new Claim("S8.sat", "8x8 torus: SR's pairwise over its uniform throughput ('an early saturation')", 1.0,
                    "ratio", Tolerance.atMost(0, "thesis Fig. 3.10: direction"), new Band(0, 2)));
    static final List<Parameter> PARAMETERS = List.of(EthernetSetup.BASELINES,
            new Parameter("torus", "the regular fabric (torus-WxH or mesh-WxH)", "torus-8x8", "torus-8x8"),
            new Parameter("mesh", "the second regular fabric (S2)", "mesh-8x8", "mesh-8x8"),
            new Parameter("faulty", "the regular fabric with random link faults (S3; mesh-WxH-faultsP: P% of the "
                    + "links removed, keeping it connected, seeds S, S+1, ... one per run)", "mesh-8x8-faults5",
                    "mesh-8x8-faults5"),
            new Parameter("runs", "runs averaged on each regular fabric (seeds S, S+1, ...)", "4", "1"),
            new Parameter("sizes", "switches of the irregular fabrics (16, 32, 64 give the claims)", "16,32,64",
                    "16,32,64"),
            new Parameter("fabrics", "random fabrics of each size averaged (seeds S, S+1, ...)", "16", "1"),
            new Parameter("duration-us", "measured simulated time per run, µs (plus a quarter as warm-up)", "5000",
                    "600"),
            new Parameter("loads", "offered loads, fractions of 1 Gbit/s",
                    "0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5,0.6,0.7,0.8,0.9,1", "0.1,0.2,0.3,0.4,0.5,0.7"));
    static final String[] ENGINES = {"updown", "sr", "tbtp", "lash"};
    private static final String[] NAMES = {"Up*/Down*", "SR", "TBTP", "LASH"};
    /** The regular fabric sets before the irregular ones: the torus, the mesh, the faulty mesh. */
    private static final int REGULAR = 3;

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        String torus = o.string("torus");
        String mesh = o.string("mesh");
        String faulty = o.string("faulty");
        for (String name : List.of("torus", "mesh", "faulty")) {
            if (EthernetSetup.irregular(o.string(name))) {
                throw new IllegalArgumentException("--" + name + ": expected a regular fabric (torus-WxH or mesh-WxH), "
                        + "got " + o.string(name));
            }
        }
        int runs = o.integer("runs", 1, 64);
        List<Integer> sizes = o.integers("sizes", 3, 1024);
        int fabrics = o.integer("fabrics", 1, 256);
        double duration = o.number("duration-us", 100, 1e6);
        List<Double> loads = LoadSweep.loads(o);
        List<String> sets = new ArrayList<>();
        sets.add(torus);
        sets.add(mesh);
        sets.add(faulty);
        for (int n : sizes) {
            sets.add("irregular-" + n);
        }
        double[][] tput = new double[sets.size()][ENGINES.length];
        double[][] bound = new double[sets.size()][ENGINES.length];
        // Regular fabrics (torus, mesh) under pairwise traffic: Up*/Down* and SR.
        double[][] pairwise = new double[2][2];
        double pastSaturation = Double.NaN;
        List<Chart.Series> series = new ArrayList<>();
        for (int s = 0; s < sets.size(); s++) {
            String fabric = sets.get(s);
            int count = EthernetSetup.irregular(fabric) ? fabrics : runs;
            String parameter = s < REGULAR ? List.of("torus", "mesh", "faulty").get(s) : "sizes";
            int hosts = EthernetSetup.hosts(parameter, fabric, o.seed());
            for (int e = 0; e < ENGINES.length; e++) {
                EthernetSetup.FabricSet set = EthernetSetup.simulators(parameter, fabric, ENGINES[e], count, o.seed(),
                        FlowControlKind.PFC, duration, 0,
                        EthernetSetup.balancedBaselines(o));
                bound[s][e] = EthernetSetup.mbps(set.bound());
                List<LoadSweep.Point> sweep = LoadSweep.run(set.simulators(), EthernetSetup.uniform(hosts), loads,
                        true);
                tput[s][e] = EthernetSetup.mbps(LoadSweep.peak(sweep));
                if (s == 0 && ENGINES[e].equals("sr")) {
                    pastSaturation = sweep.get(sweep.size() - 1).accepted() / LoadSweep.peak(sweep);
                }
                if (s < 2 && e < 2) {
                    pairwise[s][e] = EthernetSetup.mbps(LoadSweep.peak(LoadSweep.run(set.simulators(),
                            EthernetSetup.pairwise(hosts, o.seed()), loads, true)));
                }
                if (s == 0 || fabric.equals("irregular-32")) {
                    series.add(new Chart.Series(NAMES[e] + ", " + EthernetSetup.label(fabric),
                            LoadSweep.curve(sweep), s > 0));
                }
            }
        }
        List<List<String>> rows = new ArrayList<>();
        String[] paperUd = {"2.2", "1.2", "2.0", "1.5", "1.84", "2.0"};
        String[] paperTbtp = {"-", "-", "-", "UD ≈ TBTP", "2.4", "3.2"};
        for (int s = 0; s < sets.size(); s++) {
            String p = s < REGULAR ? paperUd[s] : paperFor(sizes.get(s - REGULAR), paperUd);
            String q = s < REGULAR ? paperTbtp[s] : paperFor(sizes.get(s - REGULAR), paperTbtp);
            rows.add(EthernetSetup.row(sets.get(s), tput[s], p, ratio(tput[s][1], tput[s][0]), q,
                    ratio(tput[s][1], tput[s][2])));
        }
        ResultTable table = new ResultTable("Saturation throughput per node (Mbit/s, highest accepted load of the "
                + "sweep) and the thesis's factors (§3.2.3); LASH uses its own layers as virtual channels",
                List.of("fabric", "Up*/Down*", "SR", "TBTP", "LASH", "paper SR/UD", "Weft SR/UD", "paper SR/TBTP",
                        "Weft SR/TBTP"), rows);
        List<List<String>> boundRows = new ArrayList<>();
        for (int s = 0; s < sets.size(); s++) {
            boundRows.add(EthernetSetup.row(sets.get(s), bound[s], ratio(bound[s][1], bound[s][0]),
                    ratio(bound[s][1], bound[s][2])));
        }
        ResultTable bounds = new ResultTable("The routes' own limit: the most uniform traffic each routing's paths "
                + "carry before their busiest channel saturates (Mbit/s per node; no simulation), and its SR factors",
                List.of("fabric", "Up*/Down*", "SR", "TBTP", "LASH", "SR/UD", "SR/TBTP"), boundRows);
        List<ClaimResult> claims = new ArrayList<>();
        claims.add(CLAIMS.get(0).measured(tput[0][1] / tput[0][0]));
        int[] want = {16, 32, 32, 64, 64};
        for (int c = 1; c <= want.length; c++) {
            int s = sizes.indexOf(want[c - 1]);
            int i = s + REGULAR;
            double v = s < 0 ? Double.NaN : CLAIMS.get(c).id().endsWith(".tbtp") ? tput[i][1] / tput[i][2]
                    : tput[i][1] / tput[i][0];
            claims.add(CLAIMS.get(c).measured(v));
        }
        claims.add(CLAIMS.get(6).measured(tput[1][1] / tput[1][0]));
        claims.add(CLAIMS.get(7).measured(tput[2][1] / tput[2][0]));
        claims.add(CLAIMS.get(8).measured(pastSaturation));
        claims.add(CLAIMS.get(9).measured(pairwise[0][1] / pairwise[0][0] / (tput[0][1] / tput[0][0])));
        claims.add(CLAIMS.get(10).measured(pairwise[0][1] / tput[0][1]));
        ResultTable pairs = new ResultTable("Pairwise traffic (random pairs, each host sending to its partner; thesis "
                + "Fig. 3.10): saturation throughput per node, Mbit/s, against uniform", List.of("fabric",
                "Up*/Down* pairwise / uniform", "SR pairwise / uniform", "SR/UD pairwise", "SR/UD uniform"), List.of(
                pairRow(torus, pairwise[0], tput[0]), pairRow(mesh, pairwise[1], tput[1])));
        Chart chart = new Chart("Seed 002 Figs. 3.9c/3.11c: throughput on the " + EthernetSetup.label(torus)
                + " (solid) and 32-switch irregular fabrics (dashed), uniform traffic, 802.3x",
                "offered load per node (Mbit/s)", "accepted per node (Mbit/s)", false, series);
        String setup = String.format(Locale.ROOT, "%s, %s and %s (%d runs each; each run's faults drawn with its "
                + "seed, the same for every routing) and irregular fabrics of %s switches (%d each, at most 4 links "
                + "per switch), 1 host per switch, 1 Gbit/s, 1522-byte frames, 802.3x pause, "
                + "uniform periodic traffic (and pairwise on the regular fabrics, Up*/Down* and SR), %.0f µs per run",
                EthernetSetup.label(torus), EthernetSetup.label(mesh), EthernetSetup.label(faulty), runs, sizes,
                fabrics, duration);
        return ReproResult.of(repro, o, setup + EthernetSetup.baselinesNote(o), claims, List.of(table, bounds, pairs),
                chart);
    }

    private static List<String> pairRow(String fabric, double[] pairwise, double[] uniform) {
        return List.of(EthernetSetup.label(fabric), Math.round(pairwise[0]) + " / " + Math.round(uniform[0]),
                Math.round(pairwise[1]) + " / " + Math.round(uniform[1]), ratio(pairwise[1], pairwise[0]),
                ratio(uniform[1], uniform[0]));
    }

    private static String paperFor(int size, String[] byFabric) {
        return switch (size) {
            case 16 -> byFabric[REGULAR];
            case 32 -> byFabric[REGULAR + 1];
            case 64 -> byFabric[REGULAR + 2];
            default -> "-";
        };
    }

    private static String ratio(double a, double b) {
        return String.format(Locale.ROOT, "%.2f", a / b);
    }
}

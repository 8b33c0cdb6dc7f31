package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.io.Chart;
import weft.model.sim.SimConfig.FlowControlKind;

/**
 * Seed 002 §3.2.3 (Figs. 3.9c and 3.11): saturation throughput of Segment-based routing against Up*&#47;Down* and
 * TBTP on the 8x8 torus and on random irregular fabrics of 16, 32 and 64 switches, with LASH beside them, under
 * uniform traffic and 802.3x flow control. Setup in {@link EthernetSetup}; throughput is the highest accepted load
 * of a sweep averaged over the fabrics ({@link LoadSweep}).
 */
final class SegmentRepro extends DeclaredReproduction {
    private static final Tolerance DEFAULT = Tolerance.defaultRelative();
    private static final List<Claim> CLAIMS = List.of(
            new Claim("S1", "8x8 torus: SR / Up*/Down* throughput", 2.2, "ratio", DEFAULT, new Band(1.1, 4)),
            new Claim("S5", "16-switch irregular: SR / Up*/Down* throughput", 1.5, "ratio", DEFAULT,
                    new Band(1.0, 3)),
            new Claim("S6", "32-switch irregular: SR / Up*/Down* throughput", 1.84, "ratio", DEFAULT,
                    new Band(1.1, 3.5)),
            new Claim("S6.tbtp", "32-switch irregular: SR / TBTP throughput", 2.4, "ratio", DEFAULT,
                    new Band(1.1, 4.5)),
            new Claim("S7", "64-switch irregular: SR / Up*/Down* throughput", 2.0, "ratio", DEFAULT,
                    new Band(1.1, 4)),
            new Claim("S7.tbtp", "64-switch irregular: SR / TBTP throughput", 3.2, "ratio", DEFAULT,
                    new Band(1.1, 6)));
    private static final List<Parameter> PARAMETERS = List.of(EthernetSetup.BASELINES,
            new Parameter("torus", "the regular fabric (torus-WxH or mesh-WxH)", "torus-8x8", "torus-8x8"),
            new Parameter("runs", "runs averaged on the regular fabric (seeds S, S+1, ...)", "4", "1"),
            new Parameter("sizes", "switches of the irregular fabrics (16, 32, 64 give the claims)", "16,32,64",
                    "16,32,64"),
            new Parameter("fabrics", "random fabrics of each size averaged (seeds S, S+1, ...)", "16", "1"),
            new Parameter("duration-us", "measured simulated time per run, µs (plus a quarter as warm-up)", "5000",
                    "600"),
            new Parameter("loads", "offered loads, fractions of 1 Gbit/s",
                    "0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5,0.6,0.7,0.8,0.9,1", "0.1,0.2,0.3,0.4,0.5,0.7"));
    static final String[] ENGINES = {"updown", "sr", "tbtp", "lash"};
    private static final String[] NAMES = {"Up*/Down*", "SR", "TBTP", "LASH"};

    SegmentRepro() {
        super("sr", "002", "Seed 002 §3.2.3 Figs. 3.9/3.11: Segment-based routing vs Up*/Down*, TBTP and LASH "
                + "throughput (SR 2.2x Up*/Down* on the 8x8 torus)", CLAIMS, PARAMETERS);
    }

    @Override
    public ReproResult run(ReproOptions o) {
        String torus = o.string("torus");
        if (EthernetSetup.irregular(torus)) {
            throw new IllegalArgumentException("--torus: expected a regular fabric (torus-WxH or mesh-WxH), got "
                    + torus);
        }
        int runs = o.integer("runs", 1, 64);
        List<Integer> sizes = o.integers("sizes", 3, 1024);
        int fabrics = o.integer("fabrics", 1, 256);
        double duration = o.number("duration-us", 100, 1e6);
        List<Double> loads = LoadSweep.loads(o);
        List<String> sets = new ArrayList<>();
        sets.add(torus);
        for (int n : sizes) {
            sets.add("irregular-" + n);
        }
        double[][] tput = new double[sets.size()][ENGINES.length];
        double[][] bound = new double[sets.size()][ENGINES.length];
        List<Chart.Series> series = new ArrayList<>();
        for (int s = 0; s < sets.size(); s++) {
            String fabric = sets.get(s);
            int count = EthernetSetup.irregular(fabric) ? fabrics : runs;
            int hosts = EthernetSetup.hosts("sizes", fabric, o.seed());
            for (int e = 0; e < ENGINES.length; e++) {
                EthernetSetup.FabricSet set = EthernetSetup.simulators("sizes", fabric, ENGINES[e], count, o.seed(),
                        FlowControlKind.PFC, duration, 0,
                        EthernetSetup.balancedBaselines(o));
                bound[s][e] = EthernetSetup.mbps(set.bound());
                List<LoadSweep.Point> sweep = LoadSweep.run(set.simulators(), EthernetSetup.uniform(hosts), loads,
                        true);
                tput[s][e] = EthernetSetup.mbps(LoadSweep.peak(sweep));
                if (s == 0 || fabric.equals("irregular-32")) {
                    series.add(new Chart.Series(NAMES[e] + ", " + EthernetSetup.label(fabric),
                            LoadSweep.curve(sweep), s > 0));
                }
            }
        }
        List<List<String>> rows = new ArrayList<>();
        String[] paperUd = {"2.2", "1.5", "1.84", "2.0"};
        String[] paperTbtp = {"-", "UD ≈ TBTP", "2.4", "3.2"};
        for (int s = 0; s < sets.size(); s++) {
            String p = s == 0 ? paperUd[0] : paperFor(sizes.get(s - 1), paperUd);
            String q = s == 0 ? paperTbtp[0] : paperFor(sizes.get(s - 1), paperTbtp);
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
        for (int c = 1; c < CLAIMS.size(); c++) {
            int s = sizes.indexOf(want[c - 1]);
            double v = s < 0 ? Double.NaN : CLAIMS.get(c).id().endsWith(".tbtp") ? tput[s + 1][1] / tput[s + 1][2]
                    : tput[s + 1][1] / tput[s + 1][0];
            claims.add(CLAIMS.get(c).measured(v));
        }
        Chart chart = new Chart("Seed 002 Figs. 3.9c/3.11c: throughput on the " + EthernetSetup.label(torus)
                + " (solid) and 32-switch irregular fabrics (dashed), uniform traffic, 802.3x",
                "offered load per node (Mbit/s)", "accepted per node (Mbit/s)", false, series);
        String setup = String.format(Locale.ROOT, "%s (%d runs) and irregular fabrics of %s switches (%d each, at "
                + "most 4 links per switch), 1 host per switch, 1 Gbit/s, 1522-byte frames, 802.3x pause, uniform "
                + "periodic traffic, %.0f µs per run", EthernetSetup.label(torus), runs, sizes, fabrics, duration);
        return ReproResult.of(this, o, setup + EthernetSetup.baselinesNote(o), claims, List.of(table, bounds), chart);
    }

    private static String paperFor(int size, String[] byFabric) {
        return switch (size) {
            case 16 -> byFabric[1];
            case 32 -> byFabric[2];
            case 64 -> byFabric[3];
            default -> "-";
        };
    }

    private static String ratio(double a, double b) {
        return String.format(Locale.ROOT, "%.2f", a / b);
    }
}

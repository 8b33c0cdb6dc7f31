package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.sim.SimConfig;
import weft.model.traffic.TrafficPattern;
import weft.model.traffic.TrafficPatterns;

/**
 * Seed 004 §3.2.4 Tables 3.3 and 3.4: the usable capacity of each routing policy under all-to-all traffic, the largest
 * offered load at which the loss stays at or under 0.1% of the packets, with periodic ("uniform") and Poisson
 * ("random") arrivals of random-size frames (Table 3.3 also of maximum-size and alternating ones, a row each), on
 * the lossy data-center fabric of {@link DataCenterFabric}. The two tables are one experiment with two criteria
 * ({@link Criterion}): Table 3.4 holds the average loss over all flows to the threshold, Table 3.3 every flow's (the
 * maximum loss).
 *
 * <p>Method: every server sends to every other at the same rate (the all-to-all partition pattern with one tenant,
 * {@code tenants:H}); with periodic arrivals each server walks the others in turn in an order of its own
 * ({@code :shuffled}), so every flow is periodic; with Poisson arrivals it draws a destination per packet
 * ({@code :random}), so every flow is Poisson (§3.3.1's strict and loose flow control). Decision: not the in-turn
 * walk of one shared list, in which all servers aim at the same destination at once (an incast of H - 1 frames at
 * every step), nor the successor order of {@code alltoall}, in which the destinations of any one step never meet;
 * the thesis does not say how its servers ordered their destinations.
 */
final class AllToAllCapacityRepro implements Reproduction.Experiment {
    /** The traffic of {@link #pattern}, for a setup line. */
    static final String TRAFFIC = "all-to-all (periodic: each server walks the others in an order of its own; "
            + "Poisson: a random destination per frame)";
    /** The claims per arrival process: ECMP, VLB, the least of RR, SRR, SD, TP (columns 2-5), MP. */
    private static final String[] IDS = {"ecmp", "vlb", "pkt", "mp"};
    private static final String[] WHO = {"ECMP", "VLB", "least of RR, SRR, SD, TP", "MP"};
    /**
     * Table 3.3's quick bands: ECMP's, every frame size; the other claims' with random-size frames, and with
     * maximum-size or alternating frames (whose Poisson rows end near 0.8 at the quick size, 27 or 51 frames a flow).
     */
    private static final Band ECMP_QUICK = new Band(0.3, 0.8);
    private static final Band PACKETS_QUICK = new Band(0.8, 1);
    private static final Band SIZED_QUICK = new Band(0.7, 1);

    private final Criterion criterion;

    AllToAllCapacityRepro(Criterion criterion) {
        this.criterion = criterion;
    }

    /**
     * What a run's loss is, with its table in the thesis, and the sizes it is measured at.
     *
     * <ul>
     * <li>{@link #AVERAGE}, Table 3.4, {@code weft repro capacity-a2a}: {@link LossMeter#meanPacketLoss} (lost over
     * sent packets: with flows of equal rate, the mean of the flows' losses), on {@code capacity}'s k = 12 fat tree
     * with 10 ms windows; the mean over 186,192 flows is well estimated in that window.</li>
     * <li>{@link #MAXIMUM}, Table 3.3, {@code weft repro capacity-maxloss}: the worst flow's packet loss ({@link
     * FlowLossMeter}, a flow being a source and destination pair). Decision: the thesis measured 500 ms on the k = 12
     * tree, about 179 random-size frames per flow at full load (62.5 MB at 811 B a frame over 431 flows), far too few
     * for a 10 ms window (1.5 frames) and 50 times the runs of {@code capacity-a2a}. Weft keeps the thesis's frames
     * per flow on the k = 6 tree (54 servers, 53 flows each): a window of 500 ms x 53 / 431 = 61.5 ms. With fewer
     * than 1,000 frames per flow, in the thesis and here, one lost frame fails a load. Table 3.3 also has rows for
     * maximum-size and alternating frames, measured in the same window (the thesis kept its 500 ms for every row):
     * about 94 maximum-size frames per flow.</li>
     * </ul>
     * Quick bands: Table 3.4's, most of the fabric usable by every policy; Table 3.3's, for every frame size, ECMP's
     * hash collisions keep it under every packet-level policy on the 16 servers of the quick size.
     */
    enum Criterion {
        AVERAGE("C13", "Table 3.4", "average loss", "all flows together lose at most %s of their packets",
                "the average loss", UsableCapacity.Options.parameters("largest mean packet loss of a usable load"),
                new Row(DataCenterFabric.Frames.RANDOM, "", new double[][] {{.93, .98, .98, .98, .98, .98, 1},
                    {.92, .96, .96, .96, .96, .96, .97}}, Row.bands(new Band(0.6, 1), new Band(0.6, 1)))),
        MAXIMUM("C12", "Table 3.3", "maximum loss", "no flow (source-destination pair) loses more than %s of its "
                + "packets", "the loss of some flow",
                UsableCapacity.Options.parameters(new DataCenterFabric.Options(6, 32, 1, 61.5),
                        new DataCenterFabric.Options(4, 32, 0.5, 5),
                        "largest packet loss of a flow (source-destination pair) of a usable load"),
                new Row(DataCenterFabric.Frames.RANDOM, "", new double[][] {{.89, .88, .89, .89, .89, .89, .95},
                    {.81, .86, .87, .86, .86, .86, .87}}, Row.bands(ECMP_QUICK, PACKETS_QUICK)),
                new Row(DataCenterFabric.Frames.MAXIMUM, "max.", new double[][] {{.13, .10, .06, .08, .08, .07, .27},
                    {.82, .87, .87, .87, .87, .87, .88}}, Row.bands(ECMP_QUICK, SIZED_QUICK)),
                new Row(DataCenterFabric.Frames.ALTERNATING, "alt.", new double[][] {{.94, .80, .80, .80, .80, .80,
                    .82}, {.75, .77, .78, .78, .78, .77, .77}}, Row.bands(ECMP_QUICK, SIZED_QUICK)));

        private final String claim;
        private final String table;
        private final String name;
        private final String usable;
        private final String exceeds;
        private final List<Parameter> parameters;
        /** The frame sizes measured, each with its rows of the table. */
        private final List<Row> rows;
        private final List<Claim> claims;

        Criterion(String claim, String table, String name, String usable, String exceeds, List<Parameter> parameters,
                  Row... rows) {
            this.claim = claim;
            this.table = table;
            this.name = name;
            this.usable = usable;
            this.exceeds = exceeds;
            this.parameters = parameters;
            this.rows = List.of(rows);
            this.claims = declared();
        }

        /** {@code weft repro NAME}: the paper's experiment, one line. */
        String title() {
            return "Seed 004 §3.2.4 " + table + ": usable capacity under all-to-all traffic (" + name + "), ECMP vs "
                    + "VLB vs the packet-level policies";
        }

        List<Claim> claims() {
            return claims;
        }

        List<Parameter> parameters() {
            return parameters;
        }

        /** Per frame size, arrival process and claim, the paper's figure from the table and the claim's quick band. */
        private List<Claim> declared() {
            List<Claim> out = new ArrayList<>();
            String[] arrivals = {"periodic", "Poisson"};
            for (Row row : rows) {
                for (int a = 0; a < 2; a++) {
                    for (int i = 0; i < IDS.length; i++) {
                        out.add(new Claim(claim + "." + row.id + IDS[i] + (a == 0 ? "" : ".p"), WHO[i] + " usable "
                                + "capacity, all-to-all, " + name + ", " + arrivals[a] + " arrivals"
                                + (rows.size() == 1 ? "" : ", " + row.frames.text()) + " (" + table + ")",
                                measured(row.thesis[a], i), "load", row.quick[i]));
                    }
                }
            }
            return out;
        }

        /** A run's loss under this criterion. */
        double loss(DataCenterFabric fabric, SimConfig config, double load, long seed) {
            TrafficPattern pattern = pattern(fabric.hosts(), config, seed);
            if (this == AVERAGE) {
                return fabric.run(pattern, load, config).meter().meanPacketLoss();
            }
            FlowLossMeter flows = new FlowLossMeter(fabric.hosts(), MeasuredWindow.of(config));
            fabric.run(pattern, load, config, flows);
            return flows.worstPacketLoss();
        }
    }

    /**
     * One frame size of a table: its claims' id infix ({@code ""}, {@code "max."}), the table's rows "Uniform" and
     * "Random" for it in {@link UsableCapacity#COLUMNS} order, and the quick bands of {@link #IDS}'s claims.
     */
    private record Row(DataCenterFabric.Frames frames, String id, double[][] thesis, Band[] quick) {
        /** ECMP's quick band, then one for VLB, the packet-level policies and MP. */
        static Band[] bands(Band ecmp, Band packets) {
            return new Band[] {ecmp, packets, packets, packets};
        }
    }

    /** Claim i's figure of one row of the table: column 0, 1, the least of 2-5, or 6. */
    private static double measured(double[] row, int i) {
        return i == 2 ? UsableCapacity.least(row, 2, 5) : row[i == 3 ? 6 : i];
    }

    /**
     * All-to-all among {@code hosts} servers for the arrivals of {@code config}: with periodic arrivals each server
     * walks the others in an order of its own, with Poisson arrivals it draws a destination per frame.
     */
    static TrafficPattern pattern(int hosts, SimConfig config, long seed) {
        String walk = config.arrivals() == SimConfig.Arrivals.PERIODIC ? ":shuffled" : ":random";
        return TrafficPatterns.parse("tenants:" + hosts + walk, hosts, seed);
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        UsableCapacity.Options options = UsableCapacity.Options.of(o);
        DataCenterFabric fabric = new DataCenterFabric(options.fabric().k());
        int hosts = fabric.hosts();
        long seed = o.seed();
        List<Row> rows = criterion.rows;
        double[][][] capacity = new double[rows.size()][][];
        double[][][] thesis = new double[rows.size()][][];
        String[] labels = new String[rows.size()];
        List<ClaimResult> claims = new ArrayList<>();
        List<ResultTable> tables = new ArrayList<>();
        List<String> frames = new ArrayList<>();
        List<String> perFlow = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            Row row = rows.get(r);
            capacity[r] = UsableCapacity.measure(o, options, row.frames,
                    (config, load) -> criterion.loss(fabric, config, load, seed));
            thesis[r] = row.thesis;
            labels[r] = rows.size() == 1 ? "" : row.frames.name().toLowerCase(Locale.ROOT);
            for (int a = 0; a < 2; a++) {
                for (int i = 0; i < IDS.length; i++) {
                    int at = IDS.length * (2 * r + a) + i;
                    claims.add(criterion.claims.get(at).measured(measured(capacity[r][a], i)));
                }
            }
            tables.add(UsableCapacity.table(criterion.table + " (" + row.frames.text() + "): fraction of capacity "
                    + "usable before " + criterion.exceeds + " exceeds the threshold", capacity[r], row.thesis));
            frames.add(row.frames.text());
            // the window in frames per flow at full load: 1 Gbit/s over the hosts - 1 flows of a server
            double n = options.fabric().windowMs() * 1e6 / 8 / row.frames.meanBytes() / (hosts - 1);
            perFlow.add(String.format(Locale.ROOT, "%.0f %s", n, row.frames.name().toLowerCase(Locale.ROOT)));
        }
        String setup = options.setup(hosts, TRAFFIC, String.join(", ", frames) + (rows.size() == 1 ? ""
                : " (a row each)"), criterion.usable);
        if (criterion == Criterion.MAXIMUM) {
            setup += " (frames per flow at full load: " + String.join(", ", perFlow) + ")";
        }
        return ReproResult.of(repro, o, setup, claims, tables, UsableCapacity.chart("Seed 004 " + criterion.table
                + ": usable capacity, all-to-all, " + criterion.name + ", " + fabric.k + "-port fat tree", labels,
                capacity, thesis));
    }
}

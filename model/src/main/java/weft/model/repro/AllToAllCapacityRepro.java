package weft.model.repro;

import java.util.ArrayList;
import java.util.List;

import weft.model.sim.SimConfig;
import weft.model.traffic.TrafficPattern;
import weft.model.traffic.TrafficPatterns;

/**
 * Seed 004 §3.2.4 Table 3.4: the usable capacity of each routing policy under all-to-all traffic, the largest offered
 * load at which the average loss over all flows stays at or under 0.1% of their packets, with periodic ("uniform")
 * and Poisson ("random") arrivals of random-size frames, on the lossy data-center fabric of {@link DataCenterFabric}.
 *
 * <p>Method: every server sends to every other at the same rate (the all-to-all partition pattern with one tenant,
 * {@code tenants:H}); with periodic arrivals each server walks the others in turn in an order of its own
 * ({@code :shuffled}), so every flow is periodic; with Poisson arrivals it draws a destination per packet
 * ({@code :random}), so every flow is Poisson (§3.3.1's strict and loose flow control). Decision: not the in-turn
 * walk of one shared list, in which all servers aim at the same destination at once (an incast of H - 1 frames at
 * every step), nor the successor order of {@code alltoall}, in which the destinations of any one step never meet;
 * the thesis does not say how its servers ordered their destinations. The loss of a run is {@link
 * LossMeter#meanPacketLoss} (lost over sent packets: with flows of equal rate, the mean of the flows' losses).
 * Table 3.3's criterion (the worst flow) is not reproduced: at 10 ms a flow sends one or two frames.
 */
final class AllToAllCapacityRepro implements Reproduction.Experiment {
    /** {@code weft repro capacity-a2a}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.2.4 Table 3.4: usable capacity under all-to-all traffic (average loss), "
            + "ECMP vs VLB vs the packet-level policies";
    /** Table 3.4, rows "Uniform: random" and "Random: random", in {@link UsableCapacity#COLUMNS} order. */
    private static final double[][] THESIS = {{.93, .98, .98, .98, .98, .98, 1}, {.92, .96, .96, .96, .96, .96, .97}};
    /** The claims per arrival process: ECMP, VLB, the least of RR, SRR, SD, TP (columns 2-5), MP. */
    private static final String[] IDS = {"ecmp", "vlb", "pkt", "mp"};
    private static final String[] WHO = {"ECMP", "VLB", "least of RR, SRR, SD, TP", "MP"};
    static final List<Claim> CLAIMS = declared();
    static final List<Parameter> PARAMETERS = UsableCapacity.Options.parameters(
            "largest mean packet loss of a usable load");

    /** Per arrival process and claim, the paper's figure from Table 3.4; quick band: most of the fabric usable. */
    private static List<Claim> declared() {
        List<Claim> out = new ArrayList<>();
        String[] arrivals = {"periodic", "Poisson"};
        for (int a = 0; a < 2; a++) {
            for (int i = 0; i < IDS.length; i++) {
                out.add(new Claim("C13." + IDS[i] + (a == 0 ? "" : ".p"), WHO[i] + " usable capacity, all-to-all, "
                        + "average loss, " + arrivals[a] + " arrivals (Table 3.4)", measured(THESIS[a], i), "load",
                        new Band(0.6, 1)));
            }
        }
        return out;
    }

    /** Claim i's figure of one row of the table: column 0, 1, the least of 2-5, or 6. */
    private static double measured(double[] row, int i) {
        return i == 2 ? UsableCapacity.least(row, 2, 5) : row[i == 3 ? 6 : i];
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        UsableCapacity.Options options = UsableCapacity.Options.of(o);
        DataCenterFabric fabric = new DataCenterFabric(options.fabric().k());
        int hosts = fabric.hosts();
        long seed = o.seed();
        double[][] capacity = UsableCapacity.measure(o, options, DataCenterFabric.Frames.RANDOM, (config, load) -> {
            String walk = config.arrivals() == SimConfig.Arrivals.PERIODIC ? ":shuffled" : ":random";
            TrafficPattern pattern = TrafficPatterns.parse("tenants:" + hosts + walk, hosts, seed);
            return fabric.run(pattern, load, config).meter().meanPacketLoss();
        });
        List<ClaimResult> claims = new ArrayList<>();
        for (int a = 0; a < 2; a++) {
            for (int i = 0; i < IDS.length; i++) {
                claims.add(CLAIMS.get(IDS.length * a + i).measured(measured(capacity[a], i)));
            }
        }
        String setup = options.setup(hosts, "all-to-all (periodic: each server walks the others in an order of its "
                + "own; Poisson: a random destination per frame)", "all flows together lose at most %s of their "
                + "packets");
        return ReproResult.of(repro, o, setup, claims, List.of(UsableCapacity.table("Table 3.4 (random-size frames): "
                + "fraction of capacity usable before the average loss exceeds the threshold", capacity, THESIS)),
                UsableCapacity.chart("Seed 004 Table 3.4: usable capacity, all-to-all, " + fabric.k
                        + "-port fat tree", capacity, THESIS));
    }
}

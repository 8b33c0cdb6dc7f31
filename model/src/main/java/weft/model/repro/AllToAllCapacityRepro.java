package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
final class AllToAllCapacityRepro extends DeclaredReproduction {
    /** Table 3.4, rows "Uniform: random" and "Random: random". */
    private static final double[][] THESIS = {{.93, .98, .98, .98, .98, .98, 1}, {.92, .96, .96, .96, .96, .96, .97}};
    private static final Band QUICK = new Band(0.6, 1);
    private static final List<Claim> CLAIMS = List.of(
            new Claim("C13.ecmp", "ECMP usable capacity, all-to-all, mean loss, periodic arrivals (Table 3.4 uniform / "
                    + "random)", 0.93, "load", Tolerance.defaultRelative(), QUICK),
            new Claim("C13.vlb", "VLB, all-to-all, mean loss, periodic arrivals", 0.98, "load",
                    Tolerance.defaultRelative(), QUICK),
            new Claim("C13.pkt", "least of RR, SRR, SD, TP, all-to-all, mean loss, periodic arrivals", 0.98, "load",
                    Tolerance.defaultRelative(), QUICK),
            new Claim("C13.mp", "MP, all-to-all, mean loss, periodic arrivals", 1.0, "load",
                    Tolerance.defaultRelative(), QUICK),
            new Claim("C13.ecmp.p", "ECMP, all-to-all, mean loss, Poisson arrivals (Table 3.4 random / random)", 0.92,
                    "load", Tolerance.defaultRelative(), QUICK),
            new Claim("C13.vlb.p", "VLB, all-to-all, mean loss, Poisson arrivals", 0.96, "load",
                    Tolerance.defaultRelative(), QUICK),
            new Claim("C13.pkt.p", "least of RR, SRR, SD, TP, all-to-all, mean loss, Poisson arrivals", 0.96, "load",
                    Tolerance.defaultRelative(), QUICK),
            new Claim("C13.mp.p", "MP, all-to-all, mean loss, Poisson arrivals", 0.97, "load",
                    Tolerance.defaultRelative(), QUICK));
    private static final List<Parameter> PARAMETERS = new DataCenterFabric.Options(12, 32, 1, 10).parameters(
            new DataCenterFabric.Options(4, 32, 0.5, 5),
            new Parameter("loss", "largest mean packet loss of a usable load", "0.001", "0.001"),
            new Parameter("resolution", "bisection stops at this load step", "0.02", "0.05"));

    AllToAllCapacityRepro() {
        super("capacity-a2a", "004", "Seed 004 §3.2.4 Table 3.4: usable capacity under all-to-all traffic (average "
                + "loss), ECMP vs VLB vs the packet-level policies", CLAIMS, PARAMETERS);
    }

    @Override
    public ReproResult run(ReproOptions o) {
        DataCenterFabric.Options options = DataCenterFabric.Options.of(o);
        double threshold = o.number("loss", 0, 0.5);
        double resolution = o.number("resolution", 0.001, 0.5);
        DataCenterFabric fabric = new DataCenterFabric(options.k());
        int hosts = fabric.hosts();
        long seed = o.seed();
        double[][] capacity = UsableCapacity.measure(o, options, (config, load) -> {
            String walk = config.arrivals() == SimConfig.Arrivals.PERIODIC ? ":shuffled" : ":random";
            TrafficPattern pattern = TrafficPatterns.parse("tenants:" + hosts + walk, hosts, seed);
            return fabric.run(pattern, load, config).meter().meanPacketLoss();
        }, threshold, resolution);
        List<ClaimResult> claims = new ArrayList<>();
        for (int a = 0; a < 2; a++) {
            claims.add(CLAIMS.get(4 * a).measured(capacity[a][0]));
            claims.add(CLAIMS.get(4 * a + 1).measured(capacity[a][1]));
            claims.add(CLAIMS.get(4 * a + 2).measured(UsableCapacity.least(capacity[a], 2, 5)));
            claims.add(CLAIMS.get(4 * a + 3).measured(capacity[a][6]));
        }
        String setup = String.format(Locale.ROOT, "%d-port 3-level fat tree (%d servers), 1 Gbit/s, drop-tail %d KB "
                + "output queues, all-to-all (periodic: each server walks the others in an order of its own; Poisson: "
                + "a random destination per frame), random-size frames 84-1538 B; usable: all flows together lose at "
                + "most %s of their packets; bisection to %s; %s ms after %s ms per run", options.k(), hosts,
                options.queueKb(), ResultTable.trimmed(threshold, 3), ResultTable.trimmed(resolution, 3),
                ResultTable.trimmed(options.windowMs(), 3), ResultTable.trimmed(options.warmupMs(), 3));
        return ReproResult.of(this, o, setup, claims, List.of(UsableCapacity.table("Table 3.4 (random-size frames): "
                + "fraction of capacity usable before the average loss exceeds the threshold", capacity, THESIS)),
                UsableCapacity.chart("Seed 004 Table 3.4: usable capacity, all-to-all, " + options.k()
                        + "-port fat tree", capacity, THESIS));
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import weft.model.routing.EcmpMonteCarlo;

/**
 * Seed 004 §3.2.4 Table 3.2: the usable capacity of each routing policy under a permutation, the largest offered load
 * at which no flow loses more than 0.1% of its packets, with periodic ("uniform") and Poisson ("random") arrivals of
 * random-size frames, on the lossy data-center fabric of {@link DataCenterFabric}.
 *
 * <p>Method: one inter-pod permutation (as {@link EcmpRepro}), each policy and arrival process bisected by {@link
 * UsableCapacity}. A flow's loss is the fraction of its packets lost ({@link LossMeter#worstPacketLoss}: §3.2.4's
 * threshold is "0.1% of its packets").
 */
final class CapacityRepro implements Reproduction.Experiment {
    /** {@code weft repro capacity}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.2.4 Table 3.2: usable capacity under a permutation, ECMP vs VLB vs the "
            + "periodic packet-level policies";
    /** Table 3.2, rows "Uniform: random" and "Random: random". */
    private static final double[][] THESIS = {{.18, .95, 1, 1, 1, 1, 1}, {.17, .95, 1, 1, 1, 1, 1}};
    static final List<Claim> CLAIMS = List.of(
            new Claim("C11.ecmp", "ECMP usable capacity, periodic arrivals (Table 3.2 uniform / random)", 0.18,
                    "load", new Band(0.02, 0.6)),
            new Claim("C11.vlb", "VLB usable capacity, periodic arrivals", 0.95, "load", new Band(0.5, 1)),
            new Claim("C11.pkt", "least usable capacity of RR, SRR, SD, TP, MP, periodic arrivals", 1.0, "load",
                    new Band(0.5, 1)),
            new Claim("C11.ecmp.p", "ECMP usable capacity, Poisson arrivals (Table 3.2 random / random)", 0.17,
                    "load", new Band(0.02, 0.6)),
            new Claim("C11.vlb.p", "VLB usable capacity, Poisson arrivals", 0.95, "load", new Band(0.4, 1)),
            new Claim("C11.pkt.p", "least usable capacity of RR, SRR, SD, TP, MP, Poisson arrivals", 1.0, "load",
                    new Band(0.4, 1)));
    static final List<Parameter> PARAMETERS = UsableCapacity.Options.parameters(
            "largest per-flow packet loss of a usable load");

    /**
     * Table 3.2's measurement with these frames: one inter-pod permutation drawn from the options' seed, every
     * policy and arrival process bisected on the worst flow's packet loss ({@link UsableCapacity#measure}'s order).
     */
    static double[][] permutation(ReproOptions o, UsableCapacity.Options options, DataCenterFabric fabric,
                                  DataCenterFabric.Frames frames) {
        int[] dst = EcmpMonteCarlo.destinations(fabric.topology, EcmpMonteCarlo.Pattern.INTER_POD,
                new SplittableRandom(o.seed()));
        return UsableCapacity.measure(o, options, frames,
                (config, load) -> fabric.permutation(dst, load, config).meter().worstPacketLoss());
    }

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        UsableCapacity.Options options = UsableCapacity.Options.of(o);
        DataCenterFabric fabric = new DataCenterFabric(options.fabric().k());
        double[][] capacity = permutation(o, options, fabric, DataCenterFabric.Frames.RANDOM);
        List<ClaimResult> claims = new ArrayList<>();
        for (int a = 0; a < 2; a++) {
            claims.add(CLAIMS.get(3 * a).measured(capacity[a][0]));
            claims.add(CLAIMS.get(3 * a + 1).measured(capacity[a][1]));
            claims.add(CLAIMS.get(3 * a + 2).measured(UsableCapacity.least(capacity[a], 2, 6)));
        }
        String setup = options.setup(fabric.hosts(), "one inter-pod permutation",
                "no flow loses more than %s of its packets");
        return ReproResult.of(repro, o, setup, claims, List.of(UsableCapacity.table("Table 3.2 (random-size frames): "
                + "fraction of capacity usable before some flow loses more than the threshold", capacity, THESIS)),
                UsableCapacity.chart("Seed 004 Table 3.2: usable capacity, permutation, " + fabric.k
                        + "-port fat tree", capacity, THESIS));
    }
}

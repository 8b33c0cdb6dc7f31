package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import weft.model.host.path.PathPolicy;

/**
 * Seed 004 §3.2.2 Fig. 3.8 (and Table 3.2's "alt" rows): servers alternating between maximum and minimum frames under
 * a permutation. Round robin puts every large frame of a server on every other path ("every other path receives only
 * large packets"), sorted deficit balances the bytes.
 *
 * <p>Method: (1) each server's path policy (the agent's, {@link PathPolicy}) is given the frames it sends in one
 * window at full load, 1538, 84, 1538, ... B, and the bytes it puts on each of the p paths are counted: the split is
 * the heaviest path's bytes over the lightest's (least over servers for RR, largest for SD, so the claim is read at
 * the server least favourable to it). (2) The usable capacity of every policy with those frames on the fabric, as
 * {@link CapacityRepro} does with random sizes: the largest load at which no flow loses more than 0.1% of its packets.
 */
final class AlternatingRepro implements Reproduction.Experiment {
    /** {@code weft repro alternating}: the paper's experiment, one line. */
    static final String TITLE = "Seed 004 §3.2.2 Fig. 3.8: frames alternating between maximum and minimum size, round "
            + "robin vs sorted deficit (Table 3.2 'alt')";
    /** Table 3.2, rows "Uniform: alt" and "Random: alt". */
    private static final double[][] THESIS = {{.19, .90, .96, 1, 1, 1, 1}, {.17, .89, .95, 1, 1, 1, 1}};
    private static final int RR = 2;
    private static final int SD = 4;
    /** "Every other path receives only large packets": the others only small ones. */
    private static final double RR_SPLIT = (double) DataCenterFabric.MAX_FRAME / DataCenterFabric.MIN_FRAME;
    static final List<Claim> CLAIMS = List.of(
            new Claim("C9.split.rr", "RR: a server's bytes on its heaviest path / its lightest ('every other path "
                    + "receives only large packets': 1538 B / 84 B), least over servers", RR_SPLIT, "ratio",
                    new Band(10, 25)),
            new Claim("C9.split.sd", "SD: a server's bytes on its heaviest path / its lightest ('balances bytes'), "
                    + "largest over servers", 1, "ratio", new Band(0.9, 1.3)),
            new Claim("C9.rr", "RR usable capacity, alternating frames, periodic arrivals (Table 3.2 uniform / alt)",
                    THESIS[0][RR], "load", new Band(0.3, 1)),
            new Claim("C9.sd", "SD usable capacity, alternating frames, periodic arrivals", THESIS[0][SD], "load",
                    new Band(0.8, 1)),
            new Claim("C9.rr.p", "RR usable capacity, alternating frames, Poisson arrivals (Table 3.2 random / alt)",
                    THESIS[1][RR], "load", new Band(0.3, 1)),
            new Claim("C9.sd.p", "SD usable capacity, alternating frames, Poisson arrivals", THESIS[1][SD], "load",
                    new Band(0.6, 1)));
    static final List<Parameter> PARAMETERS = CapacityRepro.PARAMETERS;

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        UsableCapacity.Options options = UsableCapacity.Options.of(o);
        DataCenterFabric fabric = new DataCenterFabric(options.fabric().k());
        int paths = fabric.k * fabric.k / 4;
        int frames = (int) Math.round(options.fabric().windowMs() * 1e-3 * DataCenterFabric.GBPS * 1e9 / 8
                / DataCenterFabric.MEDIUM_FRAME);
        double[][] rr = split("rr", fabric.hosts(), paths, frames, o.seed());
        double[][] sd = split("sd", fabric.hosts(), paths, frames, o.seed());
        double[][] capacity = CapacityRepro.permutation(o, options, fabric, DataCenterFabric.Frames.ALTERNATING);
        List<ClaimResult> claims = List.of(CLAIMS.get(0).measured(rr[0][0]), CLAIMS.get(1).measured(sd[0][1]),
                CLAIMS.get(2).measured(capacity[0][RR]), CLAIMS.get(3).measured(capacity[0][SD]),
                CLAIMS.get(4).measured(capacity[1][RR]), CLAIMS.get(5).measured(capacity[1][SD]));
        String setup = options.setup(fabric.hosts(), "one inter-pod permutation", DataCenterFabric.Frames.ALTERNATING,
                "no flow loses more than %s of its packets") + String.format(Locale.ROOT, "; path split: %d paths, "
                + "%d frames per server", paths, frames);
        return ReproResult.of(repro, o, setup, claims, List.of(
                UsableCapacity.table("Table 3.2 (alternating 1538 / 84 B frames): fraction of capacity usable before "
                        + "some flow loses more than the threshold", capacity, THESIS),
                splitTable(paths, frames, rr, sd)),
                UsableCapacity.chart("Seed 004 Fig. 3.8 / Table 3.2 'alt': usable capacity, permutation, " + fabric.k
                        + "-port fat tree", capacity, THESIS));
    }

    /**
     * Each of {@code hosts} servers' policy given {@code frames} alternating frames to one destination over {@code
     * paths} paths: {@code [0]} the least and largest over servers of heaviest / lightest path bytes, {@code [1]} the
     * bytes of server 0's paths.
     */
    static double[][] split(String policy, int hosts, int paths, int frames, long seed) {
        double least = Double.POSITIVE_INFINITY;
        double largest = 0;
        double[] first = null;
        for (int h = 0; h < hosts; h++) {
            PathPolicy p = PathPolicy.create(policy, 1, paths, h, new SplittableRandom(seed * 31 + h));
            double[] bytes = new double[paths];
            for (int f = 0; f < frames; f++) {
                int size = f % 2 == 0 ? DataCenterFabric.MAX_FRAME : DataCenterFabric.MIN_FRAME;
                bytes[p.choose(0, paths, size)] += size;
            }
            double max = 0;
            double min = Double.POSITIVE_INFINITY;
            for (double b : bytes) {
                max = Math.max(max, b);
                min = Math.min(min, b);
            }
            double ratio = max / min;
            least = Math.min(least, ratio);
            largest = Math.max(largest, ratio);
            if (h == 0) {
                first = bytes;
            }
        }
        return new double[][] {{least, largest}, first};
    }

    private static ResultTable splitTable(int paths, int frames, double[][] rr, double[][] sd) {
        List<List<String>> rows = new ArrayList<>();
        String[] names = {"RR", "SD"};
        double[][][] splits = {rr, sd};
        for (int i = 0; i < names.length; i++) {
            double[] bytes = splits[i][1];
            double min = Double.POSITIVE_INFINITY;
            double max = 0;
            for (double b : bytes) {
                min = Math.min(min, b);
                max = Math.max(max, b);
            }
            rows.add(List.of(names[i], String.format(Locale.ROOT, "%.0f", min), String.format(Locale.ROOT, "%.0f",
                    max), String.format(Locale.ROOT, "%.3f", splits[i][0][0]),
                    String.format(Locale.ROOT, "%.3f", splits[i][0][1])));
        }
        return new ResultTable(String.format(Locale.ROOT, "Bytes per path of one server's %d alternating frames over "
                + "%d paths (thesis: RR puts only large frames on every other path, SD balances bytes)", frames, paths),
                List.of("policy", "server 0: lightest path, B", "server 0: heaviest path, B",
                        "heaviest / lightest, least over servers", "heaviest / lightest, largest over servers"), rows);
    }
}

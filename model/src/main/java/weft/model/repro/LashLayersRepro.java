package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.io.Chart;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.RandomIrregular;

/**
 * Seed 002 §3.3.1 (Fig. 3.13): the layers LASH needs to give every pair of switches a shortest path, on random
 * irregular fabrics of 16, 32, 64 and 128 switches over a range of connectivities (the most switch links per switch).
 * The thesis: at most 3, 3, 5 and 6 layers, and over a hundred random topologies the most and the least demanding
 * never more than one layer apart. Weft's LASH with its defaults (first-fit in its pair order, balancing on) and no
 * layer budget, so no pair falls back to Up*&#47;Down*.
 */
final class LashLayersRepro implements Reproduction.Experiment {
    /** {@code weft repro lash-layers}: the paper's experiment, one line. */
    static final String TITLE = "Seed 002 §3.3.1 Fig. 3.13: layers LASH needs on random irregular fabrics (at most 3, "
            + "3, 5, 6 for 16-128 switches)";
    private static final int MAX_LAYERS = 64;
    private static final int[] SIZES = {16, 32, 64, 128};
    private static final int[] PAPER = {3, 3, 5, 6};
    private static final Tolerance COUNT = Tolerance.absolute(1, "integer layer counts; the thesis's own spread over "
            + "100 topologies is one layer");
    static final List<Claim> CLAIMS = List.of(
            new Claim("L1.16", "16 switches: most layers LASH needs, over connectivities and topologies", 3,
                    "layers", COUNT, new Band(1, 4)),
            new Claim("L1.32", "32 switches: most layers LASH needs", 3, "layers", COUNT, new Band(1, 4)),
            new Claim("L1.64", "64 switches: most layers LASH needs", 5, "layers", COUNT, new Band(2, 6)),
            new Claim("L1.128", "128 switches: most layers LASH needs", 6, "layers", COUNT, new Band(2, 7)),
            new Claim("L1.spread", "most minus least demanding topology, largest over sizes and connectivities", 1,
                    "layers", Tolerance.atMost(0, "thesis: 'never more than one layer'"), new Band(0, 2)));
    static final List<Parameter> PARAMETERS = List.of(
            new Parameter("degrees", "connectivities: the most switch links per switch (the thesis: 'any')",
                    "3,4,5,6,8", "3,4,6"),
            new Parameter("topologies", "random topologies per size and connectivity (seeds S, S+1, ...)", "100",
                    "3"));

    @Override
    public ReproResult run(Reproduction repro, ReproOptions o) {
        List<Integer> degrees = o.integers("degrees", 2, 16);
        int topologies = o.integer("topologies", 1, 10_000);
        RoutingOptions options = RoutingOptions.defaults().withMaxLayers(MAX_LAYERS).withFallback(false);
        List<List<String>> rows = new ArrayList<>();
        List<Chart.Series> series = new ArrayList<>();
        List<ClaimResult> claims = new ArrayList<>();
        int spread = 0;
        for (int s = 0; s < SIZES.length; s++) {
            int most = 0;
            List<double[]> curve = new ArrayList<>();
            for (int degree : degrees) {
                int high = 0;
                int low = Integer.MAX_VALUE;
                double sum = 0;
                for (int t = 0; t < topologies; t++) {
                    int layers = RoutingEngines.byName("lash").compute(RandomIrregular.generate(SIZES[s], degree,
                            o.seed() + t, GeneratorOptions.defaults()), options).layers();
                    high = Math.max(high, layers);
                    low = Math.min(low, layers);
                    sum += layers;
                }
                most = Math.max(most, high);
                spread = Math.max(spread, high - low);
                curve.add(new double[] {degree, high});
                rows.add(List.of(Integer.toString(SIZES[s]), Integer.toString(degree), Integer.toString(low),
                        ResultTable.fixed(sum / topologies, 2), Integer.toString(high),
                        Integer.toString(PAPER[s])));
            }
            claims.add(CLAIMS.get(s).measured(most));
            series.add(new Chart.Series(SIZES[s] + " switches", curve));
        }
        claims.add(CLAIMS.get(SIZES.length).measured(spread));
        ResultTable table = new ResultTable("Layers LASH needs per size and connectivity over the random topologies "
                + "(least, mean, most) and the thesis's maximum for the size (Fig. 3.13)", List.of("switches",
                "max switch links", "least", "mean", "most", "paper: at most"), rows);
        Chart chart = new Chart("Seed 002 Fig. 3.13: layers LASH needs (most over the topologies)",
                "most switch links per switch", "layers", false, series);
        String setup = String.format(Locale.ROOT, "random irregular fabrics of 16, 32, 64, 128 switches, at "
                + "most %s switch links per switch, %d topologies each; LASH with balancing, no layer budget",
                degrees, topologies);
        return ReproResult.of(repro, o, setup, claims, List.of(table), chart);
    }
}

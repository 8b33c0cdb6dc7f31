package weft.model.repro;

import java.util.ArrayList;
import java.util.List;

import weft.model.io.Chart;

/**
 * What one run of a reproduction measured: Weft's figure for every declared claim, the tables to print beside them,
 * the chart to draw, and the run's actual setup.
 *
 * @param name   the reproduction
 * @param seed   its seed paper
 * @param title  its one-line title
 * @param setup  the size and assumptions of this run, one line (e.g. {@code "8-ary 2-tree, 64 hosts, 5 runs"})
 * @param quick  run at the quick size
 * @param randomSeed seed of the run's random draws
 * @param claims one result per declared claim, in declaration order
 * @param tables further tables (paper next to Weft)
 * @param chart  the figure, or null to draw the claims
 */
public record ReproResult(String name, String seed, String title, String setup, boolean quick, long randomSeed,
                          List<ClaimResult> claims, List<ResultTable> tables, Chart chart) {
    public ReproResult {
        claims = List.copyOf(claims);
        tables = List.copyOf(tables);
    }

    /**
     * The result of {@code repro} run with {@code options}, checking that {@code claims} answer its declared claims
     * one for one and in order.
     *
     * @throws IllegalStateException when a declared claim is missing, extra or out of order (a defect of the
     *                               reproduction)
     */
    public static ReproResult of(Reproduction repro, ReproOptions options, String setup, List<ClaimResult> claims,
                                 List<ResultTable> tables, Chart chart) {
        List<Claim> declared = repro.claims();
        if (declared.size() != claims.size()) {
            throw new IllegalStateException(repro.name() + ": " + claims.size() + " claim results for "
                    + declared.size() + " declared claims");
        }
        for (int i = 0; i < declared.size(); i++) {
            if (!declared.get(i).equals(claims.get(i).claim())) {
                throw new IllegalStateException(repro.name() + ": claim result " + i + " is "
                        + claims.get(i).claim().id() + ", declared " + declared.get(i).id());
            }
        }
        return new ReproResult(repro.name(), repro.seed(), repro.title(), setup, options.quick(), options.seed(),
                claims, tables, chart);
    }

    /**
     * The chart to draw: the reproduction's figure, or else every claim's paper figure (dashed) and Weft's against
     * the claim's number.
     */
    public Chart chartOrClaims() {
        if (chart != null) {
            return chart;
        }
        List<double[]> paper = new ArrayList<>();
        List<double[]> weft = new ArrayList<>();
        for (int i = 0; i < claims.size(); i++) {
            paper.add(new double[] {i + 1, claims.get(i).claim().paper()});
            weft.add(new double[] {i + 1, claims.get(i).weft()});
        }
        return new Chart(name + " (seed " + seed + "): claims, paper and Weft", "claim (in the order of the table)",
                "figure in the claim's unit", false, List.of(new Chart.Series("paper", paper, true),
                new Chart.Series("Weft", weft)));
    }

    /** Claims whose Weft figure agrees with the paper's. */
    public long holding() {
        return claims.stream().filter(ClaimResult::holds).count();
    }
}

package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import weft.model.io.Chart;

/**
 * The figures of several schemes (NC, AR, SAA+AR, ...) at each point of a sweep (permutations {@code p},
 * {@code max_flows}, {@code frag_coeff}) of a tree experiment, laid out once for all of them: one table row per point
 * (the point, each scheme's mean, then the experiment's own cells) and one chart curve per scheme, calculated schemes
 * dashed (seed 000 §6.1: rate control's calculated figures against simulated ones).
 */
final class SchemeSweep {
    private final String axis;
    private final List<String> schemes;
    private final Set<String> calculated;
    private final boolean againstFirst;
    private final String format;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<List<double[]>> curves = new ArrayList<>();

    /**
     * @param axis         the sweep's column header, e.g. {@code "p"}
     * @param schemes      the schemes in column order, the baseline (NC) first
     * @param calculated   the schemes whose figures are calculated rather than simulated (drawn dashed)
     * @param againstFirst draw each scheme's figure divided by the baseline's, rather than the figure itself
     * @param decimals     decimals of the figures in the table
     */
    SchemeSweep(String axis, List<String> schemes, Set<String> calculated, boolean againstFirst, int decimals) {
        this.axis = axis;
        this.schemes = List.copyOf(schemes);
        this.calculated = Set.copyOf(calculated);
        this.againstFirst = againstFirst;
        this.format = "%." + decimals + "f";
        for (int s = 0; s < schemes.size(); s++) {
            curves.add(new ArrayList<>());
        }
    }

    /** One point of the sweep: each scheme's figure (in scheme order), then the row's further cells. */
    void point(int x, double[] figures, String... cells) {
        List<String> row = new ArrayList<>(List.of(Integer.toString(x)));
        for (int s = 0; s < schemes.size(); s++) {
            curves.get(s).add(new double[] {x, againstFirst ? figures[s] / figures[0] : figures[s]});
            row.add(String.format(Locale.ROOT, format, figures[s]));
        }
        row.addAll(List.of(cells));
        rows.add(row);
    }

    /** The table of every point, with headers for the further cells. */
    ResultTable table(String title, String... columns) {
        List<String> header = new ArrayList<>(List.of(axis));
        header.addAll(schemes);
        header.addAll(List.of(columns));
        return new ResultTable(title, header, rows);
    }

    /** The chart: one curve per scheme over the sweep. */
    Chart chart(String title, String xLabel, String yLabel) {
        List<Chart.Series> series = new ArrayList<>();
        for (int s = 0; s < schemes.size(); s++) {
            series.add(new Chart.Series(schemes.get(s), curves.get(s), calculated.contains(schemes.get(s))));
        }
        return new Chart(title, xLabel, yLabel, false, series);
    }

    /** Each sum over {@code runs} runs divided by {@code runs}. */
    static double[] mean(double[] sums, int runs) {
        double[] mean = new double[sums.length];
        for (int s = 0; s < sums.length; s++) {
            mean[s] = sums[s] / runs;
        }
        return mean;
    }

    /** A figure to three decimals, e.g. a completion time in flow times. */
    static String fixed(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** A signed percentage, e.g. {@code "+49.1%"}. */
    static String percent(double v) {
        return String.format(Locale.ROOT, "%+.1f%%", v);
    }
}

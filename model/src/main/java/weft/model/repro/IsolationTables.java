package weft.model.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The tables of {@link IsolationRepro}: Figs. 3.11, 3.12 and 3.13 as usable capacity per corner, with the thesis. */
final class IsolationTables {
    private IsolationTables() {
    }

    /**
     * The three tables.
     *
     * @param threshold usable capacity by corner at K = {@code queue}, thresholds 10^-3 and 10^-4, all-to-all
     * @param model     the same from App. B's M/M/1/K fat tree ({@code [0]}) and logical tree ({@code [1]})
     * @param buffer    by corner and buffer of the grid, at 10^-3, all-to-all
     * @param tenant    by m (p, then 2) and corner, at K = {@code queue} and 10^-3
     */
    static List<ResultTable> of(int queue, int n, int p, List<Integer> buffers, double load, double[][] threshold,
                                double[][] model, double[][] buffer, double[][] tenant) {
        List<List<String>> fig11 = new ArrayList<>();
        List<List<String>> fig12 = new ArrayList<>();
        List<List<String>> fig13 = new ArrayList<>();
        for (Corner c : Corner.values()) {
            int i = c.ordinal();
            fig11.add(List.of(c.label, cell(threshold[i][0]), cell(threshold[i][1])));
            List<String> row = new ArrayList<>(List.of(c.label));
            for (double v : buffer[i]) {
                row.add(cell(v));
            }
            double needed = IsolationRepro.needed(buffer[i], buffers, load);
            row.add(Double.isNaN(needed) ? "> " + buffers.get(buffers.size() - 1) : ResultTable.trimmed(needed, 0));
            fig12.add(row);
            fig13.add(List.of(c.label, cell(tenant[1][i]), cell(tenant[0][i]), cell(threshold[i][0])));
        }
        fig11.add(List.of("M/M/1/K fat tree (App. B)", cell(model[0][0]), cell(model[0][1])));
        fig11.add(List.of("M/M/1/K logical tree (App. B)", cell(model[1][0]), cell(model[1][1])));
        fig11.add(List.of("thesis", ">= 0.85 (every corner; above the models)", ">= 0.85"));
        List<String> thesis12 = new ArrayList<>(List.of("thesis"));
        for (int b : buffers) {
            thesis12.add(b == 100 ? "loose FC: >= 0.90" : "-");
        }
        thesis12.add("strict FC: well under 100, except VLB");
        fig12.add(thesis12);
        fig13.add(List.of("thesis", "load balancing dominates", "loose FC: routing drowned out; strict FC: MP "
                + "optimal, VLB poor", "-"));
        List<String> columns12 = new ArrayList<>(List.of("corner"));
        for (int b : buffers) {
            columns12.add("K = " + b);
        }
        columns12.add(String.format(Locale.ROOT, "least K for %s", ResultTable.trimmed(load, 3)));
        return List.of(
                new ResultTable(String.format(Locale.ROOT, "Fig. 3.11: usable capacity against the loss threshold, "
                        + "K = %d packets, all-to-all (m = %d)", queue, n), List.of("corner", "loss 10^-3",
                        "loss 10^-4"), fig11),
                new ResultTable("Fig. 3.12: usable capacity at loss 10^-3 against the switch queue K (packets), "
                        + "all-to-all, and the least K of the grid for the load", columns12, fig12),
                new ResultTable(String.format(Locale.ROOT, "Fig. 3.13: usable capacity at loss 10^-3, K = %d, tenants "
                        + "of m servers", queue), List.of("corner", "m = 2", "m = p = " + p, "m = n = " + n), fig13));
    }

    private static String cell(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}

package weft.model.repro;

import java.util.List;
import java.util.Locale;

/**
 * A table a reproduction prints beside its claims, e.g. the whole of seed 003 Table 1 with the paper's figures next
 * to Weft's.
 *
 * @param title   caption
 * @param columns column headers
 * @param rows    cells, each row as long as {@code columns}
 */
public record ResultTable(String title, List<String> columns, List<List<String>> rows) {
    public ResultTable {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).size() != columns.size()) {
                throw new IllegalArgumentException("table '" + title + "': row " + i + " has " + rows.get(i).size()
                        + " cells for " + columns.size() + " columns");
            }
        }
    }

    /** A cell: {@code v} with {@code decimals} digits after the point. */
    static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** {@code v} with at most {@code decimals} decimals and no trailing zeros: "0.5", "10". */
    static String trimmed(double v, int decimals) {
        String t = fixed(v, decimals);
        return t.contains(".") ? t.replaceAll("0+$", "").replaceAll("\\.$", "") : t;
    }
}

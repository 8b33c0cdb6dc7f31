package weft.model.repro.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import weft.model.repro.Claim;
import weft.model.repro.ClaimResult;
import weft.model.repro.Parameter;
import weft.model.repro.ReproResult;
import weft.model.repro.Reproduction;
import weft.model.repro.ResultTable;
import weft.model.repro.Tolerance;

/**
 * The reproductions as text: the report of one run (the paper's figure, Weft's, the difference and whether it holds,
 * then the run's tables), the listing of {@code weft repro list}, and the markdown rows of the README's table
 * ("seed, claim, paper, Weft, command") built from {@code weft-repro/1} results.
 */
public final class ReproText {
    private ReproText() {
    }

    /** The report of one run that took {@code runSeconds}. */
    public static String report(ReproResult r, double runSeconds) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%s (seed %s): %s%n", r.name(), r.seed(), r.title()));
        s.append(String.format(Locale.ROOT, "%s size: %s; random seed %d%n%n", r.quick() ? "quick" : "paper",
                r.setup(), r.randomSeed()));
        List<List<String>> rows = new ArrayList<>();
        for (ClaimResult c : r.claims()) {
            Claim k = c.claim();
            rows.add(List.of(k.id(), k.what(), number(k.paper()), number(c.weft()), difference(c),
                    k.tolerance().describe(), c.holds() ? "yes" : "NO", k.unit()));
        }
        table(s, List.of("claim", "what", "paper", "Weft", "difference", "tolerance", "holds", "unit"), rows);
        s.append(String.format(Locale.ROOT, "%d of %d claims hold (%.1f s)%n", r.holding(), r.claims().size(),
                runSeconds));
        for (ResultTable t : r.tables()) {
            s.append('\n').append(t.title()).append('\n');
            table(s, t.columns(), t.rows());
        }
        return s.toString();
    }

    /** Every reproduction's name, seed, title, claims (paper figure and tolerance) and parameters. */
    public static String list(List<Reproduction> all) {
        StringBuilder s = new StringBuilder();
        for (Reproduction r : all) {
            s.append(String.format(Locale.ROOT, "%s (seed %s): %s%n", r.name(), r.seed(), r.title()));
            for (Claim k : r.claims()) {
                s.append(String.format(Locale.ROOT, "  %-10s %s: paper %s %s (%s)%n", k.id(), k.what(),
                        number(k.paper()), k.unit(), k.tolerance().describe()));
            }
            if (!r.parameters().isEmpty()) {
                StringBuilder p = new StringBuilder();
                for (Parameter x : r.parameters()) {
                    p.append(p.length() == 0 ? "" : ", ").append("--").append(x.name()).append(' ')
                            .append(x.paper());
                    if (!x.quick().equals(x.paper())) {
                        p.append(" (quick ").append(x.quick()).append(')');
                    }
                }
                s.append("  parameters: ").append(p).append('\n');
            }
        }
        return s.toString();
    }

    /**
     * The README's table: one row per claim, "seed | claim | paper | Weft | command", from paper-size results; a
     * figure that does not hold is bold and marked "(differs)" (docs/reproductions.md says why), a quick-size result
     * "(quick size)".
     */
    public static String markdown(List<ReproResult> results) {
        StringBuilder s = new StringBuilder();
        s.append("| seed | claim | paper | Weft | command |\n|---|---|---|---|---|\n");
        for (ReproResult r : results) {
            for (ClaimResult c : r.claims()) {
                Claim k = c.claim();
                String unit = "ratio".equals(k.unit()) || "fraction".equals(k.unit()) ? "" : " " + k.unit();
                String weft = number(c.weft()) + unit;
                s.append(String.format(Locale.ROOT, "| %s | %s: %s | %s%s | %s%s | `weft repro %s` |%n", r.seed(),
                        k.id(), k.what().replace("|", "\\|"), number(k.paper()), unit,
                        c.holds() ? weft : "**" + weft + "** (differs)", r.quick() ? " (quick size)" : "",
                        r.name()));
            }
        }
        return s.toString();
    }

    /** Up to four significant digits, no exponent below a million; "-" for NaN. */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        double a = Math.abs(v);
        String t;
        if (a >= 1000 || a == 0) {
            t = String.format(Locale.ROOT, "%.0f", v);
        } else if (a >= 100) {
            t = String.format(Locale.ROOT, "%.1f", v);
        } else if (a >= 1) {
            t = String.format(Locale.ROOT, "%.3f", v);
        } else {
            t = String.format(Locale.ROOT, "%.4f", v);
        }
        return t.contains(".") ? t.replaceAll("0+$", "").replaceAll("\\.$", "") : t;
    }

    private static String difference(ClaimResult c) {
        double d = c.difference();
        if (Double.isNaN(d)) {
            return "-";
        }
        String abs = (d >= 0 ? "+" : "") + number(d);
        if (c.claim().tolerance().kind() == Tolerance.Kind.RELATIVE && c.claim().paper() != 0) {
            return abs + String.format(Locale.ROOT, " (%+.1f%%)", 100 * d / Math.abs(c.claim().paper()));
        }
        return abs;
    }

    /** A plain-text table with columns padded to their widest cell (the last column unpadded). */
    private static void table(StringBuilder s, List<String> columns, List<List<String>> rows) {
        int[] width = new int[columns.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = columns.get(i).length();
            for (List<String> r : rows) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        line(s, columns, width);
        for (List<String> r : rows) {
            line(s, r, width);
        }
    }

    private static void line(StringBuilder s, List<String> cells, int[] width) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            l.append(i == 0 ? "" : "  ");
            l.append(i == cells.size() - 1 ? cells.get(i) : String.format("%-" + width[i] + "s", cells.get(i)));
        }
        s.append(l.toString().stripTrailing()).append('\n');
    }
}

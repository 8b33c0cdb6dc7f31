package weft.model.io;

import java.util.Locale;

/**
 * Draws a {@link Chart} as plain SVG: axes with ticks, one coloured line with dots per series (dashed where asked),
 * a legend on the right; the y axis linear from zero (or from the lowest value when that is negative) or logarithmic
 * by decades.
 */
public final class SvgChart {
    private static final int W = 720;
    private static final int H = 480;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
        "#8c564b", "#e377c2"};

    private SvgChart() {
    }

    /** The chart as an SVG document. */
    public static String render(Chart chart) {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        for (Chart.Series c : chart.series()) {
            for (double[] p : c.points()) {
                if (Double.isFinite(p[0]) && Double.isFinite(p[1]) && (!chart.logY() || p[1] > 0)) {
                    xMin = Math.min(xMin, p[0]);
                    xMax = Math.max(xMax, p[0]);
                    yMin = Math.min(yMin, p[1]);
                    yMax = Math.max(yMax, p[1]);
                }
            }
        }
        if (xMin > xMax) {
            xMin = 0;
            xMax = 1;
            yMin = 1;
            yMax = 10;
        }
        double x0 = Math.min(0, xMin);
        double x1 = nice(xMax <= x0 ? x0 + 1 : xMax);
        double lo;
        double hi;
        if (chart.logY()) {
            lo = Math.floor(Math.log10(yMin));
            hi = Math.ceil(Math.log10(yMax));
            if (hi <= lo) {
                hi = lo + 1;
            }
        } else {
            lo = Math.min(0, yMin);
            hi = nice(yMax <= lo ? lo + 1 : yMax);
        }
        int left = 80;
        int right = W - 190;
        int top = 40;
        int bottom = H - 60;
        Svg s = new Svg(W, H, chart.title());
        s.line(left, bottom, right, bottom, "#000", 1).line(left, top, left, bottom, "#000", 1);
        for (int i = 0; i <= 10; i++) {
            double x = left + (right - left) * i / 10.0;
            s.line(x, bottom, x, bottom + 5, "#000", 1);
            if (i % 2 == 0) {
                s.text(x, bottom + 20, "middle", 12, label(x0 + (x1 - x0) * i / 10));
            }
        }
        int yTicks = chart.logY() ? (int) (hi - lo) : 5;
        for (int i = 0; i <= yTicks; i++) {
            double y = bottom - (bottom - top) * i / (double) yTicks;
            s.line(left - 5, y, right, y, "#ddd", 1);
            double v = chart.logY() ? Math.pow(10, lo + i) : lo + (hi - lo) * i / yTicks;
            s.text(left - 8, y + 4, "end", 12, label(v));
        }
        s.text((left + right) / 2.0, H - 20, "middle", 14, chart.xLabel());
        s.verticalText(20, (top + bottom) / 2.0, 14, chart.yLabel());
        for (int k = 0; k < chart.series().size(); k++) {
            Chart.Series c = chart.series().get(k);
            String colour = COLOURS[k % COLOURS.length];
            StringBuilder path = new StringBuilder();
            for (double[] p : c.points()) {
                if (!Double.isFinite(p[0]) || !Double.isFinite(p[1]) || (chart.logY() && p[1] <= 0)) {
                    continue;
                }
                double x = left + (right - left) * (p[0] - x0) / (x1 - x0);
                double fy = chart.logY() ? (Math.log10(p[1]) - lo) / (hi - lo) : (p[1] - lo) / (hi - lo);
                double y = bottom - (bottom - top) * fy;
                path.append(path.length() == 0 ? "M" : " L").append(Svg.fmt(x)).append(' ').append(Svg.fmt(y));
                s.circle(x, y, 3, colour, null, null);
            }
            if (path.length() > 0) {
                s.path(path.toString(), colour, 2, c.dashed());
            }
            double ly = top + 20 * k;
            s.line(right + 20, ly, right + 45, ly, colour, 3);
            s.text(right + 52, ly + 4, "start", 13, c.label());
        }
        return s.end();
    }

    /** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least {@code v} (v > 0). */
    static double nice(double v) {
        if (v <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= v * (1 - 1e-9)) {
                return m * p;
            }
        }
        return 10 * p;
    }

    private static String label(double v) {
        double a = Math.abs(v);
        if (a >= 1e6) {
            return Svg.fmt(v / 1e6) + "M";
        }
        if (a >= 1e3) {
            return Svg.fmt(v / 1e3) + "k";
        }
        if (a > 0 && a < 0.01) {
            return String.format(Locale.ROOT, "%.0e", v);
        }
        return Svg.fmt(v);
    }
}

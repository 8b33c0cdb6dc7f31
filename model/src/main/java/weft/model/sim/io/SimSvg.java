package weft.model.sim.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import weft.model.sim.SimResult;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The simulator's pictures as plain SVG text: the latency-against-load curves of a sweep (one curve per routing,
 * latency on a logarithmic axis), and the fabric with every switch-to-switch link coloured by its utilisation (both
 * directions side by side, green idle to red busy).
 *
 * <p>Layout of the fabric picture. Decision: a fabric where some switches carry no hosts (trees, fat trees) is drawn
 * in levels by hop distance from the switches with hosts, which sit in the bottom row; one where every switch carries
 * hosts (tori, meshes, rings, irregular fabrics) on a grid in switch order, which is the true picture of the
 * generator's tori and meshes (row-major numbering); links longer than one grid step bow outwards.
 */
public final class SimSvg {
    private static final int W = 720;
    private static final int H = 480;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
        "#8c564b", "#e377c2"};

    private SimSvg() {
    }

    /**
     * One curve of a sweep.
     *
     * @param label  legend text (the routing)
     * @param points {@code {accepted load, mean latency ns, offered load}} per run
     */
    public record Curve(String label, List<double[]> points) {
        public Curve {
            points = List.copyOf(points);
        }
    }

    /** Mean latency (log scale) against accepted load, one curve per routing. */
    public static String latencyCurve(String title, List<Curve> curves) {
        double minLat = Double.POSITIVE_INFINITY;
        double maxLat = 0;
        double maxLoad = 0;
        for (Curve c : curves) {
            for (double[] p : c.points()) {
                minLat = Math.min(minLat, p[1]);
                maxLat = Math.max(maxLat, p[1]);
                maxLoad = Math.max(maxLoad, Math.max(p[0], p[2]));
            }
        }
        if (maxLat == 0) {
            minLat = 1;
            maxLat = 10;
        }
        double lo = Math.floor(Math.log10(Math.max(minLat, 1e-3)));
        double hi = Math.ceil(Math.log10(maxLat));
        if (hi <= lo) {
            hi = lo + 1;
        }
        double xMax = maxLoad <= 1 ? 1 : Math.ceil(maxLoad * 10) / 10;
        int left = 80;
        int right = W - 160;
        int top = 40;
        int bottom = H - 60;
        StringBuilder s = open(title);
        line(s, left, bottom, right, bottom, "#000", 1);
        line(s, left, top, left, bottom, "#000", 1);
        for (int i = 0; i <= 10; i++) {
            double x = left + (right - left) * i / 10.0;
            line(s, x, bottom, x, bottom + 5, "#000", 1);
            text(s, x, bottom + 20, "middle", 12, fmt(xMax * i / 10));
        }
        for (double e = lo; e <= hi; e++) {
            double y = bottom - (bottom - top) * (e - lo) / (hi - lo);
            line(s, left - 5, y, right, y, "#ddd", 1);
            text(s, left - 8, y + 4, "end", 12, label(Math.pow(10, e)));
        }
        text(s, (left + right) / 2.0, H - 20, "middle", 14, "accepted load (fraction of host link)");
        s.append(String.format(Locale.ROOT, "<text x=\"20\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 20 %d)\">mean packet latency (ns)</text>%n", (top + bottom) / 2,
                (top + bottom) / 2));
        for (int k = 0; k < curves.size(); k++) {
            Curve c = curves.get(k);
            String colour = COLOURS[k % COLOURS.length];
            StringBuilder path = new StringBuilder();
            for (double[] p : c.points()) {
                double x = left + (right - left) * p[0] / xMax;
                double y = bottom - (bottom - top) * (Math.log10(Math.max(p[1], 1e-3)) - lo) / (hi - lo);
                path.append(path.length() == 0 ? "M" : " L").append(fmt(x)).append(' ').append(fmt(y));
                s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", x, y,
                        colour));
            }
            if (path.length() > 0) {
                s.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"").append(colour)
                        .append("\" stroke-width=\"2\"/>\n");
            }
            double ly = top + 20 * k;
            line(s, right + 20, ly, right + 45, ly, colour, 3);
            text(s, right + 52, ly + 4, "start", 13, c.label());
        }
        return s.append("</svg>\n").toString();
    }

    /** The fabric's switches and links, each direction of a link coloured by its utilisation in {@code result}. */
    public static String linkUtilisation(Topology topology, SimResult result) {
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        double[][] xy = layout(g);
        List<SimResult.ChannelLoad> channels = result.channels();
        StringBuilder s = open(topology.name() + ": link utilisation, " + result.workload()
                + (Double.isNaN(result.load()) ? "" : " at load " + fmt(result.load())));
        for (int c = 0; c < g.channelCount(); c += 2) {
            double u1 = c < channels.size() ? channels.get(c).utilization() : 0;
            double u2 = c + 1 < channels.size() ? channels.get(c + 1).utilization() : 0;
            double[] a = xy[g.src(c)];
            double[] b = xy[g.dst(c)];
            double dx = b[0] - a[0];
            double dy = b[1] - a[1];
            double len = Math.max(1e-9, Math.hypot(dx, dy));
            double ox = -dy / len * 2;
            double oy = dx / len * 2;
            double bow = len > 1.6 * step(n) ? 0.25 * len : 0;
            edge(s, a[0] + ox, a[1] + oy, b[0] + ox, b[1] + oy, bow, colour(u1));
            edge(s, a[0] - ox, a[1] - oy, b[0] - ox, b[1] - oy, bow, colour(u2));
        }
        for (int u = 0; u < n; u++) {
            s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#fff\" "
                    + "stroke=\"#333\"><title>%s</title></circle>%n", xy[u][0], xy[u][1], Math.min(6, step(n) / 5),
                    g.switchId(u)));
        }
        for (int i = 0; i <= 10; i++) {
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"20\" height=\"10\" fill=\"%s\"/>%n",
                    W - 60, H - 150 + 10 * (10 - i), colour(i / 10.0)));
        }
        text(s, W - 65, H - 142, "end", 11, "1.0");
        text(s, W - 65, H - 42, "end", 11, "0.0");
        return s.append("</svg>\n").toString();
    }

    private static double step(int n) {
        int cols = (int) Math.ceil(Math.sqrt(Math.max(1, n)));
        return (W - 140.0) / Math.max(1, cols);
    }

    /** Levels by distance from the host switches when some switch has no hosts, else a grid in switch order. */
    private static double[][] layout(SwitchGraph g) {
        int n = g.switchCount();
        double[][] xy = new double[n][2];
        int[] level = new int[n];
        Arrays.fill(level, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int u = 0; u < n; u++) {
            if (g.hostsAt(u).length > 0) {
                level[u] = 0;
                queue[tail++] = u;
            }
        }
        if (tail == n || tail == 0) {
            int cols = (int) Math.ceil(Math.sqrt(Math.max(1, n)));
            int rows = (n + cols - 1) / cols;
            for (int u = 0; u < n; u++) {
                xy[u][0] = 70 + (W - 140.0) * (u % cols + 0.5) / cols;
                xy[u][1] = 60 + (H - 120.0) * (u / cols + 0.5) / Math.max(1, rows);
            }
            return xy;
        }
        int maxLevel = 0;
        while (head < tail) {
            int u = queue[head++];
            for (int c : g.out(u)) {
                int v = g.dst(c);
                if (level[v] < 0) {
                    level[v] = level[u] + 1;
                    maxLevel = Math.max(maxLevel, level[v]);
                    queue[tail++] = v;
                }
            }
        }
        List<List<Integer>> rows = new ArrayList<>();
        for (int l = 0; l <= maxLevel + 1; l++) {
            rows.add(new ArrayList<>());
        }
        for (int u = 0; u < n; u++) {
            rows.get(level[u] < 0 ? maxLevel + 1 : level[u]).add(u);
        }
        int levels = rows.get(maxLevel + 1).isEmpty() ? maxLevel + 1 : maxLevel + 2;
        for (int l = 0; l < levels; l++) {
            List<Integer> row = rows.get(l);
            for (int i = 0; i < row.size(); i++) {
                xy[row.get(i)][0] = 70 + (W - 140.0) * (i + 0.5) / row.size();
                xy[row.get(i)][1] = H - 60 - (H - 120.0) * l / Math.max(1, levels - 1);
            }
        }
        return xy;
    }

    private static String colour(double u) {
        double v = Math.max(0, Math.min(1, u));
        int r = (int) Math.round(v < 0.5 ? 255 * 2 * v : 255);
        int gr = (int) Math.round(v < 0.5 ? 200 : 200 * 2 * (1 - v));
        return String.format("#%02x%02x%02x", r, gr, 40);
    }

    private static void edge(StringBuilder s, double x1, double y1, double x2, double y2, double bow,
                             String colour) {
        if (bow == 0) {
            line(s, x1, y1, x2, y2, colour, 2);
            return;
        }
        double mx = (x1 + x2) / 2;
        double my = (y1 + y2) / 2;
        double dx = x2 - x1;
        double dy = y2 - y1;
        double len = Math.hypot(dx, dy);
        double cx = mx - dy / len * bow;
        double cy = my + dx / len * bow;
        s.append(String.format(Locale.ROOT, "<path d=\"M%.1f %.1f Q%.1f %.1f %.1f %.1f\" fill=\"none\" "
                + "stroke=\"%s\" stroke-width=\"2\"/>%n", x1, y1, cx, cy, x2, y2, colour));
    }

    private static StringBuilder open(String title) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">%n", W, H, W, H));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>%n", W, H));
        text(s, W / 2.0, 22, "middle", 15, title);
        return s;
    }

    private static void line(StringBuilder s, double x1, double y1, double x2, double y2, String colour, int width) {
        s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                + "stroke-width=\"%d\"/>%n", x1, y1, x2, y2, colour, width));
    }

    private static void text(StringBuilder s, double x, double y, String anchor, int size, String content) {
        s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\">%s"
                + "</text>%n", x, y, size, anchor, escape(content)));
    }

    private static String escape(String t) {
        return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String label(double v) {
        return v >= 1e6 ? fmt(v / 1e6) + "M" : v >= 1e3 ? fmt(v / 1e3) + "k" : fmt(v);
    }

    private static String fmt(double v) {
        String t = String.format(Locale.ROOT, "%.2f", v);
        return t.contains(".") ? t.replaceAll("0+$", "").replaceAll("\\.$", "") : t;
    }
}

package weft.model.sim.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import weft.model.io.Chart;
import weft.model.io.Svg;
import weft.model.io.SvgChart;
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

    private SimSvg() {
    }

    /**
     * One curve of a sweep.
     *
     * @param label  legend text (the routing)
     * @param points {@code {accepted load, mean latency ns, offered load}} per run (the offered load is not drawn)
     */
    public record Curve(String label, List<double[]> points) {
        public Curve {
            points = List.copyOf(points);
        }
    }

    /** Mean latency (log scale) against accepted load, one curve per routing. */
    public static String latencyCurve(String title, List<Curve> curves) {
        List<Chart.Series> series = new ArrayList<>();
        for (Curve c : curves) {
            series.add(new Chart.Series(c.label(), c.points().stream().map(p -> new double[] {p[0], p[1]})
                    .toList()));
        }
        return SvgChart.render(new Chart(title, "accepted load (fraction of host link)", "mean packet latency (ns)",
                true, series));
    }

    /** The fabric's switches and links, each direction of a link coloured by its utilisation in {@code result}. */
    public static String linkUtilisation(Topology topology, SimResult result) {
        SwitchGraph g = topology.graph();
        int n = g.switchCount();
        double[][] xy = layout(g);
        List<SimResult.ChannelLoad> channels = result.channels();
        Svg s = new Svg(W, H, topology.name() + ": link utilisation, " + result.workload()
                + (Double.isNaN(result.load()) ? "" : " at load " + Svg.fmt(result.load())));
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
            s.circle(xy[u][0], xy[u][1], Math.min(6, step(n) / 5), "#fff", "#333", g.switchId(u));
        }
        for (int i = 0; i <= 10; i++) {
            s.rect(W - 60, H - 150 + 10 * (10 - i), 20, 10, colour(i / 10.0));
        }
        s.text(W - 65, H - 142, "end", 11, "1.0");
        s.text(W - 65, H - 42, "end", 11, "0.0");
        return s.end();
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

    private static void edge(Svg s, double x1, double y1, double x2, double y2, double bow,
                             String colour) {
        if (bow == 0) {
            s.line(x1, y1, x2, y2, colour, 2);
            return;
        }
        double mx = (x1 + x2) / 2;
        double my = (y1 + y2) / 2;
        double dx = x2 - x1;
        double dy = y2 - y1;
        double len = Math.hypot(dx, dy);
        double cx = mx - dy / len * bow;
        double cy = my + dx / len * bow;
        s.path(String.format(Locale.ROOT, "M%.1f %.1f Q%.1f %.1f %.1f %.1f", x1, y1, cx, cy, x2, y2), colour, 2,
                false);
    }
}

package weft.model.io;

import java.util.List;

/**
 * An x-y line chart as data, drawn by {@link SvgChart}: the simulator's latency-against-load sweeps and the
 * reproductions' figures (e.g. completion time against the number of permutations, one line per scheme).
 *
 * @param title  caption
 * @param xLabel x axis label
 * @param yLabel y axis label
 * @param logY   logarithmic y axis
 * @param series the lines
 */
public record Chart(String title, String xLabel, String yLabel, boolean logY, List<Series> series) {
    public Chart {
        series = List.copyOf(series);
    }

    /**
     * One line.
     *
     * @param label  legend text
     * @param points {@code {x, y}} per point, in drawing order
     * @param dashed drawn dashed (e.g. the paper's figures next to Weft's)
     */
    public record Series(String label, List<double[]> points, boolean dashed) {
        public Series {
            points = points.stream().map(p -> {
                if (p.length < 2) {
                    throw new IllegalArgumentException("series '" + label + "': a point needs x and y");
                }
                return new double[] {p[0], p[1]};
            }).toList();
        }

        /** A solid line. */
        public Series(String label, List<double[]> points) {
            this(label, points, false);
        }
    }
}

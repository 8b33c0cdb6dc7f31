package weft.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SvgChartTest {
    @Test
    void drawsEverySeriesWithItsLegendAndDashesWhereAsked() {
        String svg = SvgChart.render(new Chart("t <1>", "p", "completion", false, List.of(
                new Chart.Series("NC", List.of(new double[] {1, 5}, new double[] {2, 9})),
                new Chart.Series("paper", List.of(new double[] {1, 4}, new double[] {2, 8}), true))));
        assertThat(svg).startsWith("<svg").endsWith("</svg>\n").contains("t &lt;1&gt;", ">NC<", ">paper<",
                "stroke-dasharray");
        assertThat(svg.split("<circle", -1)).hasSize(5);
        assertThat(svg.split("<path", -1)).hasSize(3);
    }

    @Test
    void logAxisSkipsValuesItCannotDraw() {
        String svg = SvgChart.render(new Chart("t", "x", "y", true, List.of(
                new Chart.Series("s", List.of(new double[] {1, 0}, new double[] {2, 100}, new double[] {3,
                    Double.NaN})))));
        assertThat(svg.split("<circle", -1)).hasSize(2);
        assertThat(svg).contains(">100<");
    }

    @Test
    void niceAxisEnds() {
        assertThat(SvgChart.nice(0.93)).isEqualTo(1.0);
        assertThat(SvgChart.nice(5.01)).isEqualTo(10.0);
        assertThat(SvgChart.nice(2.2)).isEqualTo(2.5);
    }
}

package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import weft.model.repro.io.ReproJson;
import weft.model.repro.io.ReproText;

class ReproJsonTest {
    private static final Claim C10 = new Claim("C10", "PS ratio, b = 8", 1.00, "ratio",
            Tolerance.absolute(0.05, "two decimals"), new Band(0.95, 1.05));
    private static final Claim C6 = new Claim("C6", "SAA vs NC", 13, "%", Tolerance.atMost(0, "up to"),
            Band.below(20));

    private static ReproResult result(double c10, double c6) {
        return new ReproResult("injection", "003", "Seed 003 Table 1", "4-ary 2-tree", true, 5,
                List.of(C10.measured(c10), C6.measured(c6)), List.of(new ResultTable("Table 1", List.of("n", "b=8"),
                List.of(List.of("1", "1.00 / 0.99")))), null);
    }

    @Test
    void writesTheContractAndHoldsFromTheTolerance() {
        String json = ReproJson.write(result(0.99, 25), 1.234);
        assertThat(json).contains("\"format\" : \"weft-repro/1\"", "\"name\" : \"injection\"", "\"seed\" : \"003\"",
                "\"id\" : \"C10\"", "\"paper\" : 1.0", "\"weft\" : 0.99", "\"unit\" : \"ratio\"", "\"holds\" : true",
                "\"holds\" : false", "\"run_seconds\" : 1.23", "\"quick_band\" : [ null, 20.0 ]");
    }

    @Test
    void readsBackWhatItWrote() {
        ReproResult back = ReproJson.read("r.json", ReproJson.write(result(Double.NaN, 10), 0));
        assertThat(back.claims()).extracting(c -> c.claim()).containsExactly(C10, C6);
        assertThat(back.claims().get(0).weft()).isNaN();
        assertThat(back.claims().get(0).holds()).isFalse();
        assertThat(back.claims().get(1).holds()).isTrue();
        assertThat(back.tables()).isEqualTo(result(0, 0).tables());
        assertThat(back.quick()).isTrue();
    }

    @Test
    void holdsInTheFileIsIgnoredOnReading() {
        String forged = ReproJson.write(result(0.5, 10), 0).replaceFirst("\"holds\" : false", "\"holds\" : true");
        assertThat(ReproJson.read("r.json", forged).claims().get(0).holds()).isFalse();
    }

    @Test
    void badFilesNameTheLocation() {
        assertThatThrownBy(() -> ReproJson.read("r.json", "{\"format\":\"weft-sim/1\"}"))
                .hasMessageContaining("r.json: format").hasMessageContaining("weft-repro/1");
        String noKind = ReproJson.write(result(1, 1), 0).replace("\"kind\" : \"absolute\"", "\"kind\" : \"loose\"");
        assertThatThrownBy(() -> ReproJson.read("r.json", noKind)).hasMessageStartingWith(
                "r.json: claims[0].tolerance.kind");
    }

    @Test
    void reportShowsPaperWeftDifferenceAndTheReadmeRow() {
        String text = ReproText.report(result(0.99, 25), 2);
        assertThat(text).contains("injection (seed 003): Seed 003 Table 1", "quick size: 4-ary 2-tree",
                "1 of 2 claims hold", "Table 1");
        assertThat(text.lines().filter(l -> l.startsWith("C10")).findFirst().orElseThrow())
                .contains("1", "0.99", "-0.01", "±0.05", "yes");
        assertThat(text.lines().filter(l -> l.startsWith("C6 ")).findFirst().orElseThrow())
                .contains("13", "25", "+12", "<= paper", "NO");
        assertThat(ReproText.markdown(List.of(result(0.99, 25)))).contains(
                "| 003 | C10: PS ratio, b = 8 | 1 | 0.99 (quick size) | `weft repro injection` |",
                "| 003 | C6: SAA vs NC | 13 % | **25 %** (differs) (quick size) |");
    }
}

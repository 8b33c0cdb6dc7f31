package weft.controller.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.testing.TestFabrics;
import weft.model.topology.Topology;

class PairRatesTest {
    private static final Topology T = TestFabrics.leafSpine(3, 1, 2);

    private static PairRates parse(String text) {
        return PairRates.parse("r.json", text, T);
    }

    @Test
    @DisplayName("a table: kbit/s, default burst 100 ms at the rate (at least 120 kbit), meter id k*H + j")
    void parses() {
        PairRates r = parse("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": 50}, "
                + "{\"src\": \"h4\", \"dst\": \"h5\", \"mbps\": 0.5, \"burst_kbit\": 40}, "
                + "{\"src\": \"h3\", \"dst\": \"h6\", \"mbps\": 1}]}");
        assertThat(r.rates()).containsExactly(
                new PairRate("h1", "h2", 50_000, 5_000, FlowMods13.WEFT_METER_FIRST + 1),
                new PairRate("h4", "h5", 500, 40, FlowMods13.WEFT_METER_FIRST + 6 + 4),
                new PairRate("h3", "h6", 1_000, 120, FlowMods13.WEFT_METER_FIRST + 5));
        assertThat(PairRates.parse("again", r.toJson().toString(), T)).isEqualTo(r);
    }

    @Test
    @DisplayName("errors name the file, the entry and the problem")
    void errors() {
        assertThatThrownBy(() -> parse("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h9\", \"mbps\": 5}]}"))
                .isInstanceOf(PairRatesException.class)
                .hasMessage("r.json: rates[0] (h1 -> h9): unknown host h9; topology leafspine3x1 has 6 hosts "
                        + "(h1 .. h6)");
        assertThatThrownBy(() -> parse("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": -5}]}"))
                .hasMessageStartingWith("r.json: rates[0] (h1 -> h2): mbps must be in 0.001..")
                .hasMessageEndingWith("got -5");
        assertThatThrownBy(() -> parse("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": 5}, "
                + "{\"src\": \"h2\", \"dst\": \"h1\", \"mbps\": 5}, {\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": 7}]}"))
                .hasMessage("r.json: rates[2] (h1 -> h2): duplicate pair, already rated in rates[0]");
        assertThatThrownBy(() -> parse("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h1\", \"mbps\": 5}]}"))
                .hasMessage("r.json: rates[0] (h1 -> h1): a host is not a pair with itself");
        assertThatThrownBy(() -> parse("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\", \"mpbs\": 5}]}"))
                .hasMessage("r.json: rates[0].mpbs: unknown field (known: src, dst, mbps, burst_kbit, meter_id)");
        assertThatThrownBy(() -> parse("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\"}]}"))
                .hasMessage("r.json: rates[0] (h1 -> h2): mbps must be a number, got null");
        assertThatThrownBy(() -> parse("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": 1, "
                + "\"burst_kbit\": 0}]}"))
                .hasMessageStartingWith("r.json: rates[0] (h1 -> h2): burst_kbit must be an integer in 1..");
        assertThatThrownBy(() -> parse("{\"rate\": []}"))
                .hasMessage("r.json: rate: unknown field (known: format, rates)");
        assertThatThrownBy(() -> parse("{\"rates\": ["))
                .hasMessageStartingWith("r.json: line 1, column 12: not valid JSON: ");
        assertThatThrownBy(() -> parse("{\"format\": \"weft-rates/1\", \"rates\": []}"))
                .hasMessage("r.json: format: string \"weft-rates/1\" is not supported "
                        + "(expected \"weft-pair-rates/1\")");
    }
}

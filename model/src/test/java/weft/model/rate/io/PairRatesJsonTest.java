package weft.model.rate.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.LeafSpine;

class PairRatesJsonTest {
    private static final Topology T = LeafSpine.generate(2, 1, GeneratorOptions.defaults());

    @Test
    @DisplayName("Rates in kbit/s, default burst 100 ms at the rate and at least 120 kbit")
    void reads() {
        assertThat(PairRatesJson.read("r.json", "{\"format\": \"weft-pair-rates/1\", \"rates\": ["
                + "{\"src\": \"h1\", \"dst\": \"h2\", \"mbps\": 50, \"meter_id\": 7},"
                + "{\"src\": \"h2\", \"dst\": \"h1\", \"mbps\": 1, \"burst_kbit\": 40}]}", T))
                .containsExactly(new PairRatesJson.Entry("h1", "h2", 50_000, 5_000),
                        new PairRatesJson.Entry("h2", "h1", 1_000, 40));
        assertThat(PairRatesJson.defaultBurstKbits(1_000)).isEqualTo(120);
    }

    @Test
    @DisplayName("Duplicate keys in an entry are refused instead of the last one winning")
    void duplicateKeys() {
        assertThatThrownBy(() -> PairRatesJson.read("PUT /api/rates", "{\"rates\": [{\"src\": \"h1\", \"dst\": \"h2\","
                + " \"mbps\": 1, \"mbps\": 1000}]}", T))
                .isInstanceOf(PairRatesFormatException.class)
                .hasMessage("PUT /api/rates: line 1, column 56: not valid JSON: Duplicate field 'mbps'");
    }

    @Test
    @DisplayName("A table longer than its limit is refused before it is parsed")
    void size() {
        String huge = "{\"rates\": [" + "{}, ".repeat((int) (PairRatesJson.MAX_CHARS / 4)) + "{}]}";
        assertThatThrownBy(() -> PairRatesJson.read("r.json", huge, T))
                .isInstanceOf(PairRatesFormatException.class)
                .hasMessageEndingWith("characters, more than the 16,777,216 a weft-pair-rates/1 table may have");
    }
}

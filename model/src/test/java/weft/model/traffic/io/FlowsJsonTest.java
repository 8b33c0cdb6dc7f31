package weft.model.traffic.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.traffic.Flow;

class FlowsJsonTest {
    /** A weft-flows/1 document of {@code flows}, read as f.json. */
    private static List<Flow> readFlows(String... flows) {
        return FlowsJson.read("f.json", "{\"format\": \"weft-flows/1\", \"flows\": [" + String.join(", ", flows)
                + "]}");
    }

    /** A flow entry with id a from h1 to {@code dst}, followed by {@code more} fields. */
    private static String flowA(String dst, String more) {
        return "{\"id\": \"a\", \"src\": \"h1\", \"dst\": \"" + dst + "\"" + more + "}";
    }

    @Test
    @DisplayName("weft-flows/1 round-trips; weight, app and bytes have defaults")
    void roundTrip() {
        List<Flow> flows = FlowsJson.read("flows.json", "{\"format\": \"weft-flows/1\", \"flows\": [{\"id\": \"f1\","
                + " \"src\": \"h1\", \"dst\": \"h9\", \"weight\": 1.0, \"app\": \"a1\", \"bytes\": 1000000},"
                + " {\"id\": \"f2\", \"src\": \"h2\", \"dst\": \"h3\"}]}");
        assertThat(flows).containsExactly(new Flow("f1", "h1", "h9", 1, "a1", 1_000_000),
                new Flow("f2", "h2", "h3", 1, "f2", 0));
        assertThat(FlowsJson.read("again", FlowsJson.write(flows))).isEqualTo(flows);
    }

    @Test
    @DisplayName("Malformed flows name the file, the location and the problem")
    void errors() {
        assertThatThrownBy(() -> FlowsJson.read("f.json", "{\"format\": \"weft-flows/2\", \"flows\": []}"))
                .hasMessageContaining("f.json: format:");
        assertThatThrownBy(() -> readFlows(flowA("h2", ", \"weight\": -1")))
                .hasMessage("f.json: flows[0].weight: expected a positive number, got -1");
        assertThatThrownBy(() -> readFlows(flowA("h2", ", \"rate\": 3")))
                .hasMessageContaining("f.json: flows[0].rate: unknown field");
        assertThatThrownBy(() -> readFlows(flowA("h2", ""), flowA("h3", "")))
                .hasMessageContaining("flows[1].id: \"a\" already used by flows[0]");
        assertThatThrownBy(() -> readFlows(flowA("h1", "")))
                .hasMessageContaining("f.json: flows[0]: flow a: src and dst");
        assertThatThrownBy(() -> FlowsJson.read("f.json", "{\"format\": ")).hasMessageContaining("not valid JSON");
    }

    @Test
    @DisplayName("Duplicate keys and oversized input are refused with their location")
    void duplicateKeysAndSize() {
        assertThatThrownBy(() -> FlowsJson.read("f.json", "{\"format\": \"weft-flows/1\", \"flows\": [{\"id\": \"a\","
                + " \"src\": \"h1\", \"dst\": \"h2\", \"weight\": 1, \"weight\": 9}]}"))
                .isInstanceOf(FlowsFormatException.class)
                .hasMessage("f.json: line 1, column 97: not valid JSON: Duplicate field 'weight'");
        String huge = " ".repeat((int) FlowsJson.MAX_CHARS + 1);
        assertThatThrownBy(() -> FlowsJson.read("f.json", huge)).isInstanceOf(FlowsFormatException.class)
                .hasMessage(String.format("f.json: %,d characters, more than the %,d a weft-flows/1 file may have",
                        FlowsJson.MAX_CHARS + 1, FlowsJson.MAX_CHARS));
    }
}

package weft.model.routing.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import weft.model.routing.ForwardingEntry;
import weft.model.routing.PairLayer;
import weft.model.routing.RoutingResult;
import weft.model.routing.io.RoutesDocument.RoutedPath;

class RoutesJsonTest {
    static final String DOCUMENTED_EXAMPLE = """
            {"format": "weft-routes/1", "engine": "lash", "layers": 3,
             "layer_of":   [{"src": "s1", "dst": "s7", "layer": 2}],
             "forwarding": [{"switch": "s3", "dst": "s7", "layer": 2, "in_port": null, "out_ports": [4]}]}
            """;

    @Test
    void readsTheDocumentedExample() {
        RoutingResult r = RoutesJson.read("r.json", DOCUMENTED_EXAMPLE).result();
        assertThat(r.engine()).isEqualTo("lash");
        assertThat(r.layers()).isEqualTo(3);
        assertThat(r.layerOf()).containsExactly(new PairLayer("s1", "s7", 2));
        assertThat(r.forwarding()).containsExactly(ForwardingEntry.of("s3", "s7", 2, 4));
        assertThat(r.promisesShortest()).isFalse();
    }

    @Test
    void roundTripsEveryField() {
        RoutingResult r = new RoutingResult("vlb", 2,
                List.of(new PairLayer("s1", "s2", 0), new PairLayer("s1", "s3", 1, 5)),
                List.of(ForwardingEntry.of("s1", "s2", 0, 3),
                        new ForwardingEntry("s1", "s3", 1, 2, 5, List.of(4, 6))), true);
        RoutesDocument doc = new RoutesDocument(r, List.of(new RoutedPath("s1", "s3", 1, 5, List.of("s1", "s3"))),
                Map.of("compute_ms", 1.5));
        String json = RoutesJson.write(doc);
        RoutesDocument back = RoutesJson.read("x.json", json);
        assertThat(back.result()).isEqualTo(r);
        assertThat(back.paths()).isEqualTo(doc.paths());
        assertThat(back.stats()).containsEntry("compute_ms", 1.5);
        assertThat(RoutesJson.write(back)).isEqualTo(json);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "[1,2]|r.json: (root): expected a JSON object with \"format\": \"weft-routes/1\", got an array",
        "{\"format\": \"weft-topology/1\"}|r.json: format: string \"weft-topology/1\" is not supported"
                + " (expected \"weft-routes/1\")",
        "{\"format\": \"weft-routes/1\", \"layers\": 1}|r.json: engine: missing field (expected a non-empty string)",
        "{\"format\": \"weft-routes/1\", \"engine\": \"x\", \"layers\": 0}|r.json: layers: is 0 (expected >= 1)",
        "{\"format\": \"weft-routes/1\", \"engine\": \"x\", \"layers\": 1, \"forwarding\": []}"
                + "|r.json: layer_of: missing field (expected an array)",
        "{\"format\": \"weft-routes/1\", \"engine\": \"x\", \"layers\": 1, \"layer_of\": [], \"forwarding\": [],"
                + " \"colour\": 1}|r.json: colour: unknown field (known: format, engine, layers, promises_shortest,"
                + " layer_of, forwarding, paths, stats)",
        "{\"format\": \"weft-routes/1\", \"engine\": \"x\", \"layers\": 2, \"layer_of\": [{\"src\": \"s1\","
                + " \"dst\": \"s2\", \"layer\": 2}], \"forwarding\": []}"
                + "|r.json: layer_of[0].layer: is 2 (expected 0..1, \"layers\" is 2)",
        "{\"format\": \"weft-routes/1\", \"engine\": \"x\", \"layers\": 1, \"layer_of\": [], \"forwarding\":"
                + " [{\"switch\": \"s1\", \"dst\": \"s2\", \"layer\": 0, \"out_ports\": []}]}"
                + "|r.json: forwarding[0].out_ports: is empty (expected at least one port)",
        "{\"format\": \"weft-routes/1\", \"engine\": \"x\", \"layers\": 1, \"layer_of\": [], \"forwarding\":"
                + " [{\"switch\": \"s1\", \"dst\": \"s2\", \"layer\": 0, \"out_ports\": [2, \"x\"]}]}"
                + "|r.json: forwarding[0].out_ports[1]: expected a port number >= 1, got string \"x\"",
        "{\"format\": \"weft-routes/1\", \"engine\": \"x\", \"layers\": 1, \"layer_of\": [], \"forwarding\":"
                + " [{\"switch\": \"s1\", \"layer\": 0, \"out_ports\": [2]}]}"
                + "|r.json: forwarding[0].dst: missing field (expected a non-empty string)",
    })
    void badInputNamesTheLocation(String json, String message) {
        assertThatThrownBy(() -> RoutesJson.read("r.json", json))
                .isInstanceOf(RoutesFormatException.class)
                .hasMessage(message);
    }

    @Test
    void syntaxErrorsGiveLineAndColumn() {
        assertThatThrownBy(() -> RoutesJson.read("r.json", "{\n  \"format\": ,\n}"))
                .isInstanceOf(RoutesFormatException.class)
                .hasMessageStartingWith("r.json: line 2, column 13: not valid JSON: ");
    }

    @Test
    @DisplayName("A routes file with two \"layers\" keys is refused, not read as the last one (7 layers)")
    void duplicateKeysAreRefused() {
        String twoLayers = """
                {"format": "weft-routes/1", "engine": "lash", "layers": 1, "layers": 7,
                 "layer_of": [{"src": "s1", "dst": "s7", "layer": 0}],
                 "forwarding": [{"switch": "s3", "dst": "s7", "layer": 0, "out_ports": [4]}]}""";
        assertThatThrownBy(() -> RoutesJson.read("r.json", twoLayers))
                .isInstanceOf(RoutesFormatException.class)
                .hasMessage("r.json: line 1, column 68: not valid JSON: Duplicate field 'layers'");
        assertThatThrownBy(() -> RoutesJson.read("r.json", """
                {"format": "weft-routes/1", "engine": "x", "layers": 1, "layer_of": [],
                 "forwarding": [{"switch": "s3", "dst": "s7", "dst": "s8", "layer": 0, "out_ports": [4]}]}"""))
                .hasMessageContaining("Duplicate field 'dst'");
    }
}

package weft.model.topology.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

class TopologyJsonTest {
    /** A two-switch fabric in the form of the example of docs/topology-format.md. */
    private static final String EXAMPLE = """
            {"format": "weft-topology/1", "name": "two",
             "switches": [{"id": "s1", "dpid": "0000000000000001", "ports": 6},
                          {"id": "s2", "dpid": "0000000000000002", "ports": 6}],
             "hosts":    [{"id": "h1", "mac": "02:00:00:00:00:01", "ip": "10.0.0.1", "switch": "s1", "port": 1,
                           "gbps": 10.0}],
             "links":    [{"a": "s1", "a_port": 2, "b": "s2", "b_port": 3, "gbps": 10.0}]}
            """;

    @Test
    void readsTheDocumentedExample() throws Exception {
        Topology t = TopologyJson.read("t.json", new StringReader(EXAMPLE));
        assertThat(t.name()).isEqualTo("two");
        assertThat(t.switches()).containsExactly(new Switch("s1", 1, 6), new Switch("s2", 2, 6));
        assertThat(t.hosts()).containsExactly(new Host("h1", "02:00:00:00:00:01", "10.0.0.1", "s1", 1, 10.0));
        assertThat(t.links()).containsExactly(new Link("s1", 2, "s2", 3, 10.0, Link.DEFAULT_LATENCY_US));
    }

    @Test
    void writesOneElementPerLineAndReadsBackEqual() {
        Topology t = new Topology("w \"quoted\"", List.of(new Switch("a", 0xabcdefL, 3), new Switch("b", 2, 3)),
                List.of(), List.of(new Link("a", 1, "b", 2, 40, 2.5), new Link("a", 2, "b", 1, 0.1, 0)));
        String text = TopologyJson.write(t);
        assertThat(text).contains("\n    {\"id\":\"a\",\"dpid\":\"0000000000abcdef\",\"ports\":3},\n")
                .contains("\"hosts\": [],\n")
                .contains("{\"a\":\"a\",\"a_port\":1,\"b\":\"b\",\"b_port\":2,\"gbps\":40.0,\"latency_us\":2.5}");
        Topology back = TopologyJson.read("w.json", text);
        assertThat(back.name()).isEqualTo(t.name());
        assertThat(back.switches()).isEqualTo(t.switches());
        assertThat(back.links()).isEqualTo(t.links());
    }

    @Test
    void acceptsDpidSpellingsAndOptionalSections() {
        Topology t = TopologyJson.read("d.json", """
                {"format": "weft-topology/1", "switches": [
                  {"id": "x", "dpid": "00:00:00:00:00:00:00:0a", "ports": 1},
                  {"id": "y", "dpid": "0x0B", "ports": 1},
                  {"id": "z", "dpid": 12, "ports": 1}]}""");
        assertThat(t.switches()).extracting(Switch::dpid).containsExactly(10L, 11L, 12L);
        assertThat(t.name()).isEmpty();
        assertThat(t.links()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/json/bad-documents.csv",
            delimiter = '|', quoteCharacter = '\'', commentCharacter = '#')
    void rejectsBadDocuments(String what, String text, String message) {
        assertThatThrownBy(() -> TopologyJson.read("t.json", text))
                .as(what).isInstanceOf(TopologyFormatException.class).hasMessage(message);
    }

    private static final String TWO = """
            {"format": "weft-topology/1", "switches": [
              {"id": "s1", "dpid": "1", "ports": 4}, {"id": "s2", "dpid": "2", "ports": 4}],
             "hosts": [%s], "links": [%s]}""";

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/json/broken-references.csv",
            delimiter = '|', quoteCharacter = '\'', commentCharacter = '#')
    void rejectsBrokenReferences(String what, String hosts, String links, String message) {
        String text = String.format(TWO, hosts == null ? "" : hosts, links == null ? "" : links);
        assertThatThrownBy(() -> TopologyJson.read("t.json", text))
                .as(what).isInstanceOf(TopologyFormatException.class).hasMessage(message);
    }

    @Test
    void exceptionExposesItsParts() {
        TopologyFormatException e = org.junit.jupiter.api.Assertions.assertThrows(TopologyFormatException.class,
                () -> TopologyJson.read("f.json", String.format(TWO, "",
                        "{\"a\": \"s1\", \"a_port\": 2, \"b\": \"s9\", \"b_port\": 2, \"gbps\": 10}")));
        assertThat(e.source()).isEqualTo("f.json");
        assertThat(e.location()).isEqualTo("links[0].b");
        assertThat(e.problem()).isEqualTo("unknown switch s9");
    }

    /** A compact document of {@code n} switches ({@code ports} each) and no hosts or links. */
    static String switches(int n, int ports) {
        StringBuilder b = new StringBuilder("{\"format\": \"weft-topology/1\", \"switches\": [");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ",").append("{\"id\":\"s").append(i).append("\",\"dpid\":").append(i + 1)
                    .append(",\"ports\":").append(ports).append('}');
        }
        return b.append("]}").toString();
    }

    @Test
    @DisplayName("A 1,000,000-switch file is refused by its size before it is parsed")
    void millionSwitchesAreRefusedBySize() {
        String text = switches(1_000_000, 8);
        assertThatThrownBy(() -> TopologyJson.read("big.json", text))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessage(String.format("big.json: %,d characters, more than the %,d a weft-topology/1 file may "
                        + "have", text.length(), TopologyJson.MAX_CHARS));
    }

    @Test
    @DisplayName("Switch, port and total-port limits name the limit and the location")
    void countLimits() {
        assertThatThrownBy(() -> TopologyJson.read("t.json", switches(TopologyJson.MAX_SWITCHES + 1, 1)))
                .hasMessage(String.format("t.json: switches: %,d switches, more than the %,d a topology may have",
                        TopologyJson.MAX_SWITCHES + 1, TopologyJson.MAX_SWITCHES));
        assertThatThrownBy(() -> TopologyJson.read("t.json", switches(1, 2_000_000_000)))
                .hasMessage("t.json: switches[0].ports: 2,000,000,000 ports, more than the 65,535 a switch may have");
        assertThatThrownBy(() -> TopologyJson.read("t.json", switches(65, 65_535)))
                .hasMessage("t.json: switches[64].ports: 4,259,775 ports in switches[0..64], more than the "
                        + "4,194,304 a topology may have in all");
    }
}

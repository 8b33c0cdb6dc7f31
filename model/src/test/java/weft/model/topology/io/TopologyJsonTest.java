package weft.model.topology.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

class TopologyJsonTest {
    /** The example of the issue, verbatim apart from a second switch and the link's far end. */
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
    @CsvSource(delimiter = '|', textBlock = """
            not JSON           | {"format": "weft-topology/1",, }                                    | t.json: line 1, column 30: not valid JSON: Unexpected character (',' (code 44)): was expecting double-quote to start field name
            empty              | '   '                                                                 | t.json: not JSON: the input is empty
            truncated          | '{"format": "weft-topology/1", "switches": ['                         | t.json: line 1, column 44: not valid JSON: Unexpected end-of-input: expected close marker for Array (start marker at line 1, column 43)
            not an object      | [1, 2]                                                                | t.json: (root): expected a JSON object with "format": "weft-topology/1", got an array
            missing format     | {"switches": []}                                                      | t.json: format: missing field (expected "weft-topology/1"); is this a Weft topology file?
            wrong format       | {"format": "weft-topology/2", "switches": []}                         | t.json: format: string "weft-topology/2" is not supported (expected "weft-topology/1")
            duplicate key      | {"format": "weft-topology/1", "format": "weft-topology/1"}            | t.json: line 1, column 39: not valid JSON: Duplicate field 'format'
            unknown top field  | {"format": "weft-topology/1", "switches": [], "link": []}             | t.json: link: unknown field (known: format, name, switches, hosts, links)
            missing switches   | {"format": "weft-topology/1"}                                         | t.json: switches: missing field (expected an array)
            switches not array | {"format": "weft-topology/1", "switches": {}}                         | t.json: switches: expected an array, got an object
            element not object | {"format": "weft-topology/1", "switches": ["s1"]}                     | t.json: switches[0]: expected an object, got string "s1"
            missing field      | {"format": "weft-topology/1", "switches": [{"id": "s1", "ports": 2}]} | t.json: switches[0].dpid: missing field (expected 16 hex digits)
            wrong type port    | {"format": "weft-topology/1", "switches": [{"id": "s1", "dpid": "1", "ports": "2"}]} | t.json: switches[0].ports: expected an integer, got string "2"
            fractional port    | {"format": "weft-topology/1", "switches": [{"id": "s1", "dpid": "1", "ports": 2.5}]} | t.json: switches[0].ports: expected an integer, got number 2.5
            null id            | {"format": "weft-topology/1", "switches": [{"id": null, "dpid": "1", "ports": 2}]} | t.json: switches[0].id: expected a string, got null
            bad dpid           | {"format": "weft-topology/1", "switches": [{"id": "s1", "dpid": "xyz", "ports": 2}]} | t.json: switches[0].dpid: "xyz" is not a datapath id (expected up to 16 hex digits, e.g. "0000000000000001")
            unknown sw field   | {"format": "weft-topology/1", "switches": [{"id": "s1", "dpid": "1", "ports": 2, "port": 3}]} | t.json: switches[0].port: unknown field (known: id, dpid, ports)
            duplicate switch   | {"format": "weft-topology/1", "switches": [{"id": "s1", "dpid": "1", "ports": 2}, {"id": "s1", "dpid": "2", "ports": 2}]} | t.json: switches[1].id: duplicate switch id s1 (also switches[0])
            duplicate dpid     | {"format": "weft-topology/1", "switches": [{"id": "s1", "dpid": "1", "ports": 2}, {"id": "s2", "dpid": "01", "ports": 2}]} | t.json: switches[1]: dpid 0000000000000001 of s2 already used by s1
            """)
    void rejectsBadDocuments(String what, String text, String message) {
        assertThatThrownBy(() -> TopologyJson.read("t.json", text))
                .as(what).isInstanceOf(TopologyFormatException.class).hasMessage(message);
    }

    private static final String TWO = """
            {"format": "weft-topology/1", "switches": [
              {"id": "s1", "dpid": "1", "ports": 4}, {"id": "s2", "dpid": "2", "ports": 4}],
             "hosts": [%s], "links": [%s]}""";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown switch in link  | | {"a": "s1", "a_port": 2, "b": "s9", "b_port": 2, "gbps": 10} | t.json: links[0].b: unknown switch s9
            unknown switch of host  | {"id": "h1", "mac": "02:00:00:00:00:01", "ip": "10.0.0.1", "switch": "s3", "port": 1, "gbps": 1} | | t.json: hosts[0].switch: unknown switch s3
            duplicate port          | | {"a": "s1", "a_port": 2, "b": "s2", "b_port": 2, "gbps": 10}, {"a": "s2", "a_port": 3, "b": "s1", "b_port": 2, "gbps": 10} | t.json: links[1].b_port: port 2 of s1 already used by links[0].a_port
            host and link on a port | {"id": "h1", "mac": "02:00:00:00:00:01", "ip": "10.0.0.1", "switch": "s1", "port": 2, "gbps": 1} | {"a": "s1", "a_port": 2, "b": "s2", "b_port": 2, "gbps": 10} | t.json: links[0].a_port: port 2 of s1 already used by hosts[0].port
            port out of range       | | {"a": "s1", "a_port": 5, "b": "s2", "b_port": 2, "gbps": 10} | t.json: links[0].a_port: port 5 of s1 is outside 1..4
            missing link field      | | {"a": "s1", "a_port": 1, "b": "s2", "gbps": 10} | t.json: links[0].b_port: missing field (expected an integer)
            wrong type gbps         | | {"a": "s1", "a_port": 1, "b": "s2", "b_port": 1, "gbps": "fast"} | t.json: links[0].gbps: expected a number, got string "fast"
            zero gbps               | | {"a": "s1", "a_port": 1, "b": "s2", "b_port": 1, "gbps": 0} | t.json: links[0].gbps: must be > 0, got 0.0
            negative latency        | | {"a": "s1", "a_port": 1, "b": "s2", "b_port": 1, "gbps": 1, "latency_us": -1} | t.json: links[0].latency_us: must be >= 0, got -1.0
            unknown link field      | | {"a": "s1", "a_port": 1, "b": "s2", "b_port": 1, "gbps": 1, "vl": 2} | t.json: links[0].vl: unknown field (known: a, a_port, b, b_port, gbps, latency_us)
            self-loop               | | {"a": "s1", "a_port": 1, "b": "s1", "b_port": 3, "gbps": 1} | t.json: links[0]: self-loop on s1 (a and b must differ)
            bad mac                 | {"id": "h1", "mac": "02:00:00:00:01", "ip": "10.0.0.1", "switch": "s1", "port": 1, "gbps": 1} | | t.json: hosts[0]: mac 02:00:00:00:01 of h1 is not of the form 02:00:00:00:00:01
            missing host field      | {"id": "h1", "mac": "02:00:00:00:00:01", "switch": "s1", "port": 1, "gbps": 1} | | t.json: hosts[0].ip: missing field (expected a string)
            """)
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
}

package weft.model.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ControlCodecTest {
    private final ControlCodec codec = new ControlCodec();

    static List<ControlMessage> oneOfEach() {
        DestinationRate r = new DestinationRate("h2", "10.0.0.2", 7470, 50_000_000L, "sd",
                List.of(new PathSpec(0, 40000, List.of(1, 2)), new PathSpec(1, 40001, List.of()),
                        new PathSpec(2, 20065, List.of(4, 6), 1)), 3);
        return List.of(
                new ControlMessage.Register("h1", "10.0.0.1", "02:00:00:00:00:01", 7470, "s1:1", "secret"),
                new ControlMessage.Registered("h1", 7),
                new ControlMessage.Rates(true, List.of(r)),
                new ControlMessage.Rates(false, List.of(new DestinationRate("h3", "10.0.0.3", 7470, 20_000_000L, "rr",
                        List.of(), 0, true))),
                new ControlMessage.Report("h1", List.of(new VoqReport("h2", 3000, 10, 14000, 1, 50_000_000L),
                        new VoqReport("h3", 0, 1, 1500, 0, 0, "10.0.0.3"),
                        new VoqReport("h4", 0, 1, 1500, 0, 20_000_000L, "10.0.0.4", "rr", true))),
                new ControlMessage.Flows("h1", List.of("10.0.0.3")),
                new ControlMessage.Flows("h1", List.of("10.0.0.3", "10.0.0.4"), java.util.Map.of("10.0.0.3", 4500L)),
                new ControlMessage.SetRate("h1", "h2", 10_000_000L, null, "secret"),
                new ControlMessage.Ok("set"),
                new ControlMessage.Error("bad"),
                new ControlMessage.NotMaster("c2", "10.0.0.254:6700", "c1 is a standby"),
                new ControlMessage.NotMaster(null, null, "election running"),
                new ControlMessage.Crp(100_000, 32, 30_000, 121_000, 2, 10_000, 6653),
                new ControlMessage.Crp(10_000_000, 32, 4_000, 29_000, 2, 1_000_000, null),
                new ControlMessage.Reserve(1, "10.0.0.9", 29_000, null),
                new ControlMessage.Reserve(2, "10.0.0.9", 4_000, 17_000_000_000_000L),
                new ControlMessage.Grant(1, "10.0.0.9", 7, List.of(new SlotBytes(17_000_000_000_003L, 1_000),
                        new SlotBytes(17_000_000_000_004L, 28_000))),
                new ControlMessage.Retry(2, "10.0.0.9", "destination-full", 300_000_000),
                new ControlMessage.Refused(3, "10.0.0.77", "unknown-destination", "reserve 3 to 10.0.0.77: no host"),
                new ControlMessage.Revoke(7, "10.0.0.9", List.of(new SlotBytes(17_000_000_000_004L, 28_000))),
                new ControlMessage.Charge(List.of(new DestinationBytes("10.0.0.9", 1500),
                        new DestinationBytes("10.0.0.8", 64))));
    }

    @Test
    void everyMessageTypeHasOneWireNameInTheTable() {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (Class<?> c : ControlMessage.class.getPermittedSubclasses()) {
            assertThat(oneOfEach()).as("oneOfEach covers " + c.getSimpleName()).anyMatch(c::isInstance);
        }
        for (ControlMessage m : oneOfEach()) {
            assertThat(m.type()).as(m.getClass().getSimpleName()).isNotNull();
            names.add(m.type());
        }
        assertThat(names).containsExactly("charge", "crp", "error", "flows", "grant", "not-master", "ok", "rates",
                "refused", "register", "registered", "report", "reserve", "retry", "revoke", "set-rate");
        assertThat(new ControlMessage.Reserve(1, "10.0.0.9", 29_000, null).type()).isEqualTo("reserve");
    }

    @Test
    void roundTripsEveryType() throws ProtocolException {
        for (ControlMessage m : oneOfEach()) {
            String line = codec.encode(m);
            assertThat(line).startsWith("{\"v\":1,\"type\":\"" + m.type() + "\"").doesNotContain("\n");
            assertThat(codec.decode(line)).isEqualTo(m);
        }
    }

    /** Lines the decoder refuses, each with the whole message that names its problem. */
    static Stream<Arguments> refusedLines() {
        return Stream.of(
                arguments("[1]", "control line must be a JSON object, got [1]"),
                arguments("{\"type\":\"ok\"}",
                        "control line: field 'v' (protocol version) is missing or not an integer"),
                arguments("{\"v\":2,\"type\":\"ok\"}", "control line: unsupported protocol version 2, expected 1"),
                arguments("{\"v\":1,\"type\":\"register\",\"ip\":\"10.0.0.1\"}",
                        "register: field 'dataPort' is missing or null"),
                arguments("{\"v\":1,\"type\":\"register\",\"ip\":\"10.0.0.1\",\"dataPort\":1}",
                        "register: field 'host' is required"),
                arguments("{\"v\":1,\"type\":\"rates\",\"replace\":true,\"rates\":[{\"dst\":\"h2\","
                        + "\"dstIp\":\"10.0.0.2\",\"dstPort\":7470,\"bitsPerSecond\":-5,\"tenant\":0}]}",
                        "rates: dst h2: bitsPerSecond must be >= 0, got -5"),
                // CRP's messages: slot budgets, byte counts and waits that break its rules.
                arguments("{\"v\":1,\"type\":\"grant\",\"id\":1,\"dst\":\"10.0.0.9\","
                        + "\"booking\":7,\"budget\":[{\"slot\":5,\"bytes\":10},{\"slot\":7,\"bytes\":10}]}",
                        "grant: budget [SlotBytes[slot=5, bytes=10], SlotBytes[slot=7, bytes=10]], expected one "
                                + "slot or two adjacent ones"),
                arguments("{\"v\":1,\"type\":\"grant\",\"id\":1,\"dst\":\"10.0.0.9\",\"booking\":7,\"budget\":[]}",
                        "grant: budget [], expected one slot or two adjacent ones"),
                arguments("{\"v\":1,\"type\":\"grant\",\"id\":1,\"dst\":\"10.0.0.9\","
                        + "\"booking\":7,\"budget\":[{\"slot\":5,\"bytes\":0}]}",
                        "grant: slot 5: 0 bytes, expected > 0"),
                arguments("{\"v\":1,\"type\":\"reserve\",\"id\":1,\"bytes\":10}", "reserve: field 'dst' is required"),
                arguments("{\"v\":1,\"type\":\"reserve\",\"id\":1,\"dst\":\"10.0.0.9\"}",
                        "reserve: field 'bytes' is missing or null"),
                arguments("{\"v\":1,\"type\":\"charge\",\"charges\":[{\"dst\":\"10.0.0.9\",\"bytes\":-1}]}",
                        "charge: charge to 10.0.0.9: -1 bytes, expected > 0"),
                arguments("{\"v\":1,\"type\":\"retry\",\"id\":1,\"dst\":\"10.0.0.9\","
                        + "\"cause\":\"no-common-slot\",\"waitNanos\":-3}",
                        "retry: waitNanos -3 is negative"));
    }

    @ParameterizedTest
    @MethodSource("refusedLines")
    void refusesALineNamingTheProblem(String line, String message) {
        assertThatThrownBy(() -> codec.decode(line)).isInstanceOf(ProtocolException.class).hasMessage(message);
    }

    @Test
    void refusesALineNamingTheProblemBeforeDetailsFromElsewhere() {
        assertThatThrownBy(() -> codec.decode("{\"v\":1,")).isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("control line is not JSON");
        assertThatThrownBy(() -> codec.decode("{\"v\":1,\"type\":\"teleport\"}"))
                .hasMessageStartingWith("control line: unknown type 'teleport', expected one of "
                        + "[charge, crp, error, flows,");
        assertThatThrownBy(() -> codec.decode("{\"v\":1,\"type\":\"rates\",\"replace\":true,\"rates\":[{\"dst\":\"h2\","
                + "\"dstIp\":\"10.0.0.2\",\"dstPort\":7470,\"bitsPerSecond\":\"fast\",\"tenant\":0}]}"))
                .hasMessageContaining("rates: field 'rates[0].bitsPerSecond' has value fast of the wrong type");
        assertThatThrownBy(() -> codec.decode("{\"v\":1,\"type\":\"crp\",\"slotNanos\":1000,\"cells\":65,"
                + "\"minBytes\":1,\"maxBytes\":2,\"outstanding\":1,\"toleranceNanos\":0}"))
                .hasMessageStartingWith("crp: slotNanos 1000, cells 65,");
    }

    @Test
    void readsLinesWithoutTheOptionalFieldsAddedWithinVersionOne() throws ProtocolException {
        assertThat(codec.decode("{\"v\":1,\"type\":\"flows\",\"host\":\"h1\",\"destinations\":[\"10.0.0.2\"]}"))
                .isEqualTo(new ControlMessage.Flows("h1", List.of("10.0.0.2"), java.util.Map.of()));
        ControlMessage.Rates r = (ControlMessage.Rates) codec.decode("{\"v\":1,\"type\":\"rates\",\"replace\":false,"
                + "\"rates\":[{\"dst\":\"h2\",\"dstIp\":\"10.0.0.2\",\"dstPort\":7470,\"bitsPerSecond\":5,\"tenant\":0,"
                + "\"paths\":[{\"id\":0,\"tag\":40000,\"links\":[]}]}]}");
        assertThat(r.rates().get(0).paths().get(0).dscp()).isNull();
        assertThat(r.rates().get(0).manual()).as("no manual field: not hand-set").isFalse();
        ControlMessage.Report report = (ControlMessage.Report) codec.decode("{\"v\":1,\"type\":\"report\","
                + "\"host\":\"h1\",\"voqs\":[{\"dst\":\"h2\",\"backlogBytes\":0,\"sentPackets\":1,"
                + "\"sentBytes\":1500,\"droppedPackets\":0,\"bitsPerSecond\":5}]}");
        assertThat(report.voqs().get(0).manual()).isFalse();
        assertThat(report.voqs().get(0).policy()).isNull();
        assertThatThrownBy(() -> codec.decode("{\"v\":1,\"type\":\"rates\",\"replace\":false,"
                + "\"rates\":[{\"dst\":\"h2\",\"dstIp\":\"10.0.0.2\",\"dstPort\":7470,\"bitsPerSecond\":5,\"tenant\":0,"
                + "\"paths\":[{\"id\":0,\"tag\":40000,\"dscp\":64}]}]}"))
                .hasMessageContaining("path 0: dscp must be in 0..63, got 64");
    }

    @Test
    void ignoresUnknownFieldsWithinAVersion() throws ProtocolException {
        assertThat(codec.decode("{\"v\":1,\"type\":\"ok\",\"detail\":\"x\",\"future\":42}"))
                .isEqualTo(new ControlMessage.Ok("x"));
    }
}

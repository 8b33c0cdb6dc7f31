package weft.controller.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import weft.controller.crp.ReservationOptions;
import weft.model.crp.EgressPort;

/** {@code --reserve crp} and the {@code --crp-*} options, as picocli parses them. */
class ReserveOptionsTest {
    @CommandLine.Command(name = "probe")
    static final class Probe {
        @CommandLine.Mixin
        ReserveOptions crp = new ReserveOptions();
    }

    private static ReserveOptions parse(String... args) {
        Probe p = new Probe();
        new CommandLine(p).parseArgs(args);
        return p.crp;
    }

    @Test
    @DisplayName("Without --reserve: no reservations")
    void off() {
        assertThat(parse().options(6700)).isNull();
    }

    @Test
    @DisplayName("Defaults: 100 us x 32 slots, 3% headroom and epsilon, a 300 us round trip (3 lead slots), sizes "
            + "from the fabric, SNTP on the registry's port")
    void defaults() {
        ReservationOptions o = parse("--reserve", "crp").options(6700);
        assertThat(o).isEqualTo(new ReservationOptions(100_000, 32, 30_000, 30_000, 300_000, 0, 0, 2, 8, 12_500,
                10_000, Set.of(), 6700));
        assertThat(o.leadSlots()).isEqualTo(3);
    }

    @Test
    @DisplayName("Given settings: 10 ms slots, a 20 ms round trip, 2.5% headroom, marked ports, no SNTP")
    void labSettings() {
        String[] args = {"--reserve", "crp", "--crp-slot", "10ms", "--crp-rtt", "20ms", "--crp-headroom", "2.5%",
            "--crp-mark", "s1:9", "--crp-mark", "s2:2", "--crp-sntp-port", "0", "--crp-max-bytes", "29100"};
        ReserveOptions r = parse(args);
        ReservationOptions o = r.options(6700);
        assertThat(o.slotNanos()).isEqualTo(10_000_000);
        assertThat(o.leadSlots()).isEqualTo(2);
        assertThat(o.headroomPpm()).isEqualTo(25_000);
        assertThat(o.toleranceNanos()).isEqualTo(1_000_000);
        assertThat(o.marked()).containsExactlyInAnyOrder(EgressPort.parse("s1:9"), EgressPort.parse("s2:2"));
        assertThat(o.sntpPort()).isNull();
        assertThat(o.maxBytes()).isEqualTo(29_100);
    }

    @Test
    @DisplayName("Bad values name the option and the value")
    void badValues() {
        assertThatThrownBy(() -> parse("--reserve", "tdma").options(1)).isInstanceOf(CliFailure.class)
                .hasMessage("--reserve tdma: expected crp");
        assertThatThrownBy(() -> parse("--reserve", "crp", "--crp-slot", "fast").options(1))
                .hasMessage("--crp-slot must be a duration such as 100us or 10ms, got fast");
        assertThatThrownBy(() -> parse("--reserve", "crp", "--crp-headroom", "3").options(1))
                .hasMessage("--crp-headroom must be a percentage such as 3%, got 3");
        assertThatThrownBy(() -> parse("--reserve", "crp", "--crp-mark", "s1").options(1))
                .hasMessage("--crp-mark: egress port 's1': expected SWITCH:PORT, e.g. s1:9");
        assertThatThrownBy(() -> parse("--reserve", "crp", "--crp-cells", "65").options(1))
                .hasMessage("crp: 65 slots per table, expected 2..64");
        assertThatThrownBy(() -> parse("--reserve", "crp", "--crp-rtt", "5ms").options(1))
                .hasMessageContaining("crp: round trip 5000000 ns, expected 0 .. less than 31 slots");
    }
}

package weft.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OpenSmLashTest {
    /** OpenSM logs, each with the outcome read from it: status, layers, LASH's time. */
    static Stream<Arguments> logs() {
        return Stream.of(
                Arguments.of("OpenSM log: layers from 'Lanes in layer', LASH time from network discovery to tables "
                        + "configured", List.of(
                        "Nov 26 00:46:07 357024 [32FE06C0] 0x02 -> discover_network_properties: min operational vl(8)",
                        "Nov 26 00:46:07 359533 [32FE06C0] 0x02 -> lash_core: Lanes in layer 0: 962",
                        "Nov 26 00:46:07 359535 [32FE06C0] 0x02 -> lash_core: Lanes in layer 3: 4",
                        "Nov 26 00:46:07 359536 [32FE06C0] 0x02 -> lash_core: Lanes needed: 4, Balancing",
                        "Nov 26 00:46:07 361330 [32FE06C0] 0x02 -> osm_ucast_mgr_process: lash tables configured on "
                                + "all switches"), 0.2, "ok", 4, 0.004306, 1e-6),
                Arguments.of("OpenSM log: ERR 4D02 is a failure that names the layers LASH needed", List.of(
                        "Nov 26 01:00:00 000000 [1] 0x02 -> discover_network_properties: min operational vl(8)",
                        "Nov 26 01:00:01 500000 [1] 0x01 -> lash_core: ERR 4D02: Lane requirements (9) exceed "
                                + "available lanes (8) with starting lane (0)"), 2.0,
                        "fails: needs 9 > 8 layers (ERR 4D02)", 9, 1.5, 1e-9));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void parsesTheLog(String name, List<String> log, double wallSeconds, String status, int layers,
                      double routingSeconds, double tolerance) {
        OpenSmLash.Outcome o = OpenSmLash.parse(log, false, wallSeconds);
        assertThat(o.status()).isEqualTo(status);
        assertThat(o.layers()).isEqualTo(layers);
        assertThat(o.routingSeconds()).isCloseTo(routingSeconds, offset(tolerance));
    }
}

package weft.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OpenSmLashTest {
    @Test
    @DisplayName("OpenSM log: layers from 'Lanes in layer', LASH time from network discovery to tables configured")
    void parsesASuccessfulRun() {
        OpenSmLash.Outcome o = OpenSmLash.parse(List.of(
                "Nov 26 00:46:07 357024 [32FE06C0] 0x02 -> discover_network_properties: min operational vl(8)",
                "Nov 26 00:46:07 359533 [32FE06C0] 0x02 -> lash_core: Lanes in layer 0: 962",
                "Nov 26 00:46:07 359535 [32FE06C0] 0x02 -> lash_core: Lanes in layer 3: 4",
                "Nov 26 00:46:07 359536 [32FE06C0] 0x02 -> lash_core: Lanes needed: 4, Balancing",
                "Nov 26 00:46:07 361330 [32FE06C0] 0x02 -> osm_ucast_mgr_process: lash tables configured on all "
                        + "switches"), false, 0.2);
        assertThat(o.status()).isEqualTo("ok");
        assertThat(o.layers()).isEqualTo(4);
        assertThat(o.routingSeconds()).isCloseTo(0.004306, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    @DisplayName("OpenSM log: ERR 4D02 is a failure that names the layers LASH needed")
    void parsesAFailure() {
        OpenSmLash.Outcome o = OpenSmLash.parse(List.of(
                "Nov 26 01:00:00 000000 [1] 0x02 -> discover_network_properties: min operational vl(8)",
                "Nov 26 01:00:01 500000 [1] 0x01 -> lash_core: ERR 4D02: Lane requirements (9) exceed available "
                        + "lanes (8) with starting lane (0)"), false, 2.0);
        assertThat(o.status()).isEqualTo("fails: needs 9 > 8 layers (ERR 4D02)");
        assertThat(o.layers()).isEqualTo(9);
        assertThat(o.routingSeconds()).isCloseTo(1.5, org.assertj.core.data.Offset.offset(1e-9));
    }
}

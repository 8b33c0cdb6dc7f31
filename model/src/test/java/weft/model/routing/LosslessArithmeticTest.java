package weft.model.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LosslessArithmeticTest {
    @Test
    @DisplayName("Seed 002 §4.3.4, eqs. 4.1-4.3: back-pressure bound, Q = 4 n = 3 gives 14; Q = 10 gives 584 and "
            + "18,688 cycles for n = 3, 4,680 and 149,760 cycles for n = 4")
    void e10BackPressureBound() {
        assertThat(BackPressureBound.packets(4, 3)).isEqualTo(14);
        assertThat(BackPressureBound.packets(10, 3)).isEqualTo(584);
        assertThat(BackPressureBound.latency(10, 3, 32)).isEqualTo(18_688);
        assertThat(BackPressureBound.packets(10, 4)).isEqualTo(4_680);
        assertThat(BackPressureBound.latency(10, 4, 32)).isEqualTo(149_760);
        assertThat(BackPressureBound.packets(2, 5)).isZero();
    }

    @Test
    @DisplayName("Seed 002 §3.1.2, Table 3.1: 26,162 bits = 3,270.25 B -> trigger 3 x 1,522 = 4,566 B, buffer "
            + "9,132 B per port; longest pause 33.55 ms at 1 Gb/s")
    void e11PauseArithmetic() {
        PauseHeadroom gbe = PauseHeadroom.gigabitEthernet();
        assertThat(gbe.totalBits()).isEqualTo(26_162);
        assertThat(gbe.rawBytes()).isEqualTo(3_270.25);
        assertThat(gbe.triggerBytes()).isEqualTo(4_566);
        assertThat(gbe.bufferBytes()).isEqualTo(9_132);
        assertThat(PauseHeadroom.maxPauseNanos(1.0) / 1e6).isCloseTo(33.55, within(0.005));
    }
}

package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SlotClockTest {
    @Test
    @DisplayName("Seed 001 §2.1 Fig. 3: 512-cycle cells, A = cycles 0-511, B = 512-1023, 32 cells reach 16,384")
    void figure3() {
        SlotClock c = SlotClock.of(512);
        assertThat(c.slotOf(0)).isZero();
        assertThat(c.slotOf(511)).isZero();
        assertThat(c.slotOf(512)).isEqualTo(1);
        assertThat(c.slotOf(1023)).isEqualTo(1);
        assertThat(c.startOf(32)).as("end of a 32-cell window").isEqualTo(16_384);
        ReservationTable t = new ReservationTable(32, 512, 0);
        assertThat(t.free(31)).isEqualTo(512);
        assertThat(t.free(32)).as("beyond the window").isZero();
    }

    @Test
    void epochAndNegativeTimes() {
        SlotClock c = new SlotClock(100, 1_000);
        assertThat(c.slotOf(1_000)).isZero();
        assertThat(c.slotOf(999)).isEqualTo(-1);
        assertThat(c.startOf(3)).isEqualTo(1_300);
        assertThatThrownBy(() -> SlotClock.of(0)).hasMessageContaining("slotTicks 0");
    }
}

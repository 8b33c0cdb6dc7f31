package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.sim.SimConfig;

class MeasuredWindowTest {
    @Test
    @DisplayName("a run's window starts after its warm-up and lasts its duration, its first instant in, its end out")
    void halfOpen() {
        MeasuredWindow w = MeasuredWindow.of(SimConfig.defaults().withWarmupPs(100).withDurationPs(50));
        assertThat(w).isEqualTo(new MeasuredWindow(100, 150));
        assertThat(w.lengthPs()).isEqualTo(50);
        assertThat(w.contains(99)).isFalse();
        assertThat(w.contains(100)).isTrue();
        assertThat(w.contains(149)).isTrue();
        assertThat(w.contains(150)).isFalse();
        assertThat(new MeasuredWindow(0, 0).contains(0)).isFalse();
    }
}

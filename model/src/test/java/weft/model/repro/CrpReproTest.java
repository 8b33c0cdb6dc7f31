package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.sim.control.ControlResult.Bin;

class CrpReproTest {
    @Test
    @DisplayName("Seed 001 Fig. 9's reading: the foreground is disturbed from the onset until the end of the last "
            + "bin whose latency is over twice the mean before it (hand-computed: 100 before; 500, 250, 150 after: "
            + "disturbed for 2 bins of 10,000 cycles, peak 500, settled = last quarter's mean)")
    void transientFromBins() {
        List<Bin> bins = List.of(new Bin(30_000, 0.4, 90), new Bin(40_000, 0.4, 110), new Bin(50_000, 0.2, 500),
                new Bin(60_000, 0.3, 250), new Bin(70_000, 0.5, 150), new Bin(80_000, 0.4, 120),
                new Bin(90_000, 0.4, 100), new Bin(100_000, 0.4, 140));
        CrpRuns.Transient t = CrpRuns.Transient.of(bins, 50_000, 2);
        assertThat(t.recoveryCycles()).isEqualTo(20_000);
        assertThat(t.peakLatency()).isEqualTo(500);
        assertThat(t.settledLatency()).isEqualTo(120);
        CrpRuns.Transient calm = CrpRuns.Transient.of(List.of(new Bin(40_000, 0.4, 100), new Bin(50_000, 0.4, 190),
                new Bin(60_000, 0.4, 120)), 50_000, 2);
        assertThat(calm.recoveryCycles()).isZero();
    }

    @Test
    @DisplayName("a bin without any delivered packet after the onset counts as disturbed (the foreground stalled)")
    void stalled() {
        List<Bin> bins = List.of(new Bin(0, 0.4, 100), new Bin(1000, 0, Double.NaN), new Bin(2000, 0.4, 110));
        assertThat(CrpRuns.Transient.of(bins, 1000, 2).recoveryCycles()).isEqualTo(1000);
    }
}

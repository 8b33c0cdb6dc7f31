package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RateMeterTest {
    @Test
    void rateFromTheInjectionsOfPacketsAfterTheWarmUp() {
        RateMeter m = new RateMeter(2, 1_000_000);
        // flow 0: one 2 KB packet every 3276.8 ns (5 Gbit/s), injected from 0; arrivals jittered
        for (int i = 0; i < 10; i++) {
            long injected = Math.round(i * 3_276_800.0);
            m.delivered(0, 1, 0, 2048, injected, injected, injected + 5_000_000 + (i % 3) * 700_000);
        }
        // flow 1: a single packet after the warm-up
        m.delivered(2, 3, 1, 2048, 2_000_000, 2_000_000, 3_000_000);
        assertThat(m.gbps(0)).isCloseTo(5.0, within(1e-6));
        assertThat(m.gbps(1)).isZero();
    }
}

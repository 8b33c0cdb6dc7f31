package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CrpParametersTest {
    private static final RandomGenerator NO_RANDOM = RandomGeneratorFactory.of("L64X128MixRandom").create(1);

    @Test
    @DisplayName("Seed 001 Table 1: V = 32, C = 269, N_min/N_max = 4/16 packets, eps 5%, TTW 200, R_res 1, R 30")
    void table1() {
        CrpParameters p = CrpParameters.paper();
        assertThat(p.cells()).isEqualTo(32);
        assertThat(p.capacity()).isEqualTo(269);
        assertThat(p.minUnits()).isEqualTo(4 * 32);
        assertThat(p.maxUnits()).isEqualTo(16 * 32);
        assertThat(p.ttwTicks()).isEqualTo(200);
        assertThat(p.eagerSlots()).isEqualTo(1);
        assertThat(p.retryTicks()).isEqualTo(30);
        assertThat(p.windowTicks()).as("32 cells of 269 cycles").isEqualTo(8_608);
    }

    @Test
    @DisplayName("Seed 001 §2.5: eps = 5% treats a request as 5% larger; C = 256 x (1 + eps) fits one "
            + "256-flit message")
    void epsilon() {
        CrpParameters p = CrpParameters.paper();
        assertThat(p.inflate(256)).as("ceil(268.8)").isEqualTo(269).isEqualTo(p.capacity());
        assertThat(p.inflate(100)).as("exact: no floating-point rounding up to 106").isEqualTo(105);
        assertThat(p.inflate(512)).as("N_max with eps, ceil(537.6)").isEqualTo(538).isLessThanOrEqualTo(2 * 269);
        assertThat(p.toBuilder().epsilonPpm(0).build().inflate(80)).isEqualTo(80);
    }

    @Test
    @DisplayName("Seed 001 §2.5: N_max must be no greater than 2 C_max")
    void nMaxAtMostTwoSlots() {
        assertThatThrownBy(() -> CrpParameters.paper().toBuilder().sizes(128, 513).build())
                .hasMessageContaining("N_max 513 reserves 539 units with epsilon, more than 2·C_max = 538");
        assertThatThrownBy(() -> CrpParameters.paper().toBuilder().sizes(200, 100).build())
                .hasMessageContaining("1 <= N_min <= N_max");
        assertThatThrownBy(() -> CrpParameters.paper().toBuilder().table(65, 269, SlotClock.of(269)).build())
                .hasMessageContaining("cells (V_cells) 65");
    }

    @Test
    @DisplayName("Seed 001 §2.4 (hand-computed from its rule): destination full waits V x C - RTT = 400 - 50; "
            + "others R_cycles")
    void retryWaits() {
        CrpParameters p = Vectors.params(4, 100);
        assertThat(p.retryWait(RetryCause.DESTINATION_FULL, 50, NO_RANDOM)).isEqualTo(350);
        assertThat(p.retryWait(RetryCause.DESTINATION_FULL, 500, NO_RANDOM)).as("never negative").isZero();
        assertThat(p.retryWait(RetryCause.NO_COMMON_SLOT, 50, NO_RANDOM)).isEqualTo(30);
        assertThat(p.retryWait(RetryCause.GRANT_CONFLICT, 50, NO_RANDOM)).isEqualTo(30);
    }

    @Test
    @DisplayName("Seed 001 §2.6: a randomised retry wait stays within R_cycles + jitter and varies")
    void randomisedRetry() {
        CrpParameters p = Vectors.params(4, 100).toBuilder().retry(30, 30).build();
        RandomGenerator r = RandomGeneratorFactory.of("L64X128MixRandom").create(7);
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int i = 0; i < 1000; i++) {
            long w = p.retryWait(RetryCause.NO_COMMON_SLOT, 0, r);
            min = Math.min(min, w);
            max = Math.max(max, w);
        }
        assertThat(min).isGreaterThanOrEqualTo(30).isLessThan(35);
        assertThat(max).isLessThanOrEqualTo(60).isGreaterThan(55);
    }

    @Test
    @DisplayName("Seed 001 §2.6 on Table 1: the paper's parameters randomise every wait of §2.4 uniformly within "
            + "half to one and a half times it, keeping its mean (R_cycles 30; the window 8,608 less the round trip)")
    void paperRandomisesTheRetryWait() {
        CrpParameters p = CrpParameters.paper();
        assertThat(p.randomRetry()).isTrue();
        RandomGenerator r = RandomGeneratorFactory.of("L64X128MixRandom").create(11);
        long[][] cases = {{15, 45}, {(8608 - 600) / 2, (8608 - 600) / 2 + 8608 - 600}};
        for (int k = 0; k < 2; k++) {
            RetryCause cause = k == 0 ? RetryCause.NO_COMMON_SLOT : RetryCause.DESTINATION_FULL;
            long min = Long.MAX_VALUE;
            long max = 0;
            double sum = 0;
            int n = 20_000;
            for (int i = 0; i < n; i++) {
                long w = p.retryWait(cause, 600, r);
                min = Math.min(min, w);
                max = Math.max(max, w);
                sum += w;
            }
            long lo = cases[k][0];
            long hi = cases[k][1];
            assertThat(min).as("%s least", cause).isGreaterThanOrEqualTo(lo).isLessThan(lo + (hi - lo) / 50 + 1);
            assertThat(max).as("%s most", cause).isLessThanOrEqualTo(hi).isGreaterThan(hi - (hi - lo) / 50 - 1);
            assertThat(sum / n).as("%s mean", cause).isCloseTo((lo + hi) / 2.0, org.assertj.core.api.Assertions
                    .within((hi - lo) / 50.0));
        }
        assertThat(p.toBuilder().randomRetry(false).build().retryWait(RetryCause.DESTINATION_FULL, 600, r))
                .as("off: §2.4's wait as it is").isEqualTo(8608 - 600);
    }

    @Test
    @DisplayName("Seed 001 §2.6: ageing holds one more slot per retry beyond a threshold, up to a maximum")
    void ageing() {
        CrpParameters p = CrpParameters.paper().toBuilder().ageing(3, 4).build();
        assertThat(p.eagerSlotsFor(0)).isEqualTo(1);
        assertThat(p.eagerSlotsFor(3)).isEqualTo(1);
        assertThat(p.eagerSlotsFor(4)).isEqualTo(2);
        assertThat(p.eagerSlotsFor(6)).isEqualTo(4);
        assertThat(p.eagerSlotsFor(60)).isEqualTo(4);
        assertThat(CrpParameters.paper().eagerSlotsFor(60)).as("ageing off").isEqualTo(1);
    }

    @Test
    @DisplayName("Seed 001 §2.5: a speculative packet buffered longer than TTW = 200 cycles is dropped")
    void timeToWait() {
        assertThat(CrpParameters.paper().speculativeExpired(200)).isFalse();
        assertThat(CrpParameters.paper().speculativeExpired(201)).isTrue();
    }
}

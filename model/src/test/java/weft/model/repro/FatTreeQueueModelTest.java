package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Seed 004 App. B's M/M/1/K fat tree and logical tree; vectors hand-computed from the rules of B.2-B.4, corrected. */
class FatTreeQueueModelTest {
    @Test
    @DisplayName("Seed 004 B.2: M/M/1/K drop probability (1 - rho) rho^K / (1 - rho^(K+1)), and 1/(K+1) at rho = 1")
    void singleQueue() {
        assertThat(FatTreeQueueModel.dropProbability(0.5, 5)).isCloseTo(1 / 63.0, within(1e-12));
        assertThat(FatTreeQueueModel.dropProbability(0.8, 10)).isCloseTo(0.023493, within(1e-6));
        assertThat(FatTreeQueueModel.dropProbability(0.9, 50)).isCloseTo(5.1778e-4, within(1e-8));
        assertThat(FatTreeQueueModel.dropProbability(1.0, 50)).isCloseTo(1 / 51.0, within(1e-12));
    }

    @Test
    @DisplayName("Seed 004 §3.3.3 Fig. 3.11 models, l = 3, k = 12, K = 50: fat tree loses 6.25e-6 / 1.152e-3 / "
            + "8.75e-3 at 0.8 / 0.9 / 0.95 and carries 0.897 at 10^-3, 0.850 at 10^-4; the logical tree 0.915, 0.866")
    void thesisSize() {
        FatTreeQueueModel fat = new FatTreeQueueModel(12, 3, 50, false);
        FatTreeQueueModel tree = new FatTreeQueueModel(12, 3, 50, true);
        assertThat(fat.loss(0.8)).isCloseTo(6.25e-6, Percentage.withPercentage(1));
        assertThat(fat.loss(0.9)).isCloseTo(1.152e-3, Percentage.withPercentage(1));
        assertThat(fat.loss(0.95)).isCloseTo(8.75e-3, Percentage.withPercentage(1));
        assertThat(tree.loss(0.9)).isCloseTo(5.18e-4, Percentage.withPercentage(1));
        assertThat(fat.usable(1e-3)).isCloseTo(0.897, within(0.001));
        assertThat(fat.usable(1e-4)).isCloseTo(0.850, within(0.001));
        assertThat(tree.usable(1e-3)).isCloseTo(0.915, within(0.001));
        assertThat(tree.usable(1e-4)).isCloseTo(0.866, within(0.001));
    }

    @Test
    @DisplayName("bad dimensions and loads are refused, naming them")
    void refusesBadInput() {
        assertThatThrownBy(() -> new FatTreeQueueModel(5, 3, 50, false)).hasMessageContaining("k = 5");
        assertThatThrownBy(() -> new FatTreeQueueModel(12, 3, 50, false).loss(1.5)).hasMessageContaining("1.5");
    }

    @Property
    @Label("loss grows with the load and falls with the buffer; the logical tree never loses more than the fat tree")
    void monotone(@ForAll @IntRange(min = 2, max = 12) int halfK, @ForAll @IntRange(min = 2, max = 200) int queue,
                  @ForAll @DoubleRange(min = 0.05, max = 0.95) double load) {
        FatTreeQueueModel fat = new FatTreeQueueModel(2 * halfK, 3, queue, false);
        assertThat(fat.loss(load)).isBetween(0.0, 1.0);
        assertThat(fat.loss(load + 0.05)).isGreaterThanOrEqualTo(fat.loss(load) - 1e-15);
        assertThat(new FatTreeQueueModel(2 * halfK, 3, queue + 10, false).loss(load))
                .isLessThanOrEqualTo(fat.loss(load) + 1e-15);
        assertThat(new FatTreeQueueModel(2 * halfK, 3, queue, true).loss(load))
                .isLessThanOrEqualTo(fat.loss(load) + 1e-15);
    }
}

package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ToleranceTest {
    @Test
    void relativeIsAFractionOfThePapersFigure() {
        Tolerance t = Tolerance.defaultRelative();
        assertThat(t.holds(5.0, 5.5)).isTrue();
        assertThat(t.holds(5.0, 4.5)).isTrue();
        assertThat(t.holds(5.0, 5.51)).isFalse();
        assertThat(t.holds(-50, -45.5)).isTrue();
        assertThat(t.holds(-50, -44)).isFalse();
        assertThat(t.describe()).isEqualTo("±10%");
    }

    @Test
    void absoluteIsInTheClaimsUnit() {
        Tolerance t = Tolerance.absolute(0.05, "two decimals");
        assertThat(t.holds(1.00, 0.95)).isTrue();
        assertThat(t.holds(1.00, 0.94)).isFalse();
        assertThat(t.describe()).isEqualTo("±0.05");
    }

    @Test
    void oneSidedBoundsAllowSlackOnOneSideOnly() {
        Tolerance least = Tolerance.atLeast(0, "direction");
        assertThat(least.holds(1.0, 1.7)).isTrue();
        assertThat(least.holds(1.0, 0.99)).isFalse();
        Tolerance most = Tolerance.atMost(2, "up to");
        assertThat(most.holds(13, 15)).isTrue();
        assertThat(most.holds(13, -40)).isTrue();
        assertThat(most.holds(13, 15.1)).isFalse();
        assertThat(most.describe()).isEqualTo("<= paper + 2");
    }

    @Test
    void notMeasuredNeverHolds() {
        assertThat(Tolerance.atLeast(1, "x").holds(1, Double.NaN)).isFalse();
        assertThat(Tolerance.relative(1, "x").holds(1, Double.NaN)).isFalse();
    }

    @Test
    void refusesANegativeAmountOrNoBasis() {
        assertThatThrownBy(() -> Tolerance.relative(-0.1, "x")).hasMessageContaining(">= 0");
        assertThatThrownBy(() -> Tolerance.relative(0.1, " ")).hasMessageContaining("basis");
    }

    @Test
    void holdsIsComputedFromTheToleranceNotStored() {
        Claim c = new Claim("C1", "trunk rate", 2.0 / 3, "fraction", Tolerance.defaultRelative(), new Band(0.5, 0.8));
        assertThat(c.measured(0.66).holds()).isTrue();
        assertThat(c.measured(0.5).holds()).isFalse();
        assertThat(c.measured(0.5).inQuickBand()).isTrue();
        assertThat(c.measured(0.66).difference()).isCloseTo(0.66 - 2.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
    }
}

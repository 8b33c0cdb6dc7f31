package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ToleranceTest {
    /** Each kind of tolerance, paper's figure, Weft's figure, and whether the claim holds. */
    static Stream<Arguments> verdicts() {
        Tolerance relative = Tolerance.defaultRelative();
        Tolerance absolute = Tolerance.absolute(0.05, "two decimals");
        Tolerance least = Tolerance.atLeast(0, "direction");
        Tolerance most = Tolerance.atMost(2, "up to");
        return Stream.of(
                arguments("relative is a fraction of the paper's figure", relative, 5.0, 5.5, true),
                arguments("relative is a fraction of the paper's figure", relative, 5.0, 4.5, true),
                arguments("relative is a fraction of the paper's figure", relative, 5.0, 5.51, false),
                arguments("relative is a fraction of the paper's figure", relative, -50, -45.5, true),
                arguments("relative is a fraction of the paper's figure", relative, -50, -44, false),
                arguments("absolute is in the claim's unit", absolute, 1.00, 0.95, true),
                arguments("absolute is in the claim's unit", absolute, 1.00, 0.94, false),
                arguments("at least: slack above only", least, 1.0, 1.7, true),
                arguments("at least: slack above only", least, 1.0, 0.99, false),
                arguments("at most: slack below only", most, 13, 15, true),
                arguments("at most: slack below only", most, 13, -40, true),
                arguments("at most: slack below only", most, 13, 15.1, false));
    }

    @ParameterizedTest(name = "{0}: paper {2}, Weft {3} holds: {4}")
    @MethodSource("verdicts")
    void holdsWithinItsSlackOnly(String what, Tolerance t, double paper, double weft, boolean holds) {
        assertThat(t.holds(paper, weft)).isEqualTo(holds);
    }

    @Test
    void describesItsSlack() {
        assertThat(Tolerance.defaultRelative().describe()).isEqualTo("±10%");
        assertThat(Tolerance.absolute(0.05, "two decimals").describe()).isEqualTo("±0.05");
        assertThat(Tolerance.atMost(2, "up to").describe()).isEqualTo("<= paper + 2");
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

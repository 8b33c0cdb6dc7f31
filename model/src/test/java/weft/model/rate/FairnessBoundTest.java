package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Seed 000 §4.4, Props. 4.4.1-4.4.2: the tight worst-case factor (W+1)²/(4W) between the allocators. */
class FairnessBoundTest {
    private static Rational bound(int w) {
        return Rational.of((long) (w + 1) * (w + 1), 4L * w);
    }

    @Test
    @DisplayName("Seed 000 Fig. 4.3, Prop. 4.4.1: W = 5, FFA/SAA ratio for f1 is 9/5 = (W+1)^2/4W")
    void e4() {
        RateProblem p = PaperVectors.saaFfaBound(5);
        Rational ratio = new Ffa().allocate(p, Arithmetic.EXACT).rate("f1")
                .divide(new Saa().allocate(p, Arithmetic.EXACT).rate("f1"));
        assertThat(ratio).isEqualTo(q("9/5")).isEqualTo(bound(5));
    }

    @Test
    @DisplayName("Seed 000 Fig. 4.4, Prop. 4.4.2: W = 5, AFA/FFA and AFA/SAA ratios for a1 are 9/5")
    void e5() {
        RateProblem p = PaperVectors.afaBound(5);
        Rational afa = new Afa().allocate(p, Arithmetic.EXACT).rate("f1");
        assertThat(afa.divide(new Ffa().allocate(p, Arithmetic.EXACT).rate("f1"))).isEqualTo(q("9/5"));
        assertThat(afa.divide(new Saa().allocate(p, Arithmetic.EXACT).rate("f1"))).isEqualTo(q("9/5"));
    }

    @ParameterizedTest(name = "W = {0}")
    @ValueSource(ints = {3, 5, 7, 9, 17})
    @DisplayName("Seed 000 Prop. 4.4.1 tight family: r̄_FFA(f1)/r̄_SAA(f1) = (W+1)^2/4W "
            + "(1.333, 1.8, 2.286, 2.778, 4.765)")
    void saaFfaFamily(int w) {
        RateProblem p = PaperVectors.saaFfaBound(w);
        assertThat(Saa.maxLinkWeight(p, Arithmetic.EXACT)).isEqualTo(Rational.of(w));
        Rational ratio = new Ffa().allocate(p, Arithmetic.EXACT).rate("f1")
                .divide(new Saa().allocate(p, Arithmetic.EXACT).rate("f1"));
        assertThat(ratio).isEqualTo(bound(w));
    }

    @ParameterizedTest(name = "W = {0}")
    @ValueSource(ints = {3, 5, 7, 9, 17})
    @DisplayName("Seed 000 Prop. 4.4.2 tight family: r̄_AFA(a1)/r̄_FFA(a1) = (W+1)^2/4W")
    void afaFamily(int w) {
        RateProblem p = PaperVectors.afaBound(w);
        Rational ratio = new Afa().allocate(p, Arithmetic.EXACT).rate("f1")
                .divide(new Ffa().allocate(p, Arithmetic.EXACT).rate("f1"));
        assertThat(ratio).isEqualTo(bound(w));
    }
}

package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SaaTest extends RateAllocatorContract {
    SaaTest() {
        super(new Saa());
    }

    @Test
    @DisplayName("Seed 000 Fig. 1.1 = seed 003 Fig. 1: SAA gives 1/4 to all six flows, completion 4")
    void e1() {
        Allocation<Rational> a = exact(PaperVectors.e1());
        assertThat(a.rates()).containsOnly(q("1/4"));
        assertThat(Saa.maxLinkWeight(a.problem(), Arithmetic.EXACT)).isEqualTo(q("4"));
    }

    @Test
    @DisplayName("Seed 000 Fig. 2.2: SAA gives f1-f3 1/3 and f4 = f5 = 1/2")
    void e2() {
        assertThat(exact(PaperVectors.e2()).rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("1/2"),
                q("1/2"));
    }

    @Test
    @DisplayName("Seed 000 §4.1.1 (hand-computed from its rule): SAA g = h' = 1/3, h = x* = 1/4, a' = z* = 1/5")
    void e3() {
        Allocation<Rational> a = exact(PaperVectors.e3());
        assertThat(a.rate("g")).isEqualTo(q("1/3"));
        assertThat(a.rate("h'")).isEqualTo(q("1/3"));
        assertThat(a.rate("h")).isEqualTo(q("1/4"));
        assertThat(a.rate("x1")).isEqualTo(q("1/4"));
        assertThat(a.rate("z1")).isEqualTo(q("1/5"));
    }

    @Test
    @DisplayName("Seed 000 Fig. 4.3: SAA gives (1/3, 2/5, 3/5); Y is used 11/15")
    void e4() {
        Allocation<Rational> a = exact(PaperVectors.saaFfaBound(5));
        assertThat(a.rates()).containsExactly(q("1/3"), q("2/5"), q("3/5"));
        assertThat(a.load(a.problem().linkIndex("Y"))).isEqualTo(q("11/15"));
    }

    @Test
    @DisplayName("Seed 000 §4.1.1 (hand-computed from its rule): SAA gives (2/3, 1/4, 3/4), loads X = 11/12, Y = 1, "
            + "completion 4 = W")
    void e6() {
        Allocation<Rational> a = exact(PaperVectors.e6());
        assertThat(a.rates()).containsExactly(q("2/3"), q("1/4"), q("3/4"));
        assertThat(a.load(0)).isEqualTo(q("11/12"));
        assertThat(a.load(1)).isEqualTo(q("1"));
        Rational completion = Rational.ZERO;
        for (int f = 0; f < 3; f++) {
            Rational t = Rational.ofDecimal(a.problem().weight(f)).divide(a.rate(f));
            completion = completion.compareTo(t) > 0 ? completion : t;
        }
        assertThat(completion).isEqualTo(q("4")).isEqualTo(Saa.maxLinkWeight(a.problem(), Arithmetic.EXACT));
    }

    @Test
    @DisplayName("Seed 003 §5 (hand-computed from its rule): single switch, weights (2, 1, 3): SAA gives "
            + "(2/3, 1/4, 3/4), phase 4")
    void tv2() {
        Allocation<Rational> a = exact(PaperVectors.tv2());
        assertThat(a.rates()).containsExactly(q("2/3"), q("1/4"), q("3/4"));
        assertThat(a.load(a.problem().linkIndex("s1->sw"))).isEqualTo(q("11/12"));
        assertThat(Saa.maxLinkWeight(a.problem(), Arithmetic.EXACT)).isEqualTo(q("4"));
    }

    @Test
    @DisplayName("Seed 003 §5, Corollary 1 (hand-computed): static routing gives (1/3, 1/3, 1/3, 1), phase 3; the "
            + "2/2 split gives 1/2, phase 2")
    void tv3() {
        assertThat(exact(PaperVectors.tv3(false)).rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("1"));
        assertThat(Saa.maxLinkWeight(PaperVectors.tv3(false), Arithmetic.EXACT)).isEqualTo(q("3"));
        assertThat(exact(PaperVectors.tv3(true)).rates()).containsOnly(q("1/2"));
        assertThat(Saa.maxLinkWeight(PaperVectors.tv3(true), Arithmetic.EXACT)).isEqualTo(q("2"));
    }

    @Test
    @DisplayName("Seed 003 §5, eq. 4 (hand-computed): trunk of capacity 2: SAA gives 1/3, 1/2 x3, 2/3; trunk load "
            + "11/6, phase 3")
    void tv4() {
        Allocation<Rational> a = exact(PaperVectors.tv4());
        assertThat(a.rates()).containsExactly(q("1/3"), q("1/2"), q("1/2"), q("1/2"), q("2/3"));
        assertThat(a.load(a.problem().linkIndex("A->B"))).isEqualTo(q("11/6"));
        assertThat(Saa.maxLinkWeight(a.problem(), Arithmetic.EXACT)).isEqualTo(q("3"));
    }
}

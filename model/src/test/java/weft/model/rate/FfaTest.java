package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class FfaTest extends RateAllocatorContract {
    FfaTest() {
        super(new Ffa());
    }

    @Test
    @DisplayName("Seed 000 Fig. 1.1: FFA gives every flow 1/4; B carries only 1/2")
    void e1() {
        Allocation<Rational> a = exact(PaperVectors.e1());
        assertThat(a.rates()).containsOnly(q("1/4"));
        assertThat(a.load(a.problem().linkIndex("B"))).isEqualTo(q("1/2"));
        assertThat(a.iterations()).isEqualTo(1);
    }

    @Test
    @DisplayName("Seed 000 Fig. 2.2: FFA gives f1-f3 1/3, f4 = f5 = 1/2 in two iterations")
    void e2() {
        Allocation<Rational> a = exact(PaperVectors.e2());
        assertThat(a.rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("1/2"), q("1/2"));
        assertThat(a.iterations()).isEqualTo(2);
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.5 (hand-computed from its rule): FFA g = h' = 3/8, h = x* = 1/4, a' = z* = 1/5 in "
            + "three iterations")
    void e3() {
        Allocation<Rational> a = exact(PaperVectors.e3());
        assertThat(a.rate("g")).isEqualTo(q("3/8"));
        assertThat(a.rate("h'")).isEqualTo(q("3/8"));
        assertThat(a.rate("h")).isEqualTo(q("1/4"));
        assertThat(a.rate("x2")).isEqualTo(q("1/4"));
        assertThat(a.rate("a'")).isEqualTo(q("1/5"));
        assertThat(a.rate("z4")).isEqualTo(q("1/5"));
        assertThat(a.load(0)).as("Y is saturated").isEqualTo(Rational.ONE);
        assertThat(a.iterations()).isEqualTo(3);
    }

    @Test
    @DisplayName("Seed 000 Fig. 4.3: weighted FFA gives (3/5, 2/5, 3/5)")
    void e4() {
        Allocation<Rational> a = exact(PaperVectors.saaFfaBound(5));
        assertThat(a.rates()).containsExactly(q("3/5"), q("2/5"), q("3/5"));
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.5 (hand-computed from its rule): FFA gives rates (3/4, 1/4, 3/4), normalised "
            + "(3/8, 1/4, 1/4)")
    void e6() {
        Allocation<Rational> a = exact(PaperVectors.e6());
        assertThat(a.rates()).containsExactly(q("3/4"), q("1/4"), q("3/4"));
        assertThat(a.normalised(0)).isEqualTo(q("3/8"));
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.5 (hand-computed from its rule): FFA gives g1 = g2 = 9/20, h = y* = 1/10")
    void e7() {
        Allocation<Rational> a = exact(PaperVectors.e7());
        assertThat(a.rate("g1")).isEqualTo(q("9/20"));
        assertThat(a.rate("g2")).isEqualTo(q("9/20"));
        assertThat(a.rate("h")).isEqualTo(q("1/10"));
        assertThat(a.rate("y9")).isEqualTo(q("1/10"));
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.5 (hand-computed from its rule): FFA gives (1/3, 1/3, 1/3, 2/3) with |R| = 2")
    void e8() {
        Allocation<Rational> a = exact(PaperVectors.e8());
        assertThat(a.rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("2/3"));
        assertThat(a.iterations()).isEqualTo(2);
    }

    @Test
    @DisplayName("FFA: a finite demand caps the flow and the others share what it leaves")
    void demandCaps() {
        RateProblem p = RateProblem.builder().link("L", 10).flow("a", 1, "a", 2, 1, "L").flow("b", 1, "L")
                .flow("c", 1, "L").build();
        assertThat(exact(p).rates()).containsExactly(q("2"), q("4"), q("4"));
    }
}

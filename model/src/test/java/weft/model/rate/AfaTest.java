package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AfaTest extends RateAllocatorContract {
    AfaTest() {
        super(new Afa());
    }

    @Test
    @DisplayName("Seed 000 Fig. 2.2: AFA gives a1 = 1/3 (f4 freezes with X), a2 = 2/3; 2 finite passes")
    void e2() {
        Allocation<Rational> a = exact(PaperVectors.e2());
        assertThat(a.rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("1/3"), q("2/3"));
        assertThat(a.iterations()).as("Alg. 4.12 passes with finite Δ̄ (the third returns ∞)").isEqualTo(2);
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.12 (hand-computed from its rule): AFA g = 11/20, h = x* = 1/4, h' = a' = z* = 1/5; "
            + "Y saturated")
    void e3() {
        Allocation<Rational> a = exact(PaperVectors.e3());
        assertThat(a.rate("g")).isEqualTo(q("11/20"));
        assertThat(a.rate("h")).isEqualTo(q("1/4"));
        assertThat(a.rate("x1")).isEqualTo(q("1/4"));
        assertThat(a.rate("h'")).isEqualTo(q("1/5"));
        assertThat(a.rate("a'")).isEqualTo(q("1/5"));
        assertThat(a.rate("z3")).isEqualTo(q("1/5"));
        assertThat(a.load(0)).isEqualTo(Rational.ONE);
        assertThat(a.iterations()).isEqualTo(3);
    }

    @Test
    @DisplayName("Seed 000 Fig. 4.4: AFA gives f1 = 3/5, f2 = 2/5, f3 = 1")
    void e5() {
        Allocation<Rational> a = exact(PaperVectors.afaBound(5));
        assertThat(a.rates()).containsExactly(q("3/5"), q("2/5"), q("1"));
    }

    @Test
    @DisplayName("AFA with one flow per application equals FFA (seed 000 §4.4 table)")
    void singletonsEqualFfa() {
        for (long seed = 0; seed < 20; seed++) {
            RateProblem p = PaperVectors.random(seed, false);
            RateProblem.Builder b = RateProblem.builder();
            for (int l = 0; l < p.linkCount(); l++) {
                b.link(p.linkName(l), p.capacity(l));
            }
            for (int f = 0; f < p.flowCount(); f++) {
                b.flow(p.flowId(f), p.weight(f), p.flowId(f), Double.POSITIVE_INFINITY, 1, p.path(f));
            }
            RateProblem singletons = b.build();
            assertThat(exact(singletons).rates()).containsExactly(new Ffa().allocate(singletons, Arithmetic.EXACT)
                    .rates());
        }
    }
}

package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SaaMTest extends RateAllocatorContract {
    SaaMTest() {
        super(new SaaM());
    }

    @Test
    @DisplayName("Seed 000 §4.1.3 (hand-computed from its rule): SAA-M gives (g1, g2) = (17/30, 1/3) or "
            + "(1/3, 17/30) by claim order, FFA 9/20")
    void e7() {
        RateProblem p = PaperVectors.e7();
        int[] g2First = new int[p.flowCount()];
        g2First[0] = 1;
        g2First[1] = 0;
        for (int i = 2; i < g2First.length; i++) {
            g2First[i] = i;
        }
        Allocation<Rational> first = new SaaM().allocate(p, Arithmetic.EXACT);
        Allocation<Rational> second = new SaaM(g2First).allocate(p, Arithmetic.EXACT);
        assertThat(first.rate("g1")).isEqualTo(q("17/30"));
        assertThat(first.rate("g2")).isEqualTo(q("1/3"));
        assertThat(second.rate("g1")).isEqualTo(q("1/3"));
        assertThat(second.rate("g2")).isEqualTo(q("17/30"));
        assertThat(first.rate("h")).isEqualTo(q("1/10"));
    }

    @Test
    @DisplayName("SAA-M is maximal: every flow crosses a saturated link (seed 000 Theorem 4.1.5 item 4)")
    void maximal() {
        for (long seed = 0; seed < 30; seed++) {
            RateProblem p = PaperVectors.random(seed, false);
            Allocation<Rational> a = new SaaM().allocate(p, Arithmetic.EXACT);
            for (int f = 0; f < p.flowCount(); f++) {
                boolean saturated = false;
                for (int l : p.path(f)) {
                    saturated |= a.load(l).equals(Rational.ofDecimal(p.capacity(l)));
                }
                assertThat(saturated).as("seed %d flow %s", seed, p.flowId(f)).isTrue();
            }
        }
    }
}

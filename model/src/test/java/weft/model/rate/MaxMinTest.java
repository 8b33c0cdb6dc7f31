package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MaxMinTest extends RateAllocatorContract {
    MaxMinTest() {
        super(new MaxMin());
    }

    @Test
    @DisplayName("Seed 004 Alg. 1 (hand-computed from its rule): c = 10, requests (2, 3, 8, 9) share as "
            + "(2, 8/3, 8/3, 8/3)")
    void tv3SingleLink() {
        Rational[] s = LinkShare.maxMin(Arithmetic.EXACT, new Rational[] {q("2"), q("3"), q("8"), q("9")}, q("10"));
        assertThat(s).containsExactly(q("2"), q("8/3"), q("8/3"), q("8/3"));
    }

    @Test
    @DisplayName("Seed 004 §4.3.1 (hand-computed): max-min via BKLGPROP with b = 1: requests (3, 0.2) on c = 1 give "
            + "(0.8, 0.2)")
    void tv4MaxMinByUnitBacklog() {
        Rational[] s = LinkShare.bklgProp(Arithmetic.EXACT, new Rational[] {q("3"), q("1/5")},
                new Rational[] {Rational.ONE, Rational.ONE}, Rational.ONE);
        assertThat(s).containsExactly(q("4/5"), q("1/5"));
    }

    @Test
    @DisplayName("Seed 004 Alg. 2 (hand-computed on a 3-host Virtual Switch): max-min gives r13 = r12 = r23 = 1/2")
    void tv5() {
        RateProblem p = PaperVectors.tv5(new double[][] {{0, 1, 3}, {0, 0, 1}, {0, 0, 0}});
        Allocation<Rational> a = new MaxMin().allocate(p, Arithmetic.EXACT);
        assertThat(a.rates()).containsOnly(q("1/2"));
    }

    @Test
    @DisplayName("Seed 004 Alg. 2 (hand-computed on a 4-host Virtual Switch): max-min gives all four flows 1/2")
    void tv5FourHosts() {
        RateProblem p = PaperVectors.tv5(new double[][] {{0, 1, 3, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}, {0, 2, 0, 0}});
        assertThat(new MaxMin().allocate(p, Arithmetic.EXACT).rates()).containsOnly(q("1/2"));
    }

    @Test
    @DisplayName("Seed 004 Alg. 2 (hand-computed, admissible backlogs): b12 = 0.3, b13 = 0.4, b21 = 0.2 gives r = b")
    void tv5Admissible() {
        RateProblem p = PaperVectors.tv5(new double[][] {{0, 0.3, 0.4}, {0.2, 0, 0}, {0, 0, 0}});
        assertThat(new MaxMin().allocate(p, Arithmetic.EXACT).rates()).containsExactly(q("3/10"), q("2/5"),
                q("1/5"));
    }

    @Test
    @DisplayName("Seed 004 Eq. 4.2, §4.3.3: M = 84 B, T = 1 ms costs 1.344 Mbit/s per VOQ; r_min is added back")
    void overheadDeduction() {
        assertThat(VoqBudget.THESIS.overheadGbps()).isCloseTo(0.001344, within(1e-12));
        assertThat(new VoqBudget(84, 100e-6, 0).overheadGbps() * 15).isCloseTo(0.2016, within(1e-12));
        RateProblem p = RateProblem.builder().link("L", 1).flow("a", 1, "L").flow("b", 1, "L").build();
        Allocation<Double> a = new MaxMin(VoqBudget.THESIS).allocate(p);
        double share = (1 - 2 * (0.001344 + 0.010)) / 2;
        assertThat(a.gbps(0)).isCloseTo(share + 0.010, within(1e-12));
        assertThat(a.load(0)).isCloseTo(1 - 2 * 0.001344, within(1e-12));
    }

    @Test
    @DisplayName("Seed 004 Eq. 4.2: a link whose VOQs need more than its capacity is refused, naming the link")
    void overheadInfeasible() {
        RateProblem p = RateProblem.builder().link("s1->s2", 0.01).flow("a", 1, "s1->s2").build();
        assertThatThrownBy(() -> new MaxMin(VoqBudget.THESIS).allocate(p)).isInstanceOf(InfeasibleRequest.class)
                .hasMessageContaining("link s1->s2: 1 VOQs need");
    }
}

package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.rate.Allocation;
import weft.model.rate.Arithmetic;
import weft.model.rate.Ffa;
import weft.model.rate.RandomProblems;
import weft.model.rate.Rational;
import weft.model.rate.RateProblem;

class DffaStarTest {
    private static Rational q(String s) {
        return Rational.parse(s);
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.6-4.9 (hand-computed from their rule): DFFA* ends at (1/3, 1/3, 1/3, 2/3) = FFA; "
            + "f4 needs 4 passes, f3 2, f1 and f2 3")
    void e8() {
        RateProblem p = RateProblem.builder().link("X", 1).link("Y", 1)
                .flow("f1", 1, "X").flow("f2", 1, "X").flow("f3", 1, "X", "Y").flow("f4", 1, "Y").build();
        DffaStar<Rational> d = new DffaStar<>(p, Arithmetic.EXACT, null, true);
        d.run();
        assertThat(new Rational[] {d.rate(0), d.rate(1), d.rate(2), d.rate(3)})
                .containsExactly(q("1/3"), q("1/3"), q("1/3"), q("2/3"));
        assertThat(new int[] {d.roundTrips(0), d.roundTrips(1), d.roundTrips(2), d.roundTrips(3)})
                .containsExactly(3, 3, 2, 4);
        assertThat(d.packets()).as("12 UpdateLinks round trips + 4 DeclareInactive").isEqualTo(16);
    }

    @Property(tries = 150)
    void anyInterleavingConvergesToFfa(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        RateProblem p = RandomProblems.random(seed, false);
        DffaStar<Rational> d = new DffaStar<>(p, Arithmetic.EXACT,
                RandomGeneratorFactory.of("L64X128MixRandom").create(seed),
                false);
        d.run();
        Allocation<Rational> ffa = new Ffa().allocate(p, Arithmetic.EXACT);
        for (int f = 0; f < p.flowCount(); f++) {
            assertThat(d.rate(f)).as("seed %d flow %s", seed, p.flowId(f)).isEqualTo(ffa.rate(f));
            assertThat(d.lastIncrement(f)).as("no undistributed increment at step 6").isEqualTo(Rational.ZERO);
        }
    }

    @Property(tries = 150)
    void finishesWithinSixDistinctRatesRoundTrips(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        RateProblem p = RandomProblems.random(seed, false);
        DffaStar<Rational> d = new DffaStar<>(p, Arithmetic.EXACT, null, false);
        d.run();
        int distinctRates = new Ffa().allocate(p, Arithmetic.EXACT).iterations();
        int longest = 0;
        for (int f = 0; f < p.flowCount(); f++) {
            longest = Math.max(longest, p.path(f).length);
        }
        long roundTripNanos = (longest + 1) * 1_000L;
        assertThat(d.finishNanos()).as("seed %d: Theorem 4.2.12, done within 6|R|T_rt", seed)
                .isLessThanOrEqualTo(6 * distinctRates * roundTripNanos);
    }
}

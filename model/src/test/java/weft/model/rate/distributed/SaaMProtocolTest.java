package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.rate.Arithmetic;
import weft.model.rate.RandomProblems;
import weft.model.rate.Rational;
import weft.model.rate.RateProblem;
import weft.model.rate.Saa;

class SaaMProtocolTest {
    private static Rational q(String s) {
        return Rational.parse(s);
    }

    /** The DFFA* trace network plus f5 on Y only (hand-computed from seed 000 Alg. 4.3-4.4). */
    private static RateProblem e7b() {
        return RateProblem.builder().link("X", 1).link("Y", 1)
                .flow("f1", 1, "X").flow("f2", 1, "X").flow("f3", 1, "X", "Y").flow("f4", 1, "Y")
                .flow("f5", 1, "Y").build();
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.3-4.4 (hand-computed from their rule): SAA-M dynamics: f5 starts (all at 1/3), "
            + "then ends (f4 climbs to 1/2, claims 2/3)")
    void e7bDynamics() {
        SaaMProtocol<Rational> s = new SaaMProtocol<>(e7b(), Arithmetic.EXACT, null);
        for (int f = 0; f < 4; f++) {
            s.start(f);
            s.run();
        }
        for (int f = 0; f < 4; f++) {
            s.probe(f);
            s.run();
        }
        assertThat(new Rational[] {s.rate(0), s.rate(1), s.rate(2), s.rate(3)})
                .as("the converged SAA-M state").containsExactly(q("1/3"), q("1/3"), q("1/3"), q("2/3"));
        assertThat(s.free(1)).isEqualTo(Rational.ZERO);

        s.start(4);
        s.run();
        assertThat(s.rate(4)).as("AnnounceStart gives W_Y = 3").isEqualTo(q("1/3"));
        assertThat(s.free(1)).as("Y oversubscribed").isEqualTo(q("-1/3"));
        s.probe(3);
        s.run();
        assertThat(s.rate(3)).as("line 3: min(1/3, 2/3)").isEqualTo(q("1/3"));
        assertThat(s.free(1)).isEqualTo(Rational.ZERO);

        s.end(4);
        s.run();
        assertThat(s.free(1)).as("AnnounceEnd(1, 1/3)").isEqualTo(q("1/3"));
        s.probe(3);
        s.run();
        assertThat(s.rate(3)).as("line 2: back to the SAA rate 1/2").isEqualTo(q("1/2"));
        assertThat(s.free(1)).isEqualTo(q("1/6"));
        s.probe(3);
        s.run();
        assertThat(s.rate(3)).as("line 4: reserve and claim c_u = 1/6").isEqualTo(q("2/3"));
        assertThat(s.reserved(1)).isEqualTo(Rational.ZERO);
    }

    @Property(tries = 100)
    void convergesToAFeasibleMaximalSaaRequirementAssignment(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        RateProblem p = RandomProblems.random(seed, false);
        RandomGenerator order = RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
        SaaMProtocol<Rational> s = new SaaMProtocol<>(p, Arithmetic.EXACT, order);
        for (int f = 0; f < p.flowCount(); f++) {
            s.start(f);
        }
        s.run();
        // Periodic probes; random probe phases stand in for the random back-off.
        for (int round = 0; round < 4 * p.flowCount() + 4; round++) {
            for (int f = 0; f < p.flowCount(); f++) {
                if (order.nextInt(3) > 0) {
                    s.probe(f);
                }
            }
            s.run();
        }
        for (int f = 0; f < p.flowCount(); f++) {
            s.probe(f);
            s.run();
        }
        Rational[] saa = new Saa().allocate(p, Arithmetic.EXACT).rates();
        for (int l = 0; l < p.linkCount(); l++) {
            assertThat(s.free(l).signum()).as("seed %d: feasible on %s", seed, p.linkName(l))
                    .isGreaterThanOrEqualTo(0);
        }
        for (int f = 0; f < p.flowCount(); f++) {
            assertThat(s.rate(f)).as("seed %d: SAA requirement for %s", seed, p.flowId(f))
                    .isGreaterThanOrEqualTo(saa[f]);
            boolean saturated = false;
            for (int l : p.path(f)) {
                saturated |= s.free(l).signum() == 0;
            }
            assertThat(saturated).as("seed %d: %s is maximal", seed, p.flowId(f)).isTrue();
        }
    }
}

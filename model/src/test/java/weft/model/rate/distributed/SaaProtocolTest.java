package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.rate.Arithmetic;
import weft.model.rate.Rational;
import weft.model.rate.RateProblem;
import weft.model.rate.Saa;
import weft.model.rate.RandomProblems;

class SaaProtocolTest {
    private static Rational q(String s) {
        return Rational.parse(s);
    }

    /** Hand-computed from seed 003 Algorithm 1: links l, m; fA (w 1) on {l, m}, fB (w 3) on {l}, fC (w 2) on {m}. */
    private static RateProblem tv5() {
        return RateProblem.builder().link("l", 1).link("m", 1)
                .flow("fA", 1, "l", "m").flow("fB", 3, "l").flow("fC", 2, "m").build();
    }

    @Test
    @DisplayName("Seed 003 Algorithm 1 (hand-computed from its rule): asynchronous trace, transient "
            + "oversubscription, one probe after the last announce")
    void tv5Trace() {
        SaaProtocol<Rational> saa = new SaaProtocol<>(tv5(), Arithmetic.EXACT, null);
        saa.start(0);
        saa.run();
        assertThat(saa.rate(0)).as("step 1: fA alone").isEqualTo(q("1"));
        saa.start(2);
        saa.run();
        assertThat(saa.rate(2)).as("step 2: fC gets 2/3; m is oversubscribed (5/3)").isEqualTo(q("2/3"));
        assertThat(saa.rate(0).add(saa.rate(2))).isEqualTo(q("5/3"));
        saa.start(1);
        saa.run();
        assertThat(saa.rate(1)).as("step 3: fB gets 3/4").isEqualTo(q("3/4"));
        saa.probe(0);
        saa.run();
        assertThat(saa.rate(0)).as("step 4: fA's probe returns 4").isEqualTo(q("1/4"));
        assertThat(saa.linkWeightNow(0)).isEqualTo(q("4"));
        assertThat(saa.linkWeightNow(1)).isEqualTo(q("3"));
        saa.end(2);
        saa.run();
        saa.probe(0);
        saa.run();
        assertThat(saa.rate(0)).as("step 6: after fC ends, fA's probe still finds 4").isEqualTo(q("1/4"));
        saa.end(0);
        saa.end(1);
        saa.run();
        assertThat(saa.linkWeightNow(0)).isEqualTo(Rational.ZERO);
        assertThat(saa.linkWeightNow(1)).isEqualTo(Rational.ZERO);
        assertThat(saa.packetsSent(0)).as("fA: 1 AnnounceStart + 2 probes + 1 AnnounceEnd").isEqualTo(4);
    }

    @Property(tries = 100)
    void oneProbePerFlowAfterAllAnnouncementsGivesCentralSaa(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        RateProblem p = RandomProblems.random(seed, false);
        SaaProtocol<Rational> saa = new SaaProtocol<>(p, Arithmetic.EXACT,
                RandomGeneratorFactory.of("L64X128MixRandom").create(seed));
        for (int f = 0; f < p.flowCount(); f++) {
            saa.start(f);
        }
        saa.run();
        for (int f = 0; f < p.flowCount(); f++) {
            saa.probe(f);
        }
        saa.run();
        Rational[] central = new Saa().allocate(p, Arithmetic.EXACT).rates();
        for (int f = 0; f < p.flowCount(); f++) {
            assertThat(saa.rate(f)).as("seed %d flow %s", seed, p.flowId(f)).isEqualTo(central[f]);
            assertThat(saa.packetsSent(f)).as("1 AnnounceStart + 1 probe").isEqualTo(2);
        }
    }
}

package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.random.RandomGeneratorFactory;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import weft.model.rate.Allocation;
import weft.model.rate.Arithmetic;
import weft.model.rate.BacklogProportional;
import weft.model.rate.MaxMin;
import weft.model.rate.RandomProblems;
import weft.model.rate.Rational;
import weft.model.rate.RateAllocator;
import weft.model.rate.RateProblem;
import weft.model.rate.VoqBudget;
import weft.model.rate.distributed.LinkProxyScheduler.Mode;

class LinkProxySchedulerTest {
    private static Rational q(String s) {
        return Rational.parse(s);
    }

    /** Hand-computed from seed 004 Alg. 4-5: Virtual Switch, b13 = 3, b23 = 1 (and optionally b12 = 1); path of
     *  i->j = {up_i, dn_j}. */
    private static RateProblem tv6(boolean withR12) {
        RateProblem.Builder b = RateProblem.builder().link("up1", 1).link("up2", 1).link("dn2", 1).link("dn3", 1)
                .flow("r13", 1, "r13", 3, 3, "up1", "dn3").flow("r23", 1, "r23", 1, 1, "up2", "dn3");
        if (withR12) {
            b.flow("r12", 1, "r12", 1, 1, "up1", "dn2");
        }
        return b.build();
    }

    private static Rational[] rates(LinkProxyScheduler<Rational> s, int n) {
        Rational[] out = new Rational[n];
        for (int f = 0; f < n; f++) {
            out[f] = s.rate(f);
        }
        return out;
    }

    /** Hand-computed runs of Alg. 4-5 in rounds of atomic request/response pairs: the rates after each round. */
    static Stream<Arguments> handComputedRounds() {
        return Stream.of(
                arguments("Seed 004 Alg. 4-5 (hand-computed from their rule), BP mode: round 0 installs (1, 0), "
                        + "round 1 (3/4, 1/4) = central BP", tv6(false), Mode.BACKLOG_PROPORTIONAL,
                        List.of(List.of("1", "0"), List.of("3/4", "1/4"), List.of("3/4", "1/4"))),
                arguments("Seed 004 Alg. 4-5 (hand-computed from their rule), max-min mode: round 0 installs (1, 0), "
                        + "rounds 1 and later (1/2, 1/2)", tv6(false), Mode.MAX_MIN,
                        List.of(List.of("1", "0"), List.of("1/2", "1/2"), List.of("1/2", "1/2"))),
                arguments("Seed 004 Alg. 4-5 (hand-computed) with b12 = 1, BP mode: round 0 (1, 0, 0), round 1 and "
                        + "later (3/4, 1/4, 1/4) = central Alg. 3", tv6(true), Mode.BACKLOG_PROPORTIONAL,
                        List.of(List.of("1", "0", "0"), List.of("3/4", "1/4", "1/4"), List.of("3/4", "1/4", "1/4"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("handComputedRounds")
    void installsTheHandComputedRatesRoundByRound(String name, RateProblem problem, Mode mode,
                                                  List<List<String>> installed) {
        LinkProxyScheduler<Rational> s = new LinkProxyScheduler<>(problem, Arithmetic.EXACT, mode, VoqBudget.NONE,
                null);
        for (int round = 0; round < installed.size(); round++) {
            s.round(true);
            assertThat(rates(s, problem.flowCount())).as("round %d", round)
                    .containsExactly(installed.get(round).stream().map(Rational::parse).toArray(Rational[]::new));
        }
    }

    @Test
    @DisplayName("Seed 004 Alg. 4-5 (hand-computed from their rule), BP mode: after round 0 r23's share is 1/4 while "
            + "its rate waits; one request and one response per flow per round")
    void tv6BacklogProportionalSharesAndPackets() {
        LinkProxyScheduler<Rational> s = new LinkProxyScheduler<>(tv6(false), Arithmetic.EXACT,
                Mode.BACKLOG_PROPORTIONAL, VoqBudget.NONE, null);
        s.round(true);
        assertThat(s.share(1)).as("r23's share is 1/4 already; its rate waits").isEqualTo(q("1/4"));
        s.round(true);
        s.round(true);
        assertThat(s.packets()).as("one request and one response per flow per round").isEqualTo(12);
    }

    @Property(tries = 200)
    void convergesToCentralMaxMinAndBacklogProportional(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        RateProblem p = RandomProblems.random(seed, true);
        checkConverges(p, Mode.MAX_MIN, new MaxMin(), seed);
        checkConverges(p, Mode.BACKLOG_PROPORTIONAL, new BacklogProportional(), seed);
    }

    private static void checkConverges(RateProblem p, Mode mode, RateAllocator central, long seed) {
        RateProblem target = mode == Mode.MAX_MIN ? p.withDemands(demands(p), ones(p.flowCount())) : p;
        Allocation<Rational> centralAnswer = central.allocate(target, Arithmetic.EXACT);
        Rational[] expected = centralAnswer.rates();
        // Any interleaving of the packets within a round: converged after |F| + 2 rounds.
        LinkProxyScheduler<Rational> any = new LinkProxyScheduler<>(p, Arithmetic.EXACT, mode, VoqBudget.NONE,
                RandomGeneratorFactory.of("L64X128MixRandom").create(seed));
        for (int round = 0; round < p.flowCount() + 2; round++) {
            any.round(false);
        }
        // Rounds of atomic request/response pairs (the thesis's argument, §4.3.2): one round records the
        // backlogs, then one round per bottleneck level (iteration) of the central algorithm settles the shares,
        // and the rates follow one round later. Levels are the central iterations, not the distinct rate values:
        // two iterations can saturate links at equal rates (seed 4253). The bound is the thesis's for max-min;
        // in backlog-proportional mode it is only an estimate, and seed 4253 needs more than
        // levels + 2 rounds there, so that mode is held to the |F| + 2 bound of any interleaving.
        LinkProxyScheduler<Rational> rounds = new LinkProxyScheduler<>(p, Arithmetic.EXACT, mode, VoqBudget.NONE,
                null);
        int levels = centralAnswer.iterations();
        int atomicRounds = mode == Mode.MAX_MIN ? levels + 2 : p.flowCount() + 2;
        for (int round = 0; round < atomicRounds; round++) {
            rounds.round(true);
        }
        for (int f = 0; f < p.flowCount(); f++) {
            assertThat(any.rate(f)).as("seed %d %s flow %s, any interleaving", seed, mode, p.flowId(f))
                    .isEqualTo(expected[f]);
            assertThat(rounds.rate(f)).as("seed %d %s flow %s after %d atomic rounds", seed, mode, p.flowId(f),
                    atomicRounds).isEqualTo(expected[f]);
        }
    }

    private static double[] demands(RateProblem p) {
        double[] d = new double[p.flowCount()];
        for (int f = 0; f < d.length; f++) {
            d[f] = p.demand(f);
        }
        return d;
    }

    private static double[] ones(int n) {
        double[] out = new double[n];
        java.util.Arrays.fill(out, 1);
        return out;
    }
}

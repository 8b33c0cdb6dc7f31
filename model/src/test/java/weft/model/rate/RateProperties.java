package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * Properties on random problems (1-8 links with capacities 1, 2, 5/2; 1-14 flows over random paths; weights 1-3;
 * three applications; random demands). A failure prints the jqwik seed and the problem seed.
 */
class RateProperties {
    private static final RateAllocator[] ALL = {new Saa(), new SaaM(), new Ffa(), new Afa(), new MaxMin(),
        new BacklogProportional()};

    @Property(tries = 300)
    void everyAllocationIsFeasibleWithin1e9(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RateProblem p = PaperVectors.random(seed, seed % 2 == 0);
        for (RateAllocator allocator : ALL) {
            assertThat(allocator.allocate(p).worstOverload()).as("%s on problem seed %d", allocator.name(), seed)
                    .isLessThanOrEqualTo(1e-9);
        }
    }

    @Property(tries = 300)
    void ffaIsMaxMinFair(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RateProblem p = PaperVectors.random(seed, seed % 2 == 0);
        Allocation<Rational> a = new Ffa().allocate(p, Arithmetic.EXACT);
        for (int f = 0; f < p.flowCount(); f++) {
            // Bottleneck property: its demand is met, or it crosses a saturated link where no flow has a larger r̄.
            boolean bottlenecked = Double.isFinite(p.demand(f))
                    && a.rate(f).equals(Rational.ofDecimal(p.demand(f)));
            for (int l : p.path(f)) {
                if (!a.load(l).equals(Rational.ofDecimal(p.capacity(l)))) {
                    continue;
                }
                boolean largest = true;
                for (int g : p.flowsOn(l)) {
                    largest &= a.normalised(g).compareTo(a.normalised(f)) <= 0;
                }
                bottlenecked |= largest;
            }
            assertThat(bottlenecked).as("problem seed %d: flow %s has no bottleneck", seed, p.flowId(f)).isTrue();
        }
    }

    @Property(tries = 300)
    void saaCompletionEqualsW(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RateProblem p = PaperVectors.random(seed, false);
        Allocation<Rational> a = new Saa().allocate(p, Arithmetic.EXACT);
        Rational completion = Rational.ZERO;
        for (int f = 0; f < p.flowCount(); f++) {
            Rational t = Rational.ofDecimal(p.weight(f)).divide(a.rate(f));
            completion = completion.compareTo(t) >= 0 ? completion : t;
        }
        assertThat(completion).as("problem seed %d", seed).isEqualTo(Saa.maxLinkWeight(p, Arithmetic.EXACT));
    }

    @Property(tries = 200)
    void saaRequirementHoldsForFfaAndSaaM(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RateProblem p = PaperVectors.random(seed, false);
        Allocation<Rational> saa = new Saa().allocate(p, Arithmetic.EXACT);
        Allocation<Rational> ffa = new Ffa().allocate(p, Arithmetic.EXACT);
        Allocation<Rational> saam = new SaaM().allocate(p, Arithmetic.EXACT);
        for (int f = 0; f < p.flowCount(); f++) {
            assertThat(ffa.rate(f)).as("seed %d FFA >= SAA for %s", seed, p.flowId(f))
                    .isGreaterThanOrEqualTo(saa.rate(f));
            assertThat(saam.rate(f)).isGreaterThanOrEqualTo(saa.rate(f));
        }
    }

    @Property(tries = 200)
    void seed004MaxMinEqualsUnitWeightFfa(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RateProblem p = PaperVectors.random(seed, true);
        RateProblem unit = p.withWeights(ones(p.flowCount()));
        assertThat(new MaxMin().allocate(p, Arithmetic.EXACT).rates()).as("problem seed %d", seed)
                .containsExactly(new Ffa().allocate(unit, Arithmetic.EXACT).rates());
    }

    @Property(tries = 200)
    void backlogProportionalIsWaterFillingOnBacklogWeights(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RateProblem p = PaperVectors.random(seed, true);
        double[] b = new double[p.flowCount()];
        for (int f = 0; f < b.length; f++) {
            b[f] = p.backlog(f);
        }
        assertThat(new BacklogProportional().allocate(p, Arithmetic.EXACT).rates()).as("problem seed %d", seed)
                .containsExactly(new Ffa().allocate(p.withWeights(b), Arithmetic.EXACT).rates());
    }

    @Property(tries = 200)
    void afaGivesEveryFlowOfAnApplicationTheSameNormalisedRate(
            @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RateProblem p = PaperVectors.random(seed, false);
        Allocation<Rational> a = new Afa().allocate(p, Arithmetic.EXACT);
        Rational[] appRate = new Rational[p.appCount()];
        for (int f = 0; f < p.flowCount(); f++) {
            Rational r = a.normalised(f);
            if (appRate[p.app(f)] == null) {
                appRate[p.app(f)] = r;
            }
            assertThat(r).as("seed %d flow %s", seed, p.flowId(f)).isEqualTo(appRate[p.app(f)]);
        }
    }

    @Property(tries = 300)
    void primitiveDoubleWaterFillingMatchesExact(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        RateProblem p = PaperVectors.random(seed, seed % 2 == 0);
        for (RateAllocator allocator : new RateAllocator[] {new Ffa(), new Afa()}) {
            Allocation<Rational> exact = allocator.allocate(p, Arithmetic.EXACT);
            Allocation<Double> fast = allocator.allocate(p);
            for (int f = 0; f < p.flowCount(); f++) {
                assertThat(fast.gbps(f)).as("%s seed %d flow %s", allocator.name(), seed, p.flowId(f))
                        .isCloseTo(exact.gbps(f), org.assertj.core.api.Assertions.within(1e-9));
            }
            assertThat(fast.iterations()).as("|R|").isEqualTo(exact.iterations());
        }
    }

    private static double[] ones(int n) {
        double[] out = new double[n];
        java.util.Arrays.fill(out, 1);
        return out;
    }
}

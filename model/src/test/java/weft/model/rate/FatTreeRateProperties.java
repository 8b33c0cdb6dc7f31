package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/** Rates on k-ary n-trees with D-mod-k routing and superposed random permutations. */
class FatTreeRateProperties {
    @Test
    @DisplayName("Seed 000 §6.1: D-mod-k never puts two flows of one permutation on a down link")
    void dModKDescentIsContentionFree() {
        Topology t = KaryNTreeFixture.tree(4, 3);
        List<Flow> flows = KaryNTreeFixture.permutations(64, 1, RandomGeneratorFactory.of("L64X128MixRandom")
                .create(3));
        RateProblem p = FabricProblem.build(t, flows, KaryNTreeFixture.dModK(t, flows), WeightBasis.WEIGHT, 1e-3);
        int downChannels = 0;
        int maxUp = 0;
        for (int l = 0; l < 2 * t.links().size(); l++) {
            if (t.graph().srcPort(l) <= 4) {
                downChannels++;
                assertThat(p.flowsOn(l).length).as("down channel %d", l).isLessThanOrEqualTo(1);
            } else {
                maxUp = Math.max(maxUp, p.flowsOn(l).length);
            }
        }
        assertThat(downChannels).isEqualTo(2 * 16 * 4);
        assertThat(maxUp).as("the ascent is where D-mod-k contends").isGreaterThan(1);
    }

    @Property(tries = 30)
    void ratesOnTreesAreFeasibleAndSaaCompletesAtW(@ForAll @IntRange(min = 2, max = 4) int k,
                                                    @ForAll @IntRange(min = 2, max = 3) int n,
                                                    @ForAll @IntRange(min = 1, max = 4) int permutations,
                                                    @ForAll @LongRange(min = 0, max = 10_000) long seed) {
        Topology t = KaryNTreeFixture.tree(k, n);
        List<Flow> flows = KaryNTreeFixture.permutations(t.hosts().size(), permutations,
                RandomGeneratorFactory.of("L64X128MixRandom").create(seed));
        for (RateAllocator allocator : List.of(new Saa(), new Ffa(), new Afa(), new SaaM())) {
            RateProblem p = FabricProblem.build(t, flows, KaryNTreeFixture.dModK(t, flows), allocator.weightBasis(),
                    1e-3);
            Allocation<Rational> a = allocator.allocate(p, Arithmetic.EXACT);
            for (int l = 0; l < p.linkCount(); l++) {
                assertThat(a.load(l)).as("%s seed %d", allocator.name(), seed)
                        .isLessThanOrEqualTo(Rational.ofDecimal(p.capacity(l)));
            }
            if (allocator instanceof Saa) {
                Rational completion = Rational.ZERO;
                for (int f = 0; f < p.flowCount(); f++) {
                    Rational tf = Rational.ofDecimal(p.weight(f)).divide(a.rate(f));
                    completion = completion.compareTo(tf) >= 0 ? completion : tf;
                }
                assertThat(completion).isEqualTo(Saa.maxLinkWeight(p, Arithmetic.EXACT));
            }
        }
    }
}

package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.rate.Arithmetic;
import weft.model.rate.FabricProblem;
import weft.model.rate.Ffa;
import weft.model.rate.Rational;
import weft.model.rate.RateProblem;
import weft.model.rate.WeightBasis;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KaryNTree;
import weft.model.traffic.Flow;

class DffaTest {
    /** A 4-ary 2-tree (16 hosts, unit links), Up*&#47;Down* routes, and {@code count} random flows. */
    private static Object[] fabric(long seed, int count) {
        Topology t = KaryNTree.generate(4, 2, GeneratorOptions.defaults().withGbps(1));
        RoutingResult routes = RoutingEngines.byName("updown").compute(t, RoutingOptions.defaults());
        RandomGenerator r = RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
        List<Flow> flows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int s = r.nextInt(16);
            int d = r.nextInt(15);
            flows.add(new Flow("f" + i, "h" + (s + 1), "h" + (d >= s ? d + 2 : d + 1), 1 + r.nextInt(3), "a", 0));
        }
        RateProblem p = FabricProblem.build(t, flows, FabricProblem.routed(t, routes, "updown"), WeightBasis.WEIGHT,
                1e-3);
        return new Object[] {t, p};
    }

    /** FFA over the flows that are up. */
    private static Rational[] ffaOf(RateProblem p, boolean[] up) {
        RateProblem.Builder b = RateProblem.builder();
        for (int l = 0; l < p.linkCount(); l++) {
            b.link(p.linkName(l), p.capacity(l));
        }
        List<Integer> ids = new ArrayList<>();
        for (int f = 0; f < p.flowCount(); f++) {
            if (up[f]) {
                b.flow(p.flowId(f), p.weight(f), p.flowId(f), Double.POSITIVE_INFINITY, 1, p.path(f));
                ids.add(f);
            }
        }
        Rational[] sub = new Ffa().allocate(b.build(), Arithmetic.EXACT).rates();
        Rational[] out = new Rational[p.flowCount()];
        for (int i = 0; i < ids.size(); i++) {
            out[ids.get(i)] = sub[i];
        }
        return out;
    }

    private static void assertConverged(Dffa<Rational> d, RateProblem p, boolean[] up, String what) {
        Rational[] expected = ffaOf(p, up);
        for (int f = 0; f < p.flowCount(); f++) {
            assertThat(d.rate(f)).as("%s: flow %s", what, p.flowId(f)).isEqualTo(up[f] ? expected[f] : null);
        }
        long round = d.round(0);
        for (int e = 0; e < d.elements(); e++) {
            assertThat(d.round(e)).as("%s: Lemma 4.2.13, every element in the same round", what).isEqualTo(round);
        }
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.10: flows starting one by one, then one ending, each time = FFA of the flows up")
    void startsAndEnds() {
        Object[] fx = fabric(3, 12);
        Topology t = (Topology) fx[0];
        RateProblem p = (RateProblem) fx[1];
        Dffa<Rational> d = new Dffa<>(t, p, Arithmetic.EXACT, null);
        boolean[] up = new boolean[p.flowCount()];
        for (int f = 0; f < p.flowCount(); f++) {
            d.start(f);
            up[f] = true;
            d.run();
            assertConverged(d, p, up, "after start of " + p.flowId(f));
        }
        d.end(4);
        up[4] = false;
        d.run();
        assertConverged(d, p, up, "after end of f4");
    }

    @Property(tries = 40)
    void concurrentChangesInAnyOrderConvergeToFfaOfTheFlowsUp(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        Object[] fx = fabric(seed, 10);
        Topology t = (Topology) fx[0];
        RateProblem p = (RateProblem) fx[1];
        RandomGenerator r = RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
        Dffa<Rational> d = new Dffa<>(t, p, Arithmetic.EXACT, r);
        boolean[] up = new boolean[p.flowCount()];
        for (int f = 0; f < p.flowCount(); f++) {
            d.start(f);
            up[f] = true;
        }
        Churn.flip(r, up, 3, d::start, d::end, () -> { });
        d.run();
        assertConverged(d, p, up, "seed " + seed);
    }

    /**
     * Theorem 4.2.14 on Table 6.2's timed delivery: every flow starting at 0 gets FFA's rate, and its DFFA* loop's last
     * end lies within the run (the scheduler changes when packets arrive, never what DFFA computes).
     */
    @Property(tries = 20)
    void timedDeliveryConvergesToFfa(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        Object[] fx = fabric(seed, 12);
        Topology t = (Topology) fx[0];
        RateProblem p = (RateProblem) fx[1];
        Dffa<Rational> d = DffaTiming.table62().dffa(t, p, Arithmetic.EXACT);
        boolean[] up = new boolean[p.flowCount()];
        for (int f = 0; f < p.flowCount(); f++) {
            d.start(f);
            up[f] = true;
        }
        d.run();
        assertConverged(d, p, up, "seed " + seed);
        for (int f = 0; f < p.flowCount(); f++) {
            assertThat(d.loopEndPicos(f)).isPositive().isLessThanOrEqualTo(d.nowPicos());
        }
    }
}

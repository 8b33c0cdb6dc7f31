package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.rate.Afa;
import weft.model.rate.Allocation;
import weft.model.rate.Arithmetic;
import weft.model.rate.RandomProblems;
import weft.model.rate.Rational;
import weft.model.rate.RateProblem;

class DafaTest {
    private static RateProblem twoApps() {
        return RateProblem.builder().link("X", 1).link("Y", 1)
                .flowOf("f1", 1, "a1", "X").flowOf("f2", 1, "a1", "X").flowOf("f3", 1, "a1", "X")
                .flowOf("f4", 1, "a1", "Y").flowOf("f5", 1, "a2", "Y").build();
    }

    private static RateProblem allDiffer() {
        return RateProblem.builder().link("Y", 1).link("X", 1).link("Z", 1).link("Pg", 1).link("Ph", 1)
                .flowOf("g", 1, "g", "Y", "Pg").flowOf("h", 1, "h", "Y", "X").flowOf("h'", 1, "a", "Y", "Ph")
                .flowOf("x1", 1, "x1", "X").flowOf("x2", 1, "x2", "X").flowOf("x3", 1, "x3", "X")
                .flowOf("a'", 1, "a", "Z").flowOf("z1", 1, "z1", "Z").flowOf("z2", 1, "z2", "Z")
                .flowOf("z3", 1, "z3", "Z").flowOf("z4", 1, "z4", "Z").build();
    }

    @Test
    @DisplayName("Seed 000 Fig. 2.2: PAFA over PIF gives a1 = 1/3, a2 = 2/3 in 2 iterations = 5 waves")
    void e2() {
        RateProblem p = twoApps();
        ElementGraph g = ElementGraph.ring(p.linkCount());
        Dafa<Rational> d = new Dafa<>(p, Arithmetic.EXACT, g, 0, null, true);
        d.run();
        assertThat(d.rate(0)).isEqualTo(Rational.of(1, 3));
        assertThat(d.rate(3)).as("f4 freezes with its application").isEqualTo(Rational.of(1, 3));
        assertThat(d.rate(4)).isEqualTo(Rational.of(2, 3));
        assertThat(d.iterations()).isEqualTo(2);
        assertThat(d.waves()).as("two waves per iteration plus the collection that finds Δ̄ = ∞").isEqualTo(5);
        assertThat(d.messages()).as("the trigger, then each wave crosses each element link once each way")
                .isEqualTo(1 + 5L * 2 * g.edges());
    }

    @Test
    @DisplayName("Seed 000 Alg. 4.13 (hand-computed from its rule): PAFA over PIF gives g = 11/20, h = 1/4, app "
            + "a = 1/5 in 3 iterations (7 waves)")
    void e3() {
        RateProblem p = allDiffer();
        Dafa<Rational> d = new Dafa<>(p, Arithmetic.EXACT, ElementGraph.ring(p.linkCount()), 2, null, true);
        d.run();
        assertThat(d.rate(p.flowIndex("g"))).isEqualTo(Rational.of(11, 20));
        assertThat(d.rate(p.flowIndex("h"))).isEqualTo(Rational.of(1, 4));
        assertThat(d.rate(p.flowIndex("h'"))).isEqualTo(Rational.of(1, 5));
        assertThat(d.waves()).isEqualTo(7);
    }

    @Property(tries = 120)
    void anyInterleavingAndLeaderGivesCentralAfa(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        RateProblem p = RandomProblems.random(seed, false);
        ElementGraph g = ElementGraph.ring(p.linkCount());
        int leader = (int) (seed % p.linkCount());
        Dafa<Rational> d = new Dafa<>(p, Arithmetic.EXACT, g, leader,
                RandomGeneratorFactory.of("L64X128MixRandom").create(seed), true);
        d.run();
        Allocation<Rational> afa = new Afa().allocate(p, Arithmetic.EXACT);
        for (int f = 0; f < p.flowCount(); f++) {
            assertThat(d.rate(f)).as("seed %d flow %s", seed, p.flowId(f)).isEqualTo(afa.rate(f));
        }
        assertThat(d.iterations()).as("I = AFA's iterations <= |A|").isEqualTo(afa.iterations())
                .isLessThanOrEqualTo(p.appCount());
        assertThat(d.waves()).isEqualTo(2 * d.iterations() + 1);
    }

    @Property(tries = 60)
    void fifoTimeWithinTwoIHmaxPerWave(@ForAll @LongRange(min = 0, max = 100_000) long seed) {
        RateProblem p = RandomProblems.random(seed, false);
        ElementGraph g = ElementGraph.ring(p.linkCount());
        Dafa<Rational> d = new Dafa<>(p, Arithmetic.EXACT, g, 0, null, true);
        d.run();
        int hMax = g.eccentricity(0);
        // Seed 000 §6.5: 2·I·h_max·(T_d + T_c); a flooded wave also crosses non-tree links, one hop more each way.
        assertThat(d.finishNanos()).as("seed %d", seed)
                .isLessThanOrEqualTo(1_000L + (long) d.waves() * (2L * hMax + 1) * 1_000L);
    }

    @Property(tries = 60)
    void applicationsEnteringAndLeavingConvergeToAfaOfThoseInPhase(
            @ForAll @LongRange(min = 0, max = 100_000) long seed) {
        RateProblem p = RandomProblems.random(seed, false);
        java.util.random.RandomGenerator r = RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
        Dafa<Rational> d = new Dafa<>(p, Arithmetic.EXACT, ElementGraph.ring(p.linkCount()), 0, r, false);
        boolean[] inPhase = new boolean[p.appCount()];
        Churn.flip(r, inPhase, 4, d::enterPhase, d::leavePhase, () -> {
            if (r.nextBoolean()) {
                d.deliver();
            }
        });
        d.deliver();
        assertThat(d.done()).isTrue();
        RateProblem.Builder b = RateProblem.builder();
        for (int l = 0; l < p.linkCount(); l++) {
            b.link(p.linkName(l), p.capacity(l));
        }
        List<Integer> ids = new java.util.ArrayList<>();
        for (int f = 0; f < p.flowCount(); f++) {
            if (inPhase[p.app(f)]) {
                b.flow(p.flowId(f), p.weight(f), p.appName(p.app(f)), Double.POSITIVE_INFINITY, 1, p.path(f));
                ids.add(f);
            }
        }
        Rational[] afa = ids.isEmpty() ? new Rational[0] : new Afa().allocate(b.build(), Arithmetic.EXACT).rates();
        for (int f = 0; f < p.flowCount(); f++) {
            int i = ids.indexOf(f);
            assertThat(d.rate(f)).as("seed %d flow %s", seed, p.flowId(f)).isEqualTo(i < 0 ? null : afa[i]);
        }
    }

    @Test
    @DisplayName("Fabric element graph: hosts own their uplinks, switches their ports; a 2-switch fabric is connected")
    void fabricElements() {
        weft.model.topology.Topology t = new weft.model.topology.Topology("two",
                List.of(new weft.model.topology.Switch("s1", 1, 4), new weft.model.topology.Switch("s2", 2, 4)),
                List.of(new weft.model.topology.Host("h1", "02:00:00:00:00:01", "10.0.0.1", "s1", 1, 10),
                        new weft.model.topology.Host("h2", "02:00:00:00:00:02", "10.0.0.2", "s2", 1, 10)),
                List.of(new weft.model.topology.Link("s1", 3, "s2", 3, 10)));
        ElementGraph g = ElementGraph.ofFabric(t);
        assertThat(g.elements()).isEqualTo(4);
        assertThat(g.edges()).isEqualTo(3);
        assertThat(g.eccentricity(2)).as("h1 to h2: h1-s1-s2-h2").isEqualTo(3);
        assertThat(g.ownerOf()[weft.model.rate.FabricProblem.hostUplink(t, 0)]).isEqualTo(2);
    }
}

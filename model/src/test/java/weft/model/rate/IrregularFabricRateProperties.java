package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.RandomIrregular;
import weft.model.traffic.Flow;

/**
 * Rates on seeded irregular fabrics routed Up*&#47;Down* (paths from the forwarding entries): every allocator is
 * feasible and FFA has the max-min bottleneck property, in exact arithmetic.
 */
class IrregularFabricRateProperties {
    @Property(tries = 20)
    void ratesOnIrregularFabricsAreFeasibleAndFfaIsMaxMinFair(@ForAll @IntRange(min = 3, max = 10) int switches,
                                                              @ForAll @LongRange(min = 0, max = 100_000) long seed) {
        Topology t = RandomIrregular.generate(switches, 4, seed, GeneratorOptions.defaults().withHosts(2));
        FabricProblem.FlowPaths routes = FabricProblem.routed(t,
                RoutingEngines.byName("updown").compute(t, RoutingOptions.defaults()), "updown");
        RandomGenerator r = RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
        int hosts = t.hosts().size();
        List<Flow> flows = new ArrayList<>();
        for (int i = 0; i < 3 * hosts; i++) {
            int s = r.nextInt(hosts);
            int d = r.nextInt(hosts - 1);
            flows.add(new Flow("f" + i, t.hosts().get(s).id(), t.hosts().get(d >= s ? d + 1 : d).id(),
                    1 + r.nextInt(3), "a" + r.nextInt(4), 1000L * (1 + r.nextInt(9))));
        }
        for (RateAllocator allocator : List.of(new Saa(), new SaaM(), new Ffa(), new Afa(), new MaxMin(),
                new BacklogProportional())) {
            RateProblem p = FabricProblem.build(t, flows, routes, allocator.weightBasis(), 1e-6);
            Allocation<Rational> a = allocator.allocate(p, Arithmetic.EXACT);
            for (int l = 0; l < p.linkCount(); l++) {
                assertThat(a.load(l)).as("%s seed %d link %s", allocator.name(), seed, p.linkName(l))
                        .isLessThanOrEqualTo(Rational.ofDecimal(p.capacity(l)));
            }
            if (allocator instanceof Ffa) {
                for (int f = 0; f < p.flowCount(); f++) {
                    boolean bottlenecked = false;
                    for (int l : p.path(f)) {
                        if (a.load(l).equals(Rational.ofDecimal(p.capacity(l)))) {
                            boolean largest = true;
                            for (int g : p.flowsOn(l)) {
                                largest &= a.normalised(g).compareTo(a.normalised(f)) <= 0;
                            }
                            bottlenecked |= largest;
                        }
                    }
                    assertThat(bottlenecked).as("seed %d flow %s", seed, p.flowId(f)).isTrue();
                }
            }
        }
    }
}

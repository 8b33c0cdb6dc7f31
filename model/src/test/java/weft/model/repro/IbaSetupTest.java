package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.admission.AdmissionRequest;
import weft.model.admission.ProbeBased;
import weft.model.qos.HighPriorityLimit;
import weft.model.qos.ServiceLevels;
import weft.model.routing.RoutingResult;
import weft.model.sim.Simulator;
import weft.model.topology.Topology;

/** The InfiniBand setup of the seed 002 chapter 4-5 reproductions: random pairs, service-level hosts, statistics. */
class IbaSetupTest {
    @Property(tries = 60, seed = "2")
    void randomPairsArePermutationsWithoutFixedPoints(@ForAll @IntRange(min = 2, max = 400) int hosts,
                                                      @ForAll @IntRange(min = 0, max = 1000) int seed) {
        int[] dst = IbaSetup.randomPairs(hosts, seed);
        boolean[] receives = new boolean[hosts];
        for (int h = 0; h < hosts; h++) {
            assertThat(dst[h]).isNotEqualTo(h).isBetween(0, hosts - 1);
            assertThat(receives[dst[h]]).as("host %d receives from one source", dst[h]).isFalse();
            receives[dst[h]] = true;
        }
        assertThat(IbaSetup.randomPairs(hosts, seed)).isEqualTo(dst);
    }

    @Test
    @DisplayName("latency samples: nearest-rank quantiles, IQR, mean and sd of 1..20 (hand-computed)")
    void samples() {
        ClassStats.Samples s = new ClassStats.Samples();
        for (int v = 20; v >= 1; v--) {
            s.add(v);
        }
        assertThat(s.quantile(0.95)).isEqualTo(19);
        assertThat(s.quantile(0.75)).isEqualTo(15);
        assertThat(s.quantile(0.25)).isEqualTo(5);
        assertThat(s.iqr()).isEqualTo(10);
        assertThat(s.max()).isEqualTo(20);
        assertThat(s.mean()).isEqualTo(10.5);
        assertThat(s.sd()).isCloseTo(Math.sqrt(35), within(1e-12));
        assertThat(new ClassStats.Samples().quantile(0.5)).isNaN();
    }

    @Test
    @DisplayName("service-level hosts: an isolated 64-byte packet crosses one switch in 1 + R + 32 + 1 cycles "
            + "(host link, router delay, serialisation, host link; hand-computed), and its SL's offered load is "
            + "all accepted")
    void serviceLevelHostOnIdleFabric() {
        Topology t = EthernetSetupTest.pair(IbaSetup.GBPS, IbaSetup.CYCLE_PS / 1e6, 5);
        RoutingResult routes = IbaSetup.routes(t, 5);
        int router = 32;
        Simulator sim = IbaSetup.simulator(t, routes, ServiceLevels.table41Balanced(), true,
                HighPriorityLimit.unbounded(), 2, router, 1000, 200_000, 1);
        int[] sl = IbaSetup.serviceLevels(t, 5);
        assertThat(sl).containsExactly(0, 1, 2, 3, 4, 0, 1, 2, 3, 4);
        int[] dst = {1, 0, 3, 2, 5, 4, 7, 6, 9, 8};
        double[] load = new double[10];
        load[0] = 0.01;
        IbaSetup.Fabric f = new IbaSetup.Fabric(t, routes, sl, dst, 1);
        ClassStats s = IbaSetup.measure(sim, f, 5, load, 64);
        assertThat(s.latency(0).size()).isGreaterThan(20);
        assertThat(s.latency(0).quantile(0)).isEqualTo(1 + router + 32 + 1);
        assertThat(s.latency(0).max()).isEqualTo(1 + router + 32 + 1);
        assertThat(s.accepted(0)).isCloseTo(s.offered(0), within(0.002));
        assertThat(s.offered(0)).isCloseTo(0.01 / 2, within(0.003));
        assertThat(s.offered(1)).isZero();
    }

    /** Two switches of five hosts each, every host sending to its neighbour on the other port parity. */
    private static IbaSetup.Fabric pairFabric() {
        Topology t = EthernetSetupTest.pair(IbaSetup.GBPS, IbaSetup.CYCLE_PS / 1e6, 5);
        return new IbaSetup.Fabric(t, IbaSetup.routes(t, 5), IbaSetup.serviceLevels(t, 5),
                new int[] {1, 0, 3, 2, 5, 4, 7, 6, 9, 8}, 1);
    }

    /** The crossbar, router delay 32 cycles, 1,000 cycles of warm-up. */
    private static Simulator pairSimulator(IbaSetup.Fabric f, long cycles) {
        return IbaSetup.simulator(f.topology(), f.routes(), ServiceLevels.table41Balanced(), true,
                HighPriorityLimit.unbounded(), 2, 32, 1000, cycles, 1);
    }

    @Test
    @DisplayName("Probe-Based probes (seed 002 §5.3.2) cross an idle fabric on SL5 in 1 + R + 32 + 1 cycles each, "
            + "six per request: no jitter, so any J > 0 admits; a host that sent none has nothing to report")
    void probesOnIdleFabric() {
        IbaSetup.Fabric f = pairFabric();
        Simulator sim = pairSimulator(f, 100_000);
        int[] count = new int[10];
        count[0] = 12;
        Probes probes = new Probes(count, 4, 1000 * IbaSetup.CYCLE_PS, 100_000 * IbaSetup.CYCLE_PS);
        IbaSetup.measure(sim, f, 5, new double[10], 64, null, probes);
        for (int k = 0; k < 2; k++) {
            ProbeBased.ProbeReport r = probes.report(0, k, 1, IbaSetup.CYCLE_PS);
            assertThat(r.transitTimes()).containsOnly(1 + 32 + 32 + 1).hasSize(ProbeBased.PROBES_PER_FLOW);
            assertThat(r.refused()).isZero();
            assertThat(new ProbeBased().request(new AdmissionRequest("f" + k, new int[0], 0, 0.1), r).admitted())
                    .isTrue();
        }
        assertThat(probes.report(2, 0, 1, IbaSetup.CYCLE_PS).transitTimes()).isEmpty();
    }

    @Test
    @DisplayName("flows (seed 002 §5.4.2): a host's load cut into flows of P, each receiving about its P with the "
            + "idle fabric's latency")
    void flowsOnIdleFabric() {
        double[][] peaks = new double[10][0];
        peaks[0] = FlowStats.cut(0.25, 0.1);
        assertThat(peaks[0]).containsExactly(new double[] {0.1, 0.1, 0.05}, within(1e-12));
        double[] load = new double[10];
        load[0] = 0.25;
        IbaSetup.Fabric f = pairFabric();
        FlowStats flows = new FlowStats(peaks, f.serviceLevel(), new MeasuredWindow(1000 * IbaSetup.CYCLE_PS,
                201_000 * IbaSetup.CYCLE_PS), IbaSetup.CYCLE_PS, IbaSetup.GBPS);
        IbaSetup.measure(pairSimulator(f, 200_000), f, 5, load, 64, peaks, Probes.none(10), flows);
        assertThat(flows.flows()).hasSize(3).allSatisfy(x -> {
            assertThat(x.rate()).isCloseTo(1, within(0.15));
            assertThat(x.latency()).isCloseTo(66, within(1.0));
            assertThat(x.serviceLevel()).isZero();
        });
    }

    @Test
    @DisplayName("--limit names itself when it cannot be read")
    void badLimit() {
        assertThatThrownBy(() -> IbaExperiment.limit("sometimes")).hasMessageContaining("--limit: expected unbounded");
        assertThatThrownBy(() -> IbaExperiment.crossbar("speedy")).hasMessageContaining("--switch: expected crossbar");
        assertThat(IbaExperiment.limit("packets 4")).isEqualTo(HighPriorityLimit.packets(4));
        assertThat(IbaExperiment.limit("iba 255").isUnbounded()).isTrue();
    }
}

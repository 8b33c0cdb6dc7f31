package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.rate.Arithmetic;
import weft.model.rate.FabricProblem;
import weft.model.rate.Rational;
import weft.model.rate.RateProblem;
import weft.model.rate.WeightBasis;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.Mesh;
import weft.model.traffic.Flow;

class DffaTimingTest {
    @Test
    @DisplayName("Seed 000 Table 6.2: at 10 Gbit/s a 40 B control packet takes 32 ns on the wire, an 8 B broadcast "
            + "6.4 ns")
    void table62() {
        DffaTiming t = DffaTiming.table62();
        assertThat(t.serialisePicos(t.controlBytes())).isEqualTo(32_000);
        assertThat(t.serialisePicos(t.broadcastBytes())).isEqualTo(6_400);
        assertThat(t.routingPicos()).isEqualTo(100_000);
        assertThat(t.propagationPicos()).isEqualTo(15_000);
        assertThat(t.controlPicos()).isEqualTo(60_000);
        assertThat(t.broadcastPicos()).isEqualTo(30_000);
        assertThatThrownBy(() -> new DffaTiming(-1, 0, 10, 40, 0, 8, 0)).hasMessageStartingWith("dffa timing:");
    }

    /**
     * Hand-computed from the rules of seed 000 §4.2.3 (Alg. 4.10-4.11) and §6.4 (Table 6.2), one flow h1 -> h2 on
     * the line s1 - s2 - s3 (one host each), path [h1 up, s1 -> s2, s2 -> h2], in ns. A control packet at hop i
     * crosses link i-1 (32 on the wire + 15), waits 100 at a switch and 60 at the output port of link i.
     * <ul>
     *   <li>0: h1 enters round 1, its round probe (hop 0, at h1 at once) and the announcement leave on h1's uplink
     *       (announcement 0-32, probe 32-64); at s1 ready at 147 and 179; s1's port to s2 handles them 147-207
     *       (s1 enters round 1 at 207) and 207-267: 60 ns apart.</li>
     *   <li>The announcement: s1 -> s2 wire 207-239, ready 354, s2's port to h2 354-414 (s2 in round 1 at 414),
     *       wire 414-446, h2 at 461 (round 1). The probe: wire 267-299, ready 414, port 414-474, wire 474-506, then
     *       back without queueing: 15 + 3 x (32 + 15) + 2 x 100 = 356, at h1 at 862.</li>
     *   <li>h2's broadcast: 8 B on its uplink 461-467.4, + 15 + 100 = 582.4 at s2's input port, 30 ns: 612.4; s2
     *       forwards it to s1 and s3 (wire 612.4-618.8, ready 733.8, input port until 763.8): s3 enters round 1 at
     *       763.8 and its host h3 (wire 763.8-770.2, + 15) at 785.2.</li>
     *   <li>DFFA* from 862: the first UpdateLinks (increment 0) takes 862 -> 1069 at s1 -> 1276 at s2 -> 1664 back at
     *       h1 (each leg as the probe's: 32 + 15 + 100 + 60 = 207 per switch, 32 + 356 = 388 back); it brings the
     *       share 1 (every link's capacity over its one flow), so h1 claims it; the second UpdateLinks leaves at
     *       1664 and finds every link saturated: 1871, 2078, back at 2466, when the loop ends for the last
     *       time.</li>
     * </ul>
     */
    @Test
    @DisplayName("Seed 000 §6.4 Table 6.2, hand-computed: one flow on a line of three switches ends its DFFA* loop "
            + "at 2466 ns; the round reaches the switch beyond it by broadcast at 763.8 ns and its host at 785.2 ns")
    void oneFlowOnALine() {
        Topology line = Mesh.generate(List.of(3, 1), GeneratorOptions.defaults().withGbps(1));
        List<Flow> flows = List.of(new Flow("f", "h1", "h2", 1, "a", 0));
        RateProblem p = FabricProblem.build(line, flows, FabricProblem.routed(line,
                RoutingEngines.byName("minhop").compute(line, RoutingOptions.defaults()), "minhop"),
                WeightBasis.WEIGHT, 1e-3);
        assertThat(p.path(0)).hasSize(3);
        Dffa<Rational> d = DffaTiming.table62().dffa(line, p, Arithmetic.EXACT);
        d.start(0);
        d.run();
        assertThat(d.rate(0)).isEqualTo(Rational.of(1));
        assertThat(d.loopEndPicos(0)).isEqualTo(2_466_000);
        // Elements: switches s1, s2, s3 (0-2), then hosts h1, h2, h3 (3-5).
        assertThat(d.roundSincePicos(3)).isZero();
        assertThat(d.roundSincePicos(0)).isEqualTo(207_000);
        assertThat(d.roundSincePicos(1)).isEqualTo(414_000);
        assertThat(d.roundSincePicos(4)).isEqualTo(461_000);
        assertThat(d.roundSincePicos(2)).isEqualTo(763_800);
        assertThat(d.roundSincePicos(5)).isEqualTo(785_200);
        for (int e = 0; e < d.elements(); e++) {
            assertThat(d.round(e)).isEqualTo(1);
        }
    }
}

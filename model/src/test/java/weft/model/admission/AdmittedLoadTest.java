package weft.model.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.admission.AdmittedLoad.Demand;
import weft.model.admission.AdmittedLoad.Result;
import weft.model.qos.ServiceLevels;
import weft.model.routing.Fabrics;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/** What the class-level admission experiment (seed 002 §5.4.1, A5) needs besides the schemes. */
class AdmittedLoadTest {
    private static final Topology LINE = Fabrics.mesh(3, 1);

    private static FabricLinks links(Topology t, String engine) {
        RoutingResult r = RoutingEngines.byName(engine).compute(t, RoutingOptions.defaults());
        return new FabricLinks(t, r);
    }

    @Test
    @DisplayName("the broker's link table: one link per inter-switch direction, and a flow's routed links")
    void linkTable() {
        FabricLinks f = links(LINE, "updown");
        assertThat(f.names()).containsExactly("s0:5->s1:4", "s1:4->s0:5", "s1:5->s2:4", "s2:4->s1:5");
        assertThat(f.path("h0", "h2")).containsExactly(0, 2);
        assertThat(f.path("h2", "h1")).containsExactly(3);
        assertThat(f.effectiveGbps(0.8)).containsExactly(8.0, 8.0, 8.0, 8.0);
        assertThatThrownBy(() -> f.path("h0", "h9")).hasMessageContaining("h9");
        assertThatThrownBy(() -> f.effectiveGbps(0)).hasMessage("effectiveFraction must be in (0, 1], got 0.0");
    }

    @Test
    @DisplayName("Seed 002 eqs. 5.3-5.4 on a 3-switch line (hand-computed from their rule): BW_link = 0.8 x 10 "
            + "Gbit/s, SL3's share 1.6; two SL3 hosts sending 1 Gbit/s each over s1->s2 in 0.25 Gbit/s flows get 6 of "
            + "8 flows, 1.5 Gbit/s")
    void linkByLinkOnAFabric() {
        FabricLinks f = links(LINE, "updown");
        LinkByLink ll = f.linkByLink(0.8, ServiceLevels.table41Balanced().loads());
        assertThat(ll.share(2, 2)).isCloseTo(1.6, within(1e-12));
        List<Demand> demands = List.of(new Demand("h0", 2, 1.0, f.path("h0", "h2")),
                new Demand("h1", 2, 1.0, f.path("h1", "h2")));
        Result r = AdmittedLoad.admit(ll, demands, 0.25, new SplittableRandom(5));
        assertThat(r.requested()).isEqualTo(8);
        assertThat(r.admitted()).isEqualTo(6);
        assertThat(r.totalGbps()).isEqualTo(1.5);
        assertThat(ll.admitted(2, 2)).isEqualTo(1.5);
    }

    @Test
    @DisplayName("Seed 002 eq. 5.1 per priority group (hand-computed from its rule): CL_high = 1 Gbit/s admits 3 of "
            + "the 6 high-priority 0.25 Gbit/s flows (4 would reach 1.0, not below it); CL_low = 2 admits all 4 low")
    void calibratedLoadPerGroup() {
        ServiceLevels table = ServiceLevels.table41Balanced();
        CalibratedLoad cl = new CalibratedLoad(table.highClasses(), 1.0, 2.0);
        List<Demand> demands = List.of(new Demand("h0", 0, 0.75, new int[0]), new Demand("h1", 1, 0.75, new int[0]),
                new Demand("h2", 3, 1.0, new int[0]));
        Result r = AdmittedLoad.admit(cl, demands, 0.25, new SplittableRandom(7));
        assertThat(r.admittedGbps()[0] + r.admittedGbps()[1]).isEqualTo(0.75);
        assertThat(r.admittedGbps()[2]).isEqualTo(1.0);
        assertThat(r.requested()).isEqualTo(10);
        assertThat(r.admitted()).isEqualTo(7);
    }

    @Test
    @DisplayName("a demand that is not a whole number of flows ends with a smaller flow; a zero demand asks nothing")
    void remainderFlow() {
        CalibratedLoad cl = new CalibratedLoad(1, 10, 10);
        Result r = AdmittedLoad.admit(cl, List.of(new Demand("h0", 0, 0.3, new int[0]),
                new Demand("h1", 0, 0, new int[0])), 0.125, new SplittableRandom(1));
        assertThat(r.requested()).isEqualTo(3);
        assertThat(r.admittedGbps()[0]).isCloseTo(0.3, within(1e-12));
        assertThat(r.admittedGbps()[1]).isZero();
    }

    @Test
    @DisplayName("Seed 002 §5.1 (hand-computed): the saturation point is the last load where accepted keeps up with "
            + "offered; 0.4 -> 0.39 is within 5%, 0.5 -> 0.41 is not")
    void saturation() {
        List<Saturation.Point> sweep = new ArrayList<>();
        double[] offered = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
        double[] accepted = {0.1, 0.2, 0.3, 0.39, 0.41, 0.40};
        for (int i = 0; i < accepted.length; i++) {
            sweep.add(new Saturation.Point(offered[i], accepted[i]));
        }
        assertThat(Saturation.of(sweep, 0.05)).isEqualTo(sweep.get(3));
        assertThat(Saturation.of(sweep, 0.0)).isEqualTo(sweep.get(2));
        assertThatThrownBy(() -> Saturation.of(List.of(new Saturation.Point(0.5, 0.1)), 0.05))
                .hasMessageContaining("is already saturated");
        assertThatThrownBy(() -> Saturation.of(List.of(sweep.get(1), sweep.get(0)), 0.05))
                .hasMessageContaining("sweep[1] offers 0.1");
        assertThatThrownBy(() -> Saturation.of(List.of(), 0.05)).hasMessage("saturation: the sweep has no points");
    }

    @Test
    @DisplayName("Seed 002 Table 4.1 load mix (decision): at a mean load of 0.2 the SL1..SL5 hosts offer 0.10, 0.15, "
            + "0.20, 0.25, 0.30 of their links")
    void hostLoads() {
        ServiceLevels t = ServiceLevels.table41Balanced();
        double[] expected = {0.10, 0.15, 0.20, 0.25, 0.30};
        for (int c = 0; c < 5; c++) {
            assertThat(t.hostLoad(c, 0.2)).isCloseTo(expected[c], within(1e-12));
        }
    }

    @Property(tries = 30, seed = "51")
    @Label("Seed 002 eq. 5.3 on random irregular fabrics routed by LASH: whatever the demands, every link keeps each "
            + "SL's admitted rate below its share, and no host gets more than it asked for")
    void linkByLinkHoldsEveryShare(@ForAll @IntRange(min = 4, max = 24) int switches,
                                   @ForAll @IntRange(min = 3, max = 6) int degree,
                                   @ForAll @IntRange(min = 1, max = 200) int loadPercent, @ForAll long seed) {
        Topology t = Fabrics.irregular(switches, degree, seed);
        FabricLinks f = links(t, "lash");
        ServiceLevels table = ServiceLevels.table41Balanced();
        LinkByLink ll = f.linkByLink(0.9, table.loads());
        SplittableRandom random = new SplittableRandom(seed);
        int hosts = t.hosts().size();
        List<Demand> demands = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            int d = (h + 1 + random.nextInt(hosts - 1)) % hosts;
            int sl = h % 5;
            double gbps = t.hosts().get(h).gbps() * table.hostLoad(sl, loadPercent / 100.0);
            demands.add(new Demand("h" + h, sl, gbps, f.path("h" + h, "h" + d)));
        }
        Result r = AdmittedLoad.admit(ll, demands, 0.5, random);
        double[][] sum = new double[t.graph().channelCount()][5];
        for (int i = 0; i < demands.size(); i++) {
            assertThat(r.admittedGbps()[i]).isLessThanOrEqualTo(demands.get(i).gbps() + 1e-9);
            for (int c : demands.get(i).links()) {
                sum[c][demands.get(i).serviceLevel()] += r.admittedGbps()[i];
            }
        }
        for (int c = 0; c < sum.length; c++) {
            for (int sl = 0; sl < 5; sl++) {
                assertThat(sum[c][sl]).as("link " + f.names()[c] + " SL" + sl).isLessThan(ll.share(c, sl));
                assertThat(sum[c][sl]).isCloseTo(ll.admitted(c, sl), within(1e-9));
            }
        }
    }
}

package weft.model.sim.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.sim.SimConfig;
import weft.model.sim.SimNetwork;
import weft.model.sim.Simulator;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.topology.generate.GeneratorOptions;

class MessageTrafficTest {
    /** Two clusters of 3 leaves with 3 hosts: hosts 0-8 and 9-17. */
    private static SimNetwork network() {
        Topology t = Clusters.generate(2, 3, 3, 1, 2, GeneratorOptions.defaults());
        return new Simulator(t, RoutingEngines.byName("nca").compute(t, RoutingOptions.defaults()),
                SimConfig.defaults()).network();
    }

    @Test
    @DisplayName("Seed 001 §3 combined: every host sends intra-cluster uniform traffic, never to itself; half the "
            + "hosts of each cluster (even positions) also saturate both clusters' hotspots, each cluster's last host")
    void combined() {
        SimNetwork net = network();
        List<MessageTraffic.HostPlan> plans = MessageTraffic.parse("combined", 0.5, MessageSize.fixed(8))
                .plans(net, 1);
        assertThat(MessageTraffic.hostClusters(net.topology())).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1,
                1, 1, 1, 1, 1, 1);
        SplittableRandom r = new SplittableRandom(3);
        for (int h = 0; h < 18; h++) {
            MessageTraffic.HostPlan p = plans.get(h);
            assertThat(p.measured()).isTrue();
            for (int i = 0; i < 200; i++) {
                int d = p.foreground().next(r);
                assertThat(d).isNotEqualTo(h);
                assertThat(d / 9).isEqualTo(h / 9);
            }
            boolean sender = h % 9 % 2 == 0 && h % 9 != 8;
            assertThat(p.hotspots()).as("host %d", h).containsExactly(sender ? new int[] {8, 17} : new int[0]);
            assertThat(p.hotspotsMeasured()).isFalse();
        }
    }

    @Test
    @DisplayName("hotspot alone measures the senders; step starts the background at its onset (50,000 cycles by "
            + "default); global uniform spreads over every other host; other patterns come from --traffic")
    void patterns() {
        SimNetwork net = network();
        List<MessageTraffic.HostPlan> hot = MessageTraffic.parse("hotspot", 1, MessageSize.fixed(8)).plans(net, 1);
        assertThat(hot.stream().filter(MessageTraffic.HostPlan::measured)).hasSize(8);
        assertThat(hot.get(0).foreground()).isNull();
        MessageTraffic step = MessageTraffic.parse("step", 0.4, MessageSize.fixed(8));
        assertThat(step.onsetPs()).isEqualTo(50_000_000L);
        assertThat(step.plans(net, 1).get(0).hotspotStartPs()).isEqualTo(50_000_000L);
        assertThat(MessageTraffic.parse("step:1000", 0.4, MessageSize.fixed(8)).onsetPs()).isEqualTo(1_000_000L);
        SplittableRandom r = new SplittableRandom(1);
        MessageTraffic.Destinations g = MessageTraffic.parse("global-uniform", 1, MessageSize.fixed(8)).plans(net, 1)
                .get(4).foreground();
        boolean[] seen = new boolean[18];
        for (int i = 0; i < 2000; i++) {
            seen[g.next(r)] = true;
        }
        for (int h = 0; h < 18; h++) {
            assertThat(seen[h]).as("host %d", h).isEqualTo(h != 4);
        }
        assertThat(MessageTraffic.parse("uniform", 1, MessageSize.fixed(1)).plans(net, 1)).hasSize(18);
        assertThatThrownBy(() -> MessageTraffic.parse("hotspots", 1, MessageSize.fixed(8)).plans(net, 1))
                .hasMessageContaining("global-uniform, cluster-uniform, hotspot, combined");
        assertThatThrownBy(() -> MessageTraffic.parse("step:x", 1, MessageSize.fixed(8)))
                .hasMessageContaining("ONSET_NS");
    }

    @Test
    @DisplayName("message sizes: 8 packets (the paper's 2 KB) or uniform 1-14 (§4.4); bad sizes name the text")
    void sizes() {
        assertThat(MessageSize.parse("8")).isEqualTo(MessageSize.fixed(8));
        MessageSize random = MessageSize.parse("1-14");
        assertThat(random.mean()).isEqualTo(7.5);
        SplittableRandom r = new SplittableRandom(2);
        int[] count = new int[15];
        for (int i = 0; i < 14_000; i++) {
            count[random.draw(r)]++;
        }
        assertThat(count[0]).isZero();
        for (int k = 1; k <= 14; k++) {
            assertThat(count[k]).isBetween(800, 1200);
        }
        assertThatThrownBy(() -> MessageSize.parse("a")).hasMessageContaining("message size 'a'");
        assertThatThrownBy(() -> MessageSize.parse("5-2")).hasMessageContaining("1 <= min <= max");
    }

    @Test
    @DisplayName("ECN's inter-packet delay (Table 1): +9,600 ns per notification, -100 ns per 4 µs, never negative")
    void ipd() {
        EcnParameters p = EcnParameters.paper();
        assertThat(p.ipdAt(9_600_000, 0, 3_999_999)).isEqualTo(9_600_000);
        assertThat(p.ipdAt(9_600_000, 0, 4_000_000)).isEqualTo(9_500_000);
        assertThat(p.ipdAt(9_600_000, 0, 96 * 4_000_000L - 1)).isEqualTo(100_000);
        assertThat(p.ipdAt(9_600_000, 0, 96 * 4_000_000L)).isZero();
        assertThat(p.ipdAt(9_600_000, 0, 1_000_000_000L)).isZero();
        assertThatThrownBy(() -> new EcnParameters(1, 1, 0, 0.5)).hasMessageContaining("timer >= 1 ps");
    }
}

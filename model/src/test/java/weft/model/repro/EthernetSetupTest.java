package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.SimConfig;
import weft.model.sim.Simulator;
import weft.model.topology.Host;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;
import weft.model.traffic.TrafficPattern;

/** The Ethernet setup of the seed 002 chapter 3 reproductions: fabrics, uniform traffic, load sweeps, parameters. */
class EthernetSetupTest {
    /** Two switches joined by one link, one host on each, at the given rate. */
    static Topology pair(double gbps, double latencyUs, int hostsPerSwitch) {
        List<Host> hosts = new ArrayList<>();
        for (int u = 0; u < 2; u++) {
            for (int k = 0; k < hostsPerSwitch; k++) {
                int h = hosts.size();
                hosts.add(new Host("h" + h, String.format("02:00:00:00:00:%02x", h + 1), "10.0.0." + (h + 1),
                        "s" + u, k + 1, gbps));
            }
        }
        return new Topology("pair", List.of(new Switch("s0", 1, hostsPerSwitch + 1),
                new Switch("s1", 2, hostsPerSwitch + 1)), hosts,
                List.of(new Link("s0", hostsPerSwitch + 1, "s1", hostsPerSwitch + 1, gbps, latencyUs)));
    }
    @Property(tries = 30, seed = "3")
    void uniformTrafficReachesEveryOtherHostAndNeverItself(@ForAll @IntRange(min = 2, max = 12) int hosts,
                                                           @ForAll @IntRange(min = 0, max = 11) int source) {
        int s = source % hosts;
        TrafficPattern p = EthernetSetup.uniform(hosts);
        SplittableRandom random = new SplittableRandom(s);
        int[] seen = new int[hosts];
        for (int i = 0; i < 200 * hosts; i++) {
            seen[p.destination(s, random)]++;
        }
        for (int d = 0; d < hosts; d++) {
            if (d == s) {
                assertThat(seen[d]).isZero();
            } else {
                assertThat(seen[d]).isGreaterThan(100);
            }
        }
    }

    @Test
    @DisplayName("Ethernet fabrics: five-port switches (one host, at most four switch links), 1 Gbit/s, 10 m links")
    void ethernetFabrics() {
        Topology t = EthernetSetup.fabric("fabric", "irregular-32", 7);
        assertThat(t.switches()).hasSize(32);
        assertThat(t.hosts()).hasSize(32).allSatisfy(h -> assertThat(h.gbps()).isEqualTo(1.0));
        for (int u = 0; u < 32; u++) {
            assertThat(t.graph().hostsAt(u)).hasSize(1);
        }
        assertThat(t.links()).allSatisfy(l -> assertThat(l.latencyUs()).isEqualTo(0.114));
        assertThat(t.links().size()).isLessThanOrEqualTo(32 * 4 / 2);
        assertThat(EthernetSetup.fabric("torus", "torus-4x8", 1).links()).hasSize(64);
        assertThat(EthernetSetup.fabric("mesh", "mesh-4x8", 1).links()).hasSize(52);
        assertThat(EthernetSetup.PORT_BUFFER_BYTES).isEqualTo(9132);
        assertThatThrownBy(() -> EthernetSetup.fabric("torus", "ring-8", 1)).hasMessageStartingWith("--torus: unknown "
                + "fabric 'ring-8'");
        assertThatThrownBy(() -> EthernetSetup.fabric("torus", "torus-8xx", 1)).hasMessageStartingWith("--torus: "
                + "cannot read fabric");
    }

    @Test
    @DisplayName("Seed 002 §3.2.3 (Fig. 3.9e): mesh-8x8-faults5 is the 8x8 mesh without 6 of its 112 links, "
            + "connected, its faults drawn with the run's seed and the same for every routing")
    void faultyMesh() {
        Topology faulty = EthernetSetup.fabric("faulty", "mesh-8x8-faults5", 4);
        assertThat(faulty.links()).hasSize(106);
        assertThat(faulty.graph().isConnected()).isTrue();
        assertThat(EthernetSetup.fabric("faulty", "mesh-8x8-faults5", 4).links()).isEqualTo(faulty.links());
        assertThat(EthernetSetup.fabric("faulty", "mesh-8x8-faults5", 5).links()).isNotEqualTo(faulty.links());
        assertThat(EthernetSetup.seeded("mesh-8x8-faults5")).isTrue();
        assertThat(EthernetSetup.seeded("mesh-8x8")).isFalse();
        assertThat(EthernetSetup.label("mesh-8x8-faults5")).isEqualTo("8x8 mesh, 5% link faults");
        assertThat(EthernetSetup.label("mesh-4x8,mesh-8x4")).isEqualTo("4x8 + 8x4 mesh");
        EthernetSetup.FabricSet updown = EthernetSetup.simulators("faulty", "mesh-4x4-faults10", "updown", 2, 7,
                SimConfig.FlowControlKind.PFC, 100, 0, false);
        EthernetSetup.FabricSet sr = EthernetSetup.simulators("faulty", "mesh-4x4-faults10", "sr", 2, 7,
                SimConfig.FlowControlKind.PFC, 100, 0, false);
        for (int i = 0; i < 2; i++) {
            assertThat(sr.simulators().get(i).network().topology().links())
                    .isEqualTo(updown.simulators().get(i).network().topology().links())
                    .hasSize(24 - 2);
        }
        assertThat(sr.simulators().get(0).network().topology().links())
                .isNotEqualTo(sr.simulators().get(1).network().topology().links());
        assertThatThrownBy(() -> EthernetSetup.fabric("faulty", "mesh-4x1-faults50", 1))
                .hasMessageStartingWith("--faulty: fabric 'mesh-4x1-faults50': faults: ");
        assertThatThrownBy(() -> EthernetSetup.fabric("faulty", "mesh-8x8-faultsx", 1))
                .hasMessageStartingWith("--faulty: cannot read fabric 'mesh-8x8-faultsx'");
    }

    @Test
    @DisplayName("routes' bound, hand-computed: on the 4-switch line the middle channel carries the 4 pairs that cross "
            + "it, so uniform traffic (1/3 of each host's load to each other host) saturates it at 3/4 of the link; "
            + "on 2 switches one pair per channel caps at the full link")
    void boundOfTheRoutes() {
        Topology line = EthernetSetup.fabric("fabric", "mesh-4x1", 1);
        assertThat(EthernetSetup.bound(line, EthernetSetup.route("updown", line, 1, true, 0)))
                .isCloseTo(0.75, within(1e-12));
        Topology two = pair(EthernetSetup.GBPS, EthernetSetup.LATENCY_US, 1);
        assertThat(EthernetSetup.bound(two, EthernetSetup.route("updown", two, 1, false, 0))).isEqualTo(1.0);
    }

    @Test
    @DisplayName("a load sweep on two hosts across one link: each sends only to the other, so accepted = offered up "
            + "to a full link, lossless and drop-tail alike")
    void sweepOnOneLink() {
        Topology t = pair(EthernetSetup.GBPS, EthernetSetup.LATENCY_US, 1);
        RoutingResult r = RoutingEngines.byName("updown").compute(t, RoutingOptions.defaults());
        for (SimConfig.FlowControlKind fc : new SimConfig.FlowControlKind[] {SimConfig.FlowControlKind.PFC,
            SimConfig.FlowControlKind.LOSSY}) {
            Simulator sim = new Simulator(t, r, EthernetSetup.config(fc, 2000, 0, 1));
            List<LoadSweep.Point> sweep = LoadSweep.run(List.of(sim), EthernetSetup.uniform(2), List.of(0.5, 1.0),
                    true);
            assertThat(sweep).hasSize(2);
            assertThat(sweep.get(0).accepted()).isCloseTo(0.5, within(0.02));
            assertThat(LoadSweep.peak(sweep)).isCloseTo(1.0, within(0.03));
            assertThat(LoadSweep.at(sweep, 1.0).loss()).isZero();
            assertThat(LoadSweep.at(sweep, 0.7)).isNull();
        }
    }

    @Test
    @DisplayName("bad parameters name themselves")
    void badParameters() {
        Reproduction sr = Reproductions.byName("sr");
        assertThatThrownBy(() -> sr.run(ReproOptions.of(sr, true, 1, Map.of("torus", "irregular-8"))))
                .hasMessageContaining("--torus: expected a regular fabric");
        assertThatThrownBy(() -> sr.run(ReproOptions.of(sr, true, 1, Map.of("loads", "0.5,2"))))
                .hasMessageContaining("--loads: 2.0 outside (0, 1]");
    }
}

package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.Nic;
import weft.model.sim.Protocol;
import weft.model.sim.SimConfig;
import weft.model.sim.SimObserver;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.sim.scheduling.SchedulingLayer;

/** Seed 004 ch. 4's scheduling layer with several tenants on the k = 4 fat tree (16 servers), packets spread. */
class TenantRunTest {
    private static final DataCenterFabric.Options K4 = new DataCenterFabric.Options(4, 40, 2, 5);

    @Test
    @DisplayName("Seed 004 §4.4.2: with T = 1 ms a flow's request and response take 2 x 84 B per ms, 1.344 Mbit/s; a "
            + "16-server tenant all-to-all with every VOQ backlogged has 15 flows a server, so control takes 2.02% of "
            + "each link and max-min gives the data the other 97.98% (hand-computed from Eq. 4.2)")
    void controlOverheadOfOneTenant() {
        TenantRun runs = new TenantRun(K4, "mp", 1, TenantRepro.FRAME);
        int[][] one = TenantRun.tenants(16, 16, 3);
        List<SchedulingLayer.Message> script = new ArrayList<>();
        for (int s : one[0]) {
            for (int d : one[0]) {
                if (s != d) {
                    // 1 MB each: more than the 7 ms of the run carry at 1/15 of the link
                    script.add(new SchedulingLayer.Message(s, d, 0, 1_000_000));
                }
            }
        }
        TenantRun.Measured m = runs.run(script, TenantRun.tenantOf(one), TenantRun.Scheme.MAX_MIN, 1);
        double perFlowMbps = m.control() * 84 * 8 / (16 * 15 * (m.runPs() / 1e12)) / 1e6;
        assertThat(perFlowMbps).isCloseTo(1.344, within(0.05));
        // data frames delivered per server in the window over its 1 Gbit/s: the max-min rate less the pacing's slack
        double data = m.delivered() * TenantRepro.FRAME * 8_000.0 / (16.0 * (runs.toPs() - runs.fromPs()));
        assertThat(data).isBetween(0.95, 1 - 15 * 1.344e-3 + 1e-3);
        assertThat(m.dropped()).isZero();
    }

    @Test
    @DisplayName("Seed 004 §4.4.1: a malicious all-to-one tenant overloads its target's links and starves victim "
            + "flows through them without the layer; with the layer (max-min or backlog-proportional) every victim "
            + "flow delivers all its frames")
    void isolationOnTheFatTree() {
        TenantRun runs = new TenantRun(K4, "mp", 1, TenantRepro.FRAME);
        // the malicious tenant: host 0 (the target) and hosts 9-15; the victim: hosts 1-8, host 1 under the target's
        // edge switch, so its flows share the aggregation-to-edge links that carry the 7 Gbit/s aimed at host 0
        int[][] halves = {{1, 2, 3, 4, 5, 6, 7, 8}, {0, 9, 10, 11, 12, 13, 14, 15}};
        List<SchedulingLayer.Message> script = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(2);
        runs.allToAll(script, halves[0], 0.5, false, rnd);
        for (int i = 1; i < 8; i++) {
            runs.flow(script, halves[1][i], halves[1][0], 1, false, rnd);
        }
        int[] of = TenantRun.tenantOf(halves);
        double none = TenantRepro.leastVictim(runs.run(script, of, TenantRun.Scheme.NONE, 1), halves[0]);
        double mm = TenantRepro.leastVictim(runs.run(script, of, TenantRun.Scheme.MAX_MIN, 1), halves[0]);
        double bp = TenantRepro.leastVictim(runs.run(script, of, TenantRun.Scheme.BACKLOG_PROPORTIONAL, 1),
                halves[0]);
        assertThat(none).isLessThan(0.5);
        assertThat(mm).isEqualTo(1.0);
        assertThat(bp).isEqualTo(1.0);
    }

    @Test
    @DisplayName("Seed 004 §3.2: a protocol that spreads its packets sends one flow's frames over all four core "
            + "switches of the k = 4 fat tree (path policy rr): host link, 2 edge-aggregation, 4 aggregation-core, 4 "
            + "core-aggregation, 2 aggregation-edge channels, host link; one that does not keeps them on the pair's "
            + "first path")
    void packetsSpreadOverThePaths() {
        DataCenterFabric fabric = new DataCenterFabric(4);
        // host 0 (pod 0) to host 15 (pod 3): 4 paths, one per core switch
        List<SchedulingLayer.Message> script = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            script.add(new SchedulingLayer.Message(0, 15, i * 20_000_000L, 773));
        }
        ScriptedSenders spread = new ScriptedSenders(16, script, VirtualSwitchRun.HEADER);
        Protocol firstPath = new Protocol() {
            @Override
            public Nic nic(int host, long seed) {
                return spread.nic(host, seed);
            }
        };
        assertThat(channelsUsed(fabric, spread)).hasSize(1 + 2 + 4 + 4 + 2 + 1);
        assertThat(channelsUsed(fabric, firstPath)).hasSize(6);
    }

    private static Set<Integer> channelsUsed(DataCenterFabric fabric, Protocol protocol) {
        SimConfig config = K4.config(false, SimConfig.Arrivals.POISSON, "rr", 1).toBuilder().warmupPs(0)
                .durationPs(2 * DataCenterFabric.MS).drain(false).build();
        Set<Integer> used = new HashSet<>();
        new Simulator(fabric.topology, fabric.routes, config).run(new Workload.Driven("spread", net -> protocol),
                InjectionPolicy.noControl(), List.of(new SimObserver() {
                    @Override
                    public void transmitted(int channel, int vc, int bytes, long startPs, long endPs) {
                        used.add(channel);
                    }
                }));
        return used;
    }

    @Test
    @DisplayName("a message between two tenants, or a tenant size that does not divide the servers, is refused "
            + "naming it")
    void refusesBadTenants() {
        TenantRun runs = new TenantRun(K4, "mp", 1, TenantRepro.FRAME);
        int[][] halves = TenantRun.tenants(16, 8, 1);
        List<SchedulingLayer.Message> across = List.of(new SchedulingLayer.Message(halves[0][0], halves[1][0], 0,
                100));
        assertThatThrownBy(() -> runs.run(across, TenantRun.tenantOf(halves), TenantRun.Scheme.MAX_MIN, 1))
                .hasMessageContaining("joins tenants 0 and 1");
        assertThatThrownBy(() -> TenantRun.tenants(16, 5, 1)).hasMessageContaining("--tenant-size must be at least 2 "
                + "and divide the 16 servers, got 5");
    }
}

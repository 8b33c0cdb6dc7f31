package weft.model.repro;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import weft.model.rate.Allocation;
import weft.model.rate.Arithmetic;
import weft.model.rate.BacklogProportional;
import weft.model.rate.MaxMin;
import weft.model.rate.RateAllocator;
import weft.model.rate.RateProblem;
import weft.model.rate.VoqBudget;
import weft.model.routing.ForwardingTable;
import weft.model.routing.RoutedPaths;
import weft.model.sim.scheduling.SchedulingLayer;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * Seed 004 ch. 4's rates for several tenants on the fat tree: each tenant's max-min or backlog-proportional rates on
 * its Virtual Switch (§4.2.2-4.2.5), spread evenly over the fat tree's paths (ch. 3's packet-level routing), fit every
 * link; and in the packet simulator a victim's flows keep their max-min share whatever a malicious tenant sends.
 */
class TenantSchedulingProperties {
    private static final VoqBudget BUDGET = new VoqBudget(84, 1e-3, 0);

    @Property(tries = 40)
    void tenantRatesSpreadOverThePathsFitEveryFatTreeLink(@ForAll @IntRange(min = 2, max = 3) int halfK,
                                                          @ForAll @IntRange(min = 0, max = 2) int sizeChoice,
                                                          @ForAll @IntRange(min = 1, max = 100) int percentOfFlows,
                                                          @ForAll boolean backlogProportional,
                                                          @ForAll @LongRange(min = 0, max = 100_000) long seed) {
        DataCenterFabric fabric = new DataCenterFabric(2 * halfK);
        Topology t = fabric.topology;
        int hosts = fabric.hosts();
        int size = new int[] {2, halfK * halfK, hosts / 2}[sizeChoice];
        int[][] tenants = TenantRun.tenants(hosts, size, seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        RateProblem.Builder b = RateProblem.builder();
        for (int h = 0; h < hosts; h++) {
            b.link("up" + h, 1);
            b.link("down" + h, 1);
        }
        List<int[]> flows = new ArrayList<>();
        for (int[] tenant : tenants) {
            for (int s : tenant) {
                for (int d : tenant) {
                    if (s != d && rnd.nextInt(100) < percentOfFlows) {
                        long backlog = 1 + rnd.nextLong(2_000_000);
                        b.flow(s + ">" + d, 1, "t", backlog * 8 / 1e-3 / 1e9, backlog, new int[] {2 * s,
                            2 * d + 1});
                        flows.add(new int[] {s, d});
                    }
                }
            }
        }
        if (flows.isEmpty()) {
            return;
        }
        RateAllocator allocator = backlogProportional ? new BacklogProportional(BUDGET) : new MaxMin(BUDGET);
        Allocation<Double> a = allocator.allocate(b.build(), Arithmetic.DOUBLE);
        SwitchGraph g = t.graph();
        RoutedPaths paths = RoutedPaths.of(t, fabric.routes, RoutedPaths.BrokenWalk.FAIL, "vlb");
        ForwardingTable table = paths.table();
        double[] load = new double[g.channelCount()];
        double[] up = new double[hosts];
        double[] down = new double[hosts];
        for (int f = 0; f < flows.size(); f++) {
            int s = flows.get(f)[0];
            int d = flows.get(f)[1];
            double rate = a.gbps(f);
            up[s] += rate;
            down[d] += rate;
            int su = t.switchIndex(t.hosts().get(s).switchId());
            int du = t.switchIndex(t.hosts().get(d).switchId());
            if (su == du) {
                continue;
            }
            int[] tags = table.pairTags(su, du);
            for (int tag : tags) {
                for (int c : paths.channels(su, du, table.ingressLayer(su, du, tag), tag)) {
                    load[c] += rate / tags.length;
                }
            }
        }
        for (int c = 0; c < load.length; c++) {
            assertThat(load[c]).as("channel %s -> %s", g.switchId(g.src(c)), g.switchId(g.dst(c)))
                    .isLessThanOrEqualTo(g.gbps(c) + 1e-9);
        }
        for (int h = 0; h < hosts; h++) {
            assertThat(up[h]).as("host %d up", h).isLessThanOrEqualTo(1 + 1e-9);
            assertThat(down[h]).as("host %d down", h).isLessThanOrEqualTo(1 + 1e-9);
        }
    }

    @Property(tries = 4)
    void aVictimKeepsItsMaxMinShareWhateverTheMaliciousTenantSends(
            @ForAll @IntRange(min = 5, max = 80) int victimPct, @ForAll @IntRange(min = 20, max = 100) int maliciousPct,
            @ForAll boolean backlogProportional, @ForAll @LongRange(min = 0, max = 100_000) long seed) {
        TenantRun runs = new TenantRun(new DataCenterFabric.Options(4, 40, 1, 3), "mp", 1, TenantRepro.FRAME);
        int[][] halves = TenantRun.tenants(16, 8, seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        List<SchedulingLayer.Message> script = new ArrayList<>();
        // the victim all-to-all within its links (7 flows of control take 0.9% of them): its max-min share is what it
        // offers; every malicious server sends to a malicious server drawn at random, often several to one
        runs.allToAll(script, halves[0], victimPct / 100.0, false, rnd);
        for (int s : halves[1]) {
            int d = halves[1][rnd.nextInt(8)];
            if (d != s) {
                runs.flow(script, s, d, maliciousPct / 100.0, false, rnd);
            }
        }
        TenantRun.Measured m = runs.run(script, TenantRun.tenantOf(halves), backlogProportional
                ? TenantRun.Scheme.BACKLOG_PROPORTIONAL : TenantRun.Scheme.MAX_MIN, seed);
        assertThat(TenantRepro.leastVictim(m, halves[0])).isEqualTo(1.0);
    }
}

package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import weft.model.routing.Fabrics;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.traffic.TrafficPatterns;

/** Seeded properties of seed 001 §3's router ({@link VoqSwitch}) on random fabrics and traffic. */
class VoqSwitchProperties {
    @Property(tries = 12, seed = "31")
    @Label("lossless: on deadlock-free routes at saturation a drained run delivers every packet it made, drops none, "
            + "and no input buffer ever holds more than its capacity (credits never overdrawn), whatever the speedup "
            + "and output buffers")
    void drainedRunsDeliverEverything(@ForAll @IntRange(min = 4, max = 12) int switches,
                                      @ForAll @LongRange(min = 1, max = 1000) long seed,
                                      @ForAll @IntRange(min = 0, max = 2) int engineIndex,
                                      @ForAll @IntRange(min = 1, max = 3) int speedup,
                                      @ForAll @IntRange(min = 1, max = 3) int outputPackets,
                                      @ForAll @IntRange(min = 1, max = 3) int inputPackets,
                                      @ForAll boolean cutThrough) {
        String engine = List.of("updown", "lash", "sr").get(engineIndex);
        Topology t = Fabrics.irregular(switches, 4, seed);
        RoutingResult r = SimFabrics.route(engine, t);
        SimConfig c = SimConfig.defaults().withBufferBytes(inputPackets * 2048L).withWarmupPs(0)
                .withDurationPs(50_000_000).withDrain(true).withSourceQueuePackets(4).withSeed(seed)
                .withSwitching(cutThrough ? SimConfig.Switching.VCT : SimConfig.Switching.STORE_AND_FORWARD)
                .withVoqRouter(new VoqRouter(speedup, outputPackets * 2048L));
        SimResult s = new Simulator(t, r, c).run(new Workload.OpenLoop(TrafficPatterns.parse("uniform",
                t.hosts().size(), seed), 1.0));
        assertThat(s.deadlock()).as(engine + " on " + t.name()).isNull();
        assertThat(List.of(s.stopReason(), s.generatedPackets() > 0, s.generatedPackets() - s.deliveredPackets(),
                s.droppedPackets())).containsExactly("drained", true, 0L, 0L);
        assertThat(s.channels()).allSatisfy(ch -> assertThat(ch.maxBufferBytes()).as(ch.channel())
                .isLessThanOrEqualTo(inputPackets * 2048L));
    }

    @Property(tries = 10, seed = "32")
    @Label("per-flow order and no deadlock on seed 001's cluster fabric: every packet of random sources, destinations, "
            + "classes of different priorities and sizes arrives, each (source, class) in the order it was sent")
    void flowsStayInOrder(@ForAll @IntRange(min = 2, max = 4) int leaves,
                          @ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Topology t = Clusters.generate(2, leaves, leaves, 1, 0.064,
                GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));
        RoutingResult r = RoutingEngines.byName("nca").compute(t, RoutingOptions.defaults());
        int hosts = t.hosts().size();
        int perHost = 40;
        List<int[]> got = new ArrayList<>();
        Protocol random = new Protocol() {
            @Override
            public Nic nic(int host, long nicSeed) {
                SplittableRandom rnd = new SplittableRandom(nicSeed);
                int[] dst = new int[perHost];
                int[] cls = new int[perHost];
                int[] bytes = new int[perHost];
                for (int k = 0; k < perHost; k++) {
                    dst[k] = (host + 1 + rnd.nextInt(hosts - 1)) % hosts;
                    cls[k] = rnd.nextInt(3);
                    bytes[k] = rnd.nextBoolean() ? 8 : 256;
                }
                return new Nic() {
                    int sent;

                    @Override
                    public void inject(HostLink link, long nowPs) {
                        if (sent < perHost && link.canSend(dst[sent], cls[sent], bytes[sent])) {
                            link.send(dst[sent], bytes[sent], cls[sent], host, sent, false, nowPs);
                            sent++;
                        }
                    }

                    @Override
                    public long wakePs(long nowPs) {
                        return Long.MAX_VALUE;
                    }

                    @Override
                    public void received(SimPacket p, long nowPs) {
                        got.add(new int[] {p.src(), host, p.cls(), (Integer) p.payload()});
                    }
                };
            }
        };
        SimConfig c = SimConfig.defaults().withPacketBytes(256).withBufferBytes(1024).withRouterDelayPs(26_000)
                .withHostLatencyPs(1_000).withWarmupPs(0).withDurationPs(2_000_000_000L).withSeed(seed)
                .withClassPriorities(List.of(0, 1, 2)).withVoqRouter(VoqRouter.paper());
        SimResult s = new Simulator(t, r, c).run(new Workload.Driven("random", net -> random));
        assertThat(s.deadlock()).isNull();
        assertThat(got).hasSize(hosts * perHost);
        int[][][] last = new int[hosts][hosts][3];
        for (int[][] a : last) {
            for (int[] b : a) {
                java.util.Arrays.fill(b, -1);
            }
        }
        for (int[] g : got) {
            assertThat(g[3]).as("packet %d from h%d to h%d class %d", g[3], g[0], g[1], g[2])
                    .isGreaterThan(last[g[0]][g[1]][g[2]]);
            last[g[0]][g[1]][g[2]] = g[3];
        }
    }
}

package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.qos.HighPriorityLimit;
import weft.model.qos.VlArbitrationTable;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * The protocol hooks (traffic classes, NICs, switch agents), on hand-built fabrics. Packets of 250 B take 200 ns on
 * a 10 Gbit/s link and 400 ns on a 5 Gbit/s one.
 */
class ProtocolTest {
    private static final long NS = 1000;

    /** s0 (h0, h1) -- 5 Gbit/s -- s1 (h2): the link s0 -> s1 (channel 0) is the bottleneck. */
    private static Topology bottleneck() {
        return SimFabrics.build("bottleneck", new double[][] {{10, 10}, {10}}, new int[][] {{0, 1}}, 5, 1);
    }

    private static SimConfig config(List<Integer> classes) {
        return SimConfig.defaults().withPacketBytes(250).withBufferBytes(8 * 250).withClassPriorities(classes)
                .withHostLatencyPs(100 * NS).withRouterDelayPs(50 * NS).withWarmupPs(0)
                .withDurationPs(1_000_000 * NS);
    }

    /** One batch of packets a host sends: to a host, or (dst = -1) addressed to switch {@code sw}. */
    private record Batch(int dst, int sw, int cls, int count, int bytes, Object payload) {
    }

    /** What a host received. */
    private record Got(int src, int cls, Object payload, long atPs, long waitedPs, boolean marked) {
    }

    /** NICs that send their batches as fast as the link allows, in order, and record what arrives. */
    private static final class Bulk implements Protocol {
        final Map<Integer, List<Batch>> plan;
        final SwitchAgent agent;
        final Map<Integer, List<Got>> received = new HashMap<>();
        final int[] sent = new int[16];

        Bulk(Map<Integer, List<Batch>> plan, SwitchAgent agent) {
            this.plan = plan;
            this.agent = agent;
        }

        @Override
        public Nic nic(int host, long seed) {
            List<Batch> batches = new ArrayList<>(plan.getOrDefault(host, List.of()));
            int[] left = batches.stream().mapToInt(Batch::count).toArray();
            return new Nic() {
                int at;

                @Override
                public void inject(HostLink link, long nowPs) {
                    while (at < batches.size() && left[at] == 0) {
                        at++;
                    }
                    if (at == batches.size()) {
                        return;
                    }
                    Batch b = batches.get(at);
                    if (b.dst >= 0 && link.canSend(b.dst, b.cls, b.bytes)) {
                        link.send(b.dst, b.bytes, b.cls, host, b.payload, false, nowPs);
                    } else if (b.dst < 0 && link.canSendToSwitch(b.sw, b.cls, b.bytes)) {
                        link.sendToSwitch(b.sw, b.bytes, b.cls, b.payload);
                    } else {
                        return;
                    }
                    left[at]--;
                    sent[host]++;
                }

                @Override
                public long wakePs(long nowPs) {
                    return Long.MAX_VALUE;
                }

                @Override
                public void received(SimPacket p, long nowPs) {
                    received.computeIfAbsent(host, h -> new ArrayList<>()).add(new Got(p.src(), p.cls(),
                            p.payload(), nowPs, p.waitedPs(), p.marked()));
                }
            };
        }

        @Override
        public SwitchAgent switches() {
            return agent;
        }

        List<Got> at(int host) {
            return received.getOrDefault(host, List.of());
        }
    }

    private static SimResult run(Topology t, SimConfig c, Bulk protocol) {
        RoutingResult routes = SimFabrics.route("minhop", t);
        return new Simulator(t, routes, c).run(new Workload.Driven("test", net -> protocol));
    }

    private static Map<Integer, List<Batch>> plan(Object... hostThenBatch) {
        Map<Integer, List<Batch>> m = new HashMap<>();
        for (int i = 0; i < hostThenBatch.length; i += 2) {
            m.computeIfAbsent((Integer) hostThenBatch[i], h -> new ArrayList<>()).add((Batch) hostThenBatch[i + 1]);
        }
        return m;
    }

    /** Packets from h1 that arrived before h0's last one. */
    private static long overtaking(Bulk p) {
        List<Got> got = p.at(2);
        long lastH0 = got.stream().filter(g -> g.src == 0).mapToLong(Got::atPs).max().orElseThrow();
        return got.stream().filter(g -> g.src == 1 && g.atPs < lastH0).count();
    }

    @Test
    @DisplayName("strict class priority: behind a 5 Gbit/s bottleneck the class-0 sender takes the link; the class-1 "
            + "sender waits until it is done, but shares it equally when both classes have one priority")
    void strictPriority() {
        Map<Integer, List<Batch>> plan = plan(0, new Batch(2, -1, 0, 200, 250, null),
                1, new Batch(2, -1, 1, 200, 250, null));
        for (boolean speedup : new boolean[] {true, false}) {
            Bulk strict = new Bulk(plan, null);
            SimResult r = run(bottleneck(), config(List.of(0, 1)).withInfiniteSpeedup(speedup), strict);
            assertThat(r.deliveredPackets()).isEqualTo(400);
            assertThat(overtaking(strict)).as("speedup infinite: %s", speedup).isLessThan(12);
            Bulk equal = new Bulk(plan, null);
            run(bottleneck(), config(List.of(0, 0)).withInfiniteSpeedup(speedup), equal);
            assertThat(overtaking(equal)).as("speedup infinite: %s", speedup).isGreaterThan(150);
        }
    }

    @Test
    @DisplayName("Seed 002 §4.2.1: classes of one priority on VLs under the IBA arbiter: weights 4 and 6 (64-byte "
            + "packets, one block each) share the bottleneck 4:6; classes of two priorities cannot take a table")
    void vlArbitrationOverClasses() {
        VlArbitrationTable table = new VlArbitrationTable(List.of(new VlArbitrationTable.Entry(0, 4),
                new VlArbitrationTable.Entry(1, 6)), List.of(), HighPriorityLimit.unbounded());
        Bulk b = new Bulk(plan(0, new Batch(2, -1, 0, 600, 64, null), 1, new Batch(2, -1, 1, 600, 64, null)), null);
        run(bottleneck(), config(List.of(0, 0)).withPacketBytes(64).withInfiniteSpeedup(true)
                .withLaneArbitration(table), b);
        List<Got> got = b.at(2);
        assertThat(got).hasSize(1200);
        long lastOfClass1 = got.stream().filter(g -> g.cls == 1).mapToLong(Got::atPs).max().orElseThrow();
        long class0Before = got.stream().filter(g -> g.cls == 0 && g.atPs < lastOfClass1).count();
        // hand-computed: while both lanes are backlogged each round sends 4 class-0 and 6 class-1 packets, so
        // class 1's 600th packet leaves with class 0's 400th (one round of slack for the start)
        assertThat(class0Before).isBetween(396L, 404L);
        assertThatThrownBy(() -> config(List.of(0, 1)).withLaneArbitration(table))
                .hasMessageContaining("must share one priority");
    }

    @Test
    @DisplayName("a packet addressed to a switch is handed to the agent there, which sends it on to a host with a new "
            + "payload; it arrives exactly when a packet sent straight to that host would")
    void addressedAndReaddressed() {
        List<Integer> at = new ArrayList<>();
        SwitchAgent agent = new SwitchAgent() {
            @Override
            public void addressed(SimPacket p, int sw, long nowPs) {
                at.add(sw);
                p.readdress(2, p.payload() + "@s" + sw);
            }
        };
        Bulk via = new Bulk(plan(0, new Batch(-1, 1, 0, 1, 8, "request")), agent);
        run(bottleneck(), config(List.of(0, 1)), via);
        Bulk direct = new Bulk(plan(0, new Batch(2, -1, 0, 1, 8, "request")), null);
        run(bottleneck(), config(List.of(0, 1)), direct);
        assertThat(at).containsExactly(1);
        assertThat(via.at(2)).singleElement().satisfies(g -> {
            assertThat(g.payload).isEqualTo("request@s1");
            assertThat(g.atPs).isEqualTo(direct.at(2).get(0).atPs);
        });
        Bulk consumed = new Bulk(plan(0, new Batch(-1, 1, 0, 3, 8, "x")), new SwitchAgent() {
        });
        SimResult r = run(bottleneck(), config(List.of(0, 1)), consumed);
        assertThat(consumed.received).isEmpty();
        assertThat(r.droppedPackets()).isZero();
    }

    @Test
    @DisplayName("packets routed onto a watched channel are shown to the agent at that hop, which may rewrite their "
            + "payload; packets that do not cross it are not")
    void watchedCrossing() {
        List<Integer> crossed = new ArrayList<>();
        SwitchAgent agent = new SwitchAgent() {
            @Override
            public boolean watches(int channel) {
                return channel == 0;
            }

            @Override
            public void crossing(SimPacket p, int channel, long nowPs) {
                crossed.add(p.src());
                p.payload("seen");
            }
        };
        Bulk b = new Bulk(plan(0, new Batch(2, -1, 0, 3, 250, "data"), 1, new Batch(0, -1, 0, 2, 250, "data")), agent);
        run(bottleneck(), config(List.of(0, 1)), b);
        assertThat(crossed).containsExactly(0, 0, 0);
        assertThat(b.at(2)).extracting(Got::payload).containsOnly("seen");
        assertThat(b.at(0)).extracting(Got::payload).containsOnly("data");
    }

    /** Drops class-1 packets that waited more than 1 µs, turning each into an 8-byte class-0 reply. */
    private static SwitchAgent expiring(List<Integer> drops) {
        return new SwitchAgent() {
            @Override
            public long maxWaitPs(int cls) {
                return cls == 1 ? 1000 * NS : Long.MAX_VALUE;
            }

            @Override
            public void dropped(SimPacket p, int sw, boolean expired, long nowPs) {
                if (expired) {
                    assertThat(p.waitedPs()).isGreaterThan(1000 * NS);
                    drops.add(sw);
                    p.reply(8, 0, "nack:" + p.payload());
                }
            }
        };
    }

    @Test
    @DisplayName("a packet that waited longer than its class may is dropped where it waits and comes back to its "
            + "source as a reply; every packet sent is either delivered or answered, on every flow control and "
            + "switch model")
    void expiryWithReply() {
        for (SimConfig.FlowControlKind fc : SimConfig.FlowControlKind.values()) {
            for (boolean speedup : new boolean[] {true, false}) {
                List<Integer> drops = new ArrayList<>();
                Bulk b = new Bulk(plan(0, new Batch(2, -1, 1, 100, 250, "spec"), 1,
                        new Batch(2, -1, 1, 100, 250, "spec")), expiring(drops));
                SimConfig c = config(List.of(0, 1)).withInfiniteSpeedup(speedup).withFlowControl(fc);
                if (fc == SimConfig.FlowControlKind.PFC) {
                    c = c.withBufferBytes(40 * 250);
                }
                SimResult r = run(bottleneck(), c, b);
                String what = fc + ", speedup infinite " + speedup;
                long replies = b.at(0).size() + b.at(1).size();
                long lost = r.droppedPackets() - drops.size();
                assertThat(drops).as(what).isNotEmpty().containsOnly(0);
                assertThat(b.at(2).size() + replies + lost).as(what).isEqualTo(200);
                assertThat(replies).as(what).isEqualTo(drops.size());
                assertThat(b.at(0)).as(what).allSatisfy(g -> {
                    assertThat(g.cls).isZero();
                    assertThat(g.payload).isEqualTo("nack:spec");
                });
                assertThat(b.at(2)).as(what).allSatisfy(g -> assertThat(g.waitedPs).isLessThanOrEqualTo(1000 * NS));
                if (fc != SimConfig.FlowControlKind.LOSSY) {
                    assertThat(lost).as(what).isZero();
                }
            }
        }
    }

    @Test
    @DisplayName("credits freed by expired packets return upstream: after a flood in which most packets expire, the "
            + "same class keeps flowing and every packet sent is delivered or answered")
    void expiryReturnsCredits() {
        for (boolean speedup : new boolean[] {true, false}) {
            List<Integer> drops = new ArrayList<>();
            Bulk b = new Bulk(plan(0, new Batch(2, -1, 1, 400, 250, "spec"), 1, new Batch(2, -1, 1, 400, 250, "spec"),
                    0, new Batch(1, -1, 1, 200, 250, "after")), expiring(drops));
            SimResult r = run(bottleneck(), config(List.of(0, 1)).withInfiniteSpeedup(speedup), b);
            assertThat(drops.size()).isGreaterThan(200);
            assertThat(b.sent[0]).isEqualTo(600);
            assertThat(b.sent[1]).isEqualTo(400);
            long after = b.at(1).stream().filter(g -> "after".equals(g.payload)).count();
            long afterAnswered = b.at(0).stream().filter(g -> "nack:after".equals(g.payload)).count();
            long specAnswered = b.at(0).stream().filter(g -> "nack:spec".equals(g.payload)).count()
                    + b.at(1).stream().filter(g -> "nack:spec".equals(g.payload)).count();
            assertThat(after).as("the class keeps flowing after the flood").isGreaterThanOrEqualTo(190);
            assertThat(after + afterAnswered).isEqualTo(200);
            assertThat(b.at(2).size() + specAnswered).isEqualTo(800);
            assertThat(afterAnswered + specAnswered).isEqualTo(drops.size());
            assertThat(r.deadlock()).isNull();
        }
    }

    @Test
    @DisplayName("ECN hook: the agent sees each packet entering an input buffer with its occupancy and the bytes "
            + "queued ahead of it for its output, and may mark it; a lone sender at line rate is never marked, two "
            + "senders into a bottleneck are")
    void bufferMarking() {
        SwitchAgent agent = new SwitchAgent() {
            @Override
            public boolean watchesBuffers() {
                return true;
            }

            @Override
            public void buffered(SimPacket p, int channel, long occupancy, long capacity, long ahead,
                                 boolean outputHeld, long nowPs) {
                assertThat(occupancy).isBetween((long) p.bytes(), capacity);
                assertThat(ahead).isBetween(0L, 8 * capacity);
                if (ahead + p.bytes() > capacity / 2) {
                    p.mark();
                }
            }
        };
        Bulk alone = new Bulk(plan(0, new Batch(1, -1, 0, 100, 250, null)), agent);
        run(bottleneck(), config(List.of()), alone);
        assertThat(alone.at(1)).hasSize(100).noneMatch(Got::marked);
        Bulk two = new Bulk(plan(0, new Batch(2, -1, 0, 100, 250, null), 1, new Batch(2, -1, 0, 100, 250, null)),
                agent);
        run(bottleneck(), config(List.of()), two);
        assertThat(two.at(2)).hasSize(200).anyMatch(Got::marked);
    }

    @Test
    @DisplayName("SimNetwork.path lists the channels a packet between two hosts crosses, ECMP hash included")
    void pathIsTheRoute() {
        // s0 (h0,h1) and s3 (h2,h3) joined through s1 and s2: two equal-cost paths
        Topology t = SimFabrics.build("diamond", new double[][] {{10, 10}, {}, {}, {10, 10}},
                new int[][] {{0, 1}, {0, 2}, {1, 3}, {2, 3}}, 10, 1);
        RoutingResult routes = SimFabrics.route("ecmp", t);
        Simulator sim = new Simulator(t, routes, config(List.of()));
        List<Integer> all = new ArrayList<>();
        Function<SimNetwork, Protocol> each = net -> new Bulk(plan(0, new Batch(2, -1, 0, 1, 250, null),
                1, new Batch(3, -1, 0, 1, 250, null)), null);
        SimObserver watch = new SimObserver() {
            @Override
            public void transmitted(int channel, int vc, int bytes, long startPs, long endPs) {
                all.add(channel);
            }
        };
        sim.run(new Workload.Driven("paths", each), (h, q, s) -> new NoControl(), List.of(watch));
        SimNetwork net = sim.network();
        List<Integer> expected = new ArrayList<>();
        for (int[] pair : new int[][] {{0, 2}, {1, 3}}) {
            for (int c : net.path(pair[0], pair[1])) {
                expected.add(c);
            }
        }
        assertThat(all).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(net.path(0, 2)).startsWith(net.hostUpChannel(0)).endsWith(net.hostDownChannel(2)).hasSize(4);
    }

    @Test
    @DisplayName("misuse is refused with the reason: protocols with flits, re-addressing a packet not addressed to the "
            + "switch, a reply outside an expiry, a send without room")
    void misuse() {
        SwitchAgent dropper = new SwitchAgent() {
            @Override
            public long maxWaitPs(int cls) {
                return 1;
            }
        };
        Bulk flits = new Bulk(plan(0, new Batch(2, -1, 0, 1, 250, null)), dropper);
        assertThatThrownBy(() -> run(bottleneck(), config(List.of()).withFlitBytes(50), flits))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole packets");
        SwitchAgent badReaddress = new SwitchAgent() {
            @Override
            public boolean watches(int channel) {
                return true;
            }

            @Override
            public void crossing(SimPacket p, int channel, long nowPs) {
                p.readdress(1, null);
            }
        };
        assertThatThrownBy(() -> run(bottleneck(), config(List.of()),
                new Bulk(plan(0, new Batch(2, -1, 0, 1, 250, null)), badReaddress)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("addressed to a switch");
        SwitchAgent badReply = new SwitchAgent() {
            @Override
            public void addressed(SimPacket p, int sw, long nowPs) {
                p.reply(8, 0, null);
            }
        };
        assertThatThrownBy(() -> run(bottleneck(), config(List.of()),
                new Bulk(plan(0, new Batch(-1, 1, 0, 1, 8, null)), badReply)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("waiting too long");
        Protocol greedy = new Protocol() {
            @Override
            public Nic nic(int host, long seed) {
                return new Nic() {
                    @Override
                    public void inject(HostLink link, long nowPs) {
                        if (host == 0) {
                            link.send(2, 250, 0, -1, null, false, nowPs);
                            link.send(2, 250, 0, -1, null, false, nowPs);
                        }
                    }

                    @Override
                    public long wakePs(long nowPs) {
                        return Long.MAX_VALUE;
                    }

                    @Override
                    public void received(SimPacket p, long nowPs) {
                    }
                };
            }
        };
        Topology t = bottleneck();
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t), config(List.of()));
        assertThatThrownBy(() -> sim.run(new Workload.Driven("greedy", net -> greedy)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("one packet per inject");
        assertThatThrownBy(() -> new Simulator(t, SimFabrics.route("minhop", t), config(List.of(0, 1)).withVcs(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 lanes");
    }
}

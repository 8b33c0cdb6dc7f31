package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;

/**
 * Seed 001 §3's router ({@link VoqSwitch}) cycle by cycle on one switch, the expected times hand-computed from the
 * rules of its doc comment: 250 B packets take 200 ns on the 10 Gbit/s links and 100 ns across a crossbar of speedup 2;
 * links have 100 ns of latency, the router 50 ns; store-and-forward, so a packet asks for the crossbar 50 ns after its
 * tail arrived.
 */
class VoqSwitchTest {
    private static final long NS = 1000;

    /** One switch s0 with hosts h0, h1, h2 on ports 1-3. */
    private static Topology star() {
        return SimFabrics.build("star", new double[][] {{10, 10, 10}}, new int[0][], 10, 1);
    }

    private static SimConfig config(long inputBytes, long outputBytes) {
        return SimConfig.defaults().withPacketBytes(250).withBufferBytes(inputBytes)
                .withSwitching(SimConfig.Switching.STORE_AND_FORWARD).withHostLatencyPs(100 * NS)
                .withRouterDelayPs(50 * NS).withWarmupPs(0).withDurationPs(100_000 * NS)
                .withVoqRouter(new VoqRouter(2, outputBytes));
    }

    /** Hosts that send {@code count} packets each to their destination (-1: none) back to back, as credit allows. */
    private record Senders(int[] dst, int count, List<long[]> got) implements Protocol {
        Senders(int[] dst, int count) {
            this(dst, count, new ArrayList<>());
        }

        @Override
        public Nic nic(int host, long seed) {
            return new Nic() {
                int sent;

                @Override
                public void inject(HostLink link, long nowPs) {
                    if (dst[host] >= 0 && sent < count && link.canSend(dst[host], 0, 250)) {
                        link.send(dst[host], 250, 0, host, sent++, false, nowPs);
                    }
                }

                @Override
                public long wakePs(long nowPs) {
                    return Long.MAX_VALUE;
                }

                @Override
                public void received(SimPacket p, long nowPs) {
                    got.add(new long[] {p.src(), (Integer) p.payload(), nowPs / NS});
                }
            };
        }
    }

    /** Records the start of every transmission on the given channels, in ns. */
    private record Starts(int[] channels, List<long[]> seen) implements SimObserver {
        @Override
        public void transmitted(int channel, int vc, int bytes, long startPs, long endPs) {
            for (int c : channels) {
                if (c == channel) {
                    seen.add(new long[] {channel, startPs / NS});
                }
            }
        }
    }

    @Test
    @DisplayName("Seed 001 §3 router, two inputs into one output (hand-computed): speedup 2 moves a packet across in "
            + "half its link time, the output buffer of two packets fills and stops the other input until the link "
            + "frees a packet's room, and the output arbiter's pointer alternates the inputs")
    void twoInputContention() {
        Topology t = star();
        Senders p = new Senders(new int[] {2, 2, -1}, 4);
        // channels: each host's up channel then its down channel; h0 up = 0, h1 up = 2
        Starts starts = new Starts(new int[] {0, 2}, new ArrayList<>());
        SimResult r = new Simulator(t, SimFabrics.route("minhop", t), config(500, 500))
                .run(new Workload.Driven("contention", net -> p), (h, q, s) -> new NoControl(),
                        List.of(starts));
        assertThat(r.deadlock()).isNull();
        // a0 crosses [350, 450] and goes on the link at 350; b0 waits for the crossbar port, crosses [450, 550];
        // at 550 a1 wins the output's pointer, b0 goes on the link; at 650 b1 finds the output buffer full (b0 on
        // the wire, a1 queued) and crosses only at 750, when b0's tail has left; then a2 at 950, b2 at 1150 (the
        // pointer now at h1), a3 at 1350, b3 at 1550. Each delivery is 200 ns of link plus 100 ns of latency on.
        assertThat(p.got()).extracting(g -> List.of(g[0], g[1], g[2])).containsExactly(
                List.of(0L, 0L, 650L), List.of(1L, 0L, 850L), List.of(0L, 1L, 1050L), List.of(1L, 1L, 1250L),
                List.of(0L, 2L, 1450L), List.of(1L, 2L, 1650L), List.of(0L, 3L, 1850L), List.of(1L, 3L, 2050L));
        // the hosts' sends show when their input buffer (two packets) freed room: a crossing's end plus the 100 ns
        // a credit takes back: a0 crossed by 450 (a2 sent at 550), a1 by 650 (a3 at 750), b0 by 550 (b2 at 650),
        // b1 by 850 (b3 at 950)
        assertThat(starts.seen()).filteredOn(s -> s[0] == 0).extracting(s -> s[1])
                .containsExactly(0L, 200L, 550L, 750L);
        assertThat(starts.seen()).filteredOn(s -> s[0] == 2).extracting(s -> s[1])
                .containsExactly(0L, 200L, 650L, 950L);
    }

    @Test
    @DisplayName("Seed 001 §3 router, no contention (hand-computed): one packet takes 200 + 100 ns to the switch, "
            + "50 ns of router delay, then goes on the output link as it enters the output buffer: 650 ns in all")
    void zeroLoad() {
        Topology t = star();
        Senders p = new Senders(new int[] {1, -1, -1}, 1);
        new Simulator(t, SimFabrics.route("minhop", t), config(500, 250)).run(new Workload.Driven("one",
                net -> p));
        assertThat(p.got()).extracting(g -> g[2]).containsExactly(650L);
    }

    @Test
    @DisplayName("an output buffer smaller than a packet, flits or infinite speedup beside the router are refused with "
            + "the reason")
    void misuse() {
        assertThatThrownBy(() -> config(500, 100)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("output buffers of 100 B for 250 B packets");
        assertThatThrownBy(() -> config(500, 500).withInfiniteSpeedup(true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("infiniteSpeedup true");
        assertThatThrownBy(() -> new VoqRouter(0, 512)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("speedup must be 1..16, got 0");
    }
}

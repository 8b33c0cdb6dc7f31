package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;
import weft.model.traffic.TrafficPattern;

/** Random open-loop packet sizes (seed 004 §3.1.4, Fig. 3.6b: uniform between the minimum and maximum frame). */
class PacketSizeTest {
    /** One switch, hosts h0 and h1 at 1 Gbit/s: a 1538-byte frame takes 12304 ns. */
    private static final Topology ONE = SimFabrics.build("one", new double[][] {{1, 1}}, new int[0][], 1, 0);

    private static final TrafficPattern SWAP = new TrafficPattern() {
        @Override
        public String name() {
            return "swap";
        }

        @Override
        public int destination(int source, RandomGenerator random) {
            return 1 - source;
        }
    };

    private static SimConfig config(SimConfig.Arrivals arrivals) {
        return SimConfig.defaults().toBuilder().packetBytes(1538).minPacketBytes(84).bufferBytes(64 * 1538)
                .arrivals(arrivals).warmupPs(0).durationPs(20_000_000_000L).routerDelayPs(0).build();
    }

    /** Sizes of every packet host 0 made. */
    private static final class Sizes implements SimObserver {
        final List<Integer> first = new ArrayList<>();
        long count;
        long sum;
        int min = Integer.MAX_VALUE;
        int max;

        @Override
        public void generated(int host, int dst, int bytes, long nowPs, boolean accepted) {
            if (host == 0) {
                count++;
                sum += bytes;
                min = Math.min(min, bytes);
                max = Math.max(max, bytes);
                if (first.size() < 5) {
                    first.add(bytes);
                }
            }
        }
    }

    @Test
    @DisplayName("periodic arrivals pace each packet by its own size: at load 1 a host offers exactly its link, and "
            + "the sizes span 84..1538 B with the mean (84 + 1538) / 2 = 811 B")
    void periodicPacesBySize() {
        Sizes sizes = new Sizes();
        SimResult r = new Simulator(ONE, SimFabrics.route("minhop", ONE), config(SimConfig.Arrivals.PERIODIC))
                .run(new Workload.OpenLoop(SWAP, 1.0), (h, q, s) -> new NoControl(), List.of(sizes));
        assertThat(sizes.min).isBetween(84, 90);
        assertThat(sizes.max).isBetween(1532, 1538);
        assertThat((double) sizes.sum / sizes.count).isCloseTo(811, within(811 * 0.01));
        // 20 ms of 1 Gbit/s is 2.5 MB: about 3083 packets of 811 B
        assertThat(sizes.count).isBetween(3000L, 3170L);
        assertThat(r.offered()).isCloseTo(1.0, within(0.002));
        assertThat(r.accepted()).isCloseTo(1.0, within(0.01));
        assertThat(r.droppedPackets()).isZero();
    }

    @Test
    @DisplayName("Seed 004 §3.2.2 Fig. 3.8: alternating sizes go 1538, 84, 1538, ... from the largest; at load 1 the "
            + "periodic host offers exactly its link with 811 B per packet on average")
    void alternatingSizes() {
        Sizes sizes = new Sizes();
        SimResult r = new Simulator(ONE, SimFabrics.route("minhop", ONE),
                config(SimConfig.Arrivals.PERIODIC).withAlternateSizes(true))
                .run(new Workload.OpenLoop(SWAP, 1.0), (h, q, s) -> new NoControl(), List.of(sizes));
        assertThat(sizes.first).containsExactly(1538, 84, 1538, 84, 1538);
        assertThat(sizes.sum).isBetween(811 * sizes.count, 811 * sizes.count + 727);
        assertThat(r.offered()).isCloseTo(1.0, within(0.002));
        assertThat(r.droppedPackets()).isZero();
        assertThatThrownBy(() -> config(SimConfig.Arrivals.PERIODIC).withMinPacketBytes(0).withAlternateSizes(true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("alternateSizes needs minPacketBytes, the size of every other packet");
    }

    @Test
    @DisplayName("Poisson arrivals with random sizes have the mean size's mean gap: offered matches the load")
    void poissonMeanGap() {
        SimResult r = new Simulator(ONE, SimFabrics.route("minhop", ONE), config(SimConfig.Arrivals.POISSON))
                .run(new Workload.OpenLoop(SWAP, 0.5));
        assertThat(r.offered()).isCloseTo(0.5, within(0.02));
        assertThat(r.accepted()).isCloseTo(0.5, within(0.02));
    }

    @Test
    @DisplayName("random sizes with Bernoulli slots or flits are refused, naming the knob")
    void refusesBernoulliAndFlits() {
        assertThatThrownBy(() -> SimConfig.defaults().withMinPacketBytes(84))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("random packet sizes (minPacketBytes 84) need poisson or periodic arrivals and whole "
                        + "packets (no flit size)");
        assertThatThrownBy(() -> config(SimConfig.Arrivals.POISSON).withMinPacketBytes(2000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minPacketBytes must be 0..packetBytes, got 2000");
    }
}

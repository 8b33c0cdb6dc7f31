package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;

/** The output queues' occupancy ({@link QueueObserver}; seed 004 §3.2.3, Table 3.1). */
class QueueRecordingTest {
    /** h0 at 10 Gbit/s into s0, a 10 Gbit/s link to s1, h1 behind a 1 Gbit/s link: s1's queue to h1 fills. */
    private static final Topology STALL = SimFabrics.build("stall", new double[][] {{10}, {1}}, new int[][] {{0, 1}},
            10, 1);

    private static SimConfig lossy() {
        return SimConfig.defaults().withInfiniteSpeedup(true).withFlowControl(SimConfig.FlowControlKind.LOSSY)
                .withSwitching(SimConfig.Switching.STORE_AND_FORWARD).withBufferBytes(16 * 2048).withWarmupPs(0)
                .withDurationPs(200_000_000);
    }

    /** Keeps what it was told. */
    private static final class Peaks implements QueueObserver {
        long[] peaks;

        @Override
        public void outputQueues(long[] peakBytes) {
            peaks = peakBytes;
        }
    }

    private static int channel(SimResult r, String name) {
        List<String> names = r.channels().stream().map(SimResult.ChannelLoad::channel).toList();
        assertThat(names).contains(name);
        return names.indexOf(name);
    }

    @Test
    @DisplayName("100 packets of 2 KB at 10 Gbit/s towards a 1 Gbit/s host (hand-computed): its drop-tail queue of "
            + "16 packets fills (16 x 2048 bytes behind the one on the wire, then drops); on the 10 Gbit/s hop each "
            + "packet finds the output free, so none waits; a host's uplink has no switch queue")
    void peaks() {
        Peaks seen = new Peaks();
        SimResult r = new Simulator(STALL, SimFabrics.route("minhop", STALL), lossy()).run(
                SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 100 * 2048L)), InjectionPolicy.noControl(),
                List.of(seen));
        assertThat(r.droppedPackets()).isPositive();
        assertThat(seen.peaks).hasSize(r.channels().size());
        assertThat(seen.peaks[channel(r, "s1:1->h1")]).isEqualTo(16 * 2048);
        assertThat(seen.peaks[channel(r, "s0:2->s1:2")]).isZero();
        assertThat(seen.peaks[channel(r, "h0->s0:1")]).isZero();
    }

    @Test
    @DisplayName("without a QueueObserver nothing is recorded and the run is the same")
    void offChangesNothing() {
        Simulator sim = new Simulator(STALL, SimFabrics.route("minhop", STALL), lossy());
        SimResult off = sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 100 * 2048L)));
        SimResult on = sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 100 * 2048L)),
                InjectionPolicy.noControl(), List.of(new Peaks()));
        assertThat(on.droppedPackets()).isEqualTo(off.droppedPackets());
        assertThat(on.deliveredPackets()).isEqualTo(off.deliveredPackets());
    }

    @Test
    @DisplayName("the input-queued crossbar has no output queues: asking for them names the switch model")
    void crossbarRefuses() {
        Simulator sim = new Simulator(STALL, SimFabrics.route("minhop", STALL), SimConfig.defaults());
        assertThatThrownBy(() -> sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 2048)),
                InjectionPolicy.noControl(), List.of(new Peaks()))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("output-queued switch");
    }
}

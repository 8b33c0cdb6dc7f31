package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.topology.Topology;

class VcChoiceTest {
    @Test
    @DisplayName("a lane of 4 virtual channels: successive packets on every channel take them in turn, 0 1 2 3 0 1 2 3")
    void packetsTakeTheLaneVirtualChannelsInTurn() {
        Topology t = SimFabrics.build("line", new double[][] {{10}, {10}}, new int[][] {{0, 1}}, 10, 1);
        Simulator sim = new Simulator(t, SimFabrics.route("minhop", t), SimConfig.defaults().withVcs(4)
                .withWarmupPs(0).withDurationPs(10_000_000_000L));
        Map<Integer, List<Integer>> vcs = new TreeMap<>();
        SimObserver observer = new SimObserver() {
            @Override
            public void transmitted(int channel, int vc, int bytes, long startPs, long endPs) {
                vcs.computeIfAbsent(channel, c -> new ArrayList<>()).add(vc);
            }
        };
        SimResult r = sim.run(SimFabrics.phases(SimFabrics.flow("f", "h0", "h1", 8 * 2048)),
                InjectionPolicy.noControl(), List.of(observer));
        assertThat(r.deliveredPackets()).isEqualTo(8);
        assertThat(vcs).hasSize(3);
        assertThat(vcs.values()).allSatisfy(seq -> assertThat(seq).containsExactly(0, 1, 2, 3, 0, 1, 2, 3));
    }
}

package weft.model.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Lane arbitration: round robin, and the InfiniBand high/low weighted tables of seed 002 §4.1-4.2. */
class LaneArbiterTest {
    private static List<Integer> picks(LaneArbiter a, long ready, int packets, int bytes) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < packets; i++) {
            int lane = a.pick(0, ready);
            a.charge(0, lane, bytes);
            out.add(lane);
        }
        return out;
    }

    @Test
    @DisplayName("round robin serves the ready lanes in turn")
    void roundRobin() {
        LaneArbiter a = new LaneArbiter(LaneArbitration.roundRobin(), 1, 4);
        assertThat(picks(a, 0b1011, 6, 2048)).containsExactly(0, 1, 3, 0, 1, 3);
        assertThat(a.pick(0, 0)).isEqualTo(-1);
    }

    @Test
    @DisplayName("Seed 002 §4.1: a lane sends while its weight in 64-byte blocks lasts; high lanes preempt low ones")
    void weightedTables() {
        LaneArbitration spec = LaneArbitration.parse("high=0:2,1:3;low=2:1");
        LaneArbiter a = new LaneArbiter(spec, 1, 3);
        // 64-byte packets: lane 0 sends 2, lane 1 sends 3, again; lane 2 starves while high lanes have data
        assertThat(picks(a, 0b111, 10, 64)).containsExactly(0, 0, 1, 1, 1, 0, 0, 1, 1, 1);
        assertThat(picks(a, 0b100, 2, 64)).containsExactly(2, 2);
        assertThat(spec.spec()).isEqualTo("high=0:2,1:3;low=2:1");
    }

    @Test
    @DisplayName("Seed 002 §4.1: after the limit of high priority, one waiting low-priority packet goes")
    void limitOfHighPriority() {
        LaneArbiter a = new LaneArbiter(LaneArbitration.parse("high=0:100;low=1:1;limit=3"), 1, 2);
        assertThat(picks(a, 0b11, 8, 64)).containsExactly(0, 0, 0, 1, 0, 0, 0, 1);
    }

    @Test
    @DisplayName("Seed 002 Table 4.1: every lane backlogged: the low lanes share what the high ones leave by weight")
    void table41Shares() {
        LaneArbiter a = new LaneArbiter(LaneArbitration.parse("high=0:4,1:6;low=2:8,3:10,4:1;limit=1"), 1, 5);
        int[] count = new int[5];
        for (int lane : picks(a, 0b11111, 4560, 64)) {
            count[lane]++;
        }
        // limit 1: high and low alternate packet by packet; within a table the weights split the turns
        assertThat(count[0] + count[1]).isEqualTo(2280);
        assertThat(count[0] * 6).isEqualTo(count[1] * 4);
        assertThat(count[2] * 10).isEqualTo(count[3] * 8);
        assertThat(count[2]).isEqualTo(8 * count[4]);
    }

    @Test
    @DisplayName("a lane in use that neither table names is refused (it would never be served)")
    void unservedLane() {
        assertThatThrownBy(() -> new LaneArbiter(LaneArbitration.parse("high=0:1;low=2:1"), 1, 3))
                .hasMessageContaining("lane 1");
        assertThatThrownBy(() -> LaneArbitration.parse("middle=0:1")).hasMessageContaining("unknown key 'middle'");
    }
}

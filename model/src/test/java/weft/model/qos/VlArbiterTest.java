package weft.model.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.routing.LayerLayout;

class VlArbiterTest {
    /** Table 4.1 balanced, one layer per class: SL1..SL5 on VL0..VL4. */
    private static VlArbitrationTable table41(HighPriorityLimit limit) {
        return ServiceLevels.table41Balanced().arbitrationTable(LayerLayout.infiniband(1, 5), limit);
    }

    private static int[] sizes(int bytes) {
        int[] s = new int[16];
        Arrays.fill(s, bytes);
        return s;
    }

    private static int[] run(VlArbiter a, int ready, int[] sizes, int count) {
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = a.select(ready, sizes);
        }
        return out;
    }

    private static int mask(int... vls) {
        int m = 0;
        for (int v : vls) {
            m |= 1 << v;
        }
        return m;
    }

    @Test
    @DisplayName("Seed 002 §4.2.1 with Table 4.1 weights (hand-computed from the rule): low lanes SL3/SL4/SL5 "
            + "backlogged with 64-byte packets send 8, 10, 1 packets per turn, in table order")
    void lowWeightedRoundRobin() {
        VlArbiter a = new VlArbiter(table41(HighPriorityLimit.unbounded()));
        int[] expected = new int[38];
        for (int round = 0; round < 2; round++) {
            int k = round * 19;
            Arrays.fill(expected, k, k + 8, 2);
            Arrays.fill(expected, k + 8, k + 18, 3);
            expected[k + 18] = 4;
        }
        assertThat(run(a, mask(2, 3, 4), sizes(64), 38)).containsExactly(expected);
    }

    @Test
    @DisplayName("Seed 002 §4.2.1 (hand-computed): high lanes preempt low lanes; with an unbounded limit SL1/SL2 "
            + "share 4:6 and the low lanes starve while both are backlogged")
    void highPreemptsLow() {
        VlArbiter a = new VlArbiter(table41(HighPriorityLimit.unbounded()));
        int[] got = run(a, mask(0, 1, 2, 3, 4), sizes(64), 20);
        assertThat(got).containsExactly(0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1);
    }

    @Test
    @DisplayName("Seed 002 §4.2.1, limit of high priority as the thesis words it (2 packets, hand-computed): "
            + "two high packets, then a waiting low packet, each priority resuming its own turn")
    void limitInPackets() {
        VlArbiter a = new VlArbiter(table41(HighPriorityLimit.packets(2)));
        assertThat(run(a, mask(0, 1, 2, 3, 4), sizes(64), 9)).containsExactly(0, 0, 2, 0, 0, 2, 1, 1, 2);
    }

    @Test
    @DisplayName("InfiniBand LimitOfHighPriority 1 (4 KB) with 1 KB packets (hand-computed): four high packets, "
            + "then one low; every 16-block packet ends its entry's turn")
    void limitInIbaUnits() {
        VlArbiter a = new VlArbiter(table41(HighPriorityLimit.iba(1)));
        assertThat(run(a, mask(0, 1, 2, 3, 4), sizes(1024), 15))
                .containsExactly(0, 1, 0, 1, 2, 0, 1, 0, 1, 3, 0, 1, 0, 1, 4);
    }

    @Test
    @DisplayName("InfiniBand LimitOfHighPriority 0 still lets one high packet go before each waiting low packet")
    void limitZero() {
        VlArbiter a = new VlArbiter(table41(HighPriorityLimit.iba(0)));
        assertThat(run(a, mask(0, 2), sizes(64), 6)).containsExactly(0, 2, 0, 2, 0, 2);
    }

    @Test
    @DisplayName("Seed 002 §4.2.1 level 1: the management lane VL15 preempts everything")
    void managementFirst() {
        VlArbiter a = new VlArbiter(table41(HighPriorityLimit.unbounded()));
        assertThat(a.select(mask(0, 2, 15), sizes(64))).isEqualTo(15);
        assertThat(a.select(mask(0, 2), sizes(64))).isZero();
    }

    @Test
    @DisplayName("a lane with nothing ready gives up the rest of its turn; a VL without a weighted entry never "
            + "sends; nothing ready gives NONE")
    void readiness() {
        List<VlArbitrationTable.Entry> low = List.of(new VlArbitrationTable.Entry(2, 3),
                new VlArbitrationTable.Entry(3, 3), new VlArbitrationTable.Entry(6, 0));
        VlArbiter a = new VlArbiter(new VlArbitrationTable(List.of(), low, HighPriorityLimit.unbounded()));
        int[] s = sizes(64);
        assertThat(a.select(mask(2, 3), s)).isEqualTo(2);
        assertThat(a.select(mask(3), s)).isEqualTo(3);
        assertThat(a.select(mask(2, 3), s)).isEqualTo(3);
        assertThat(a.select(mask(2, 3), s)).isEqualTo(3);
        assertThat(a.select(mask(2, 3), s)).isEqualTo(2);
        assertThat(a.select(mask(6), s)).isEqualTo(VlArbiter.NONE);
        assertThat(a.select(0, s)).isEqualTo(VlArbiter.NONE);
    }

    @Test
    @DisplayName("a packet larger than the rest of the weight still leaves and ends the turn (weight 4, 300 B = 5 "
            + "blocks)")
    void overrun() {
        List<VlArbitrationTable.Entry> low = List.of(new VlArbitrationTable.Entry(0, 4),
                new VlArbitrationTable.Entry(1, 4));
        VlArbiter a = new VlArbiter(new VlArbitrationTable(List.of(), low, HighPriorityLimit.unbounded()));
        assertThat(run(a, mask(0, 1), sizes(300), 4)).containsExactly(0, 1, 0, 1);
    }

    @Test
    @DisplayName("a ready packet of 0 bytes is refused, naming the VL")
    void badSize() {
        VlArbiter a = new VlArbiter(table41(HighPriorityLimit.unbounded()));
        assertThatThrownBy(() -> a.select(mask(1), new int[16]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("VL arbiter: VL1 is ready with a packet of 0 bytes, expected > 0");
    }

    @Property(tries = 200, seed = "31")
    @Label("weighted round robin (rule of §4.2.1): backlogged lanes of one priority with packets of b blocks send "
            + "ceil(weight / b) packets per turn, so each lane's packets over whole rounds are exact")
    void packetsPerRound(@ForAll @Size(min = 1, max = 8) List<@IntRange(min = 0, max = 255) Integer> weights,
                         @ForAll @IntRange(min = 1, max = 40) int blocks,
                         @ForAll @IntRange(min = 1, max = 5) int rounds, @ForAll boolean highTable) {
        List<VlArbitrationTable.Entry> entries = new ArrayList<>();
        int perRound = 0;
        int ready = 0;
        for (int i = 0; i < weights.size(); i++) {
            entries.add(new VlArbitrationTable.Entry(i, weights.get(i)));
            perRound += (weights.get(i) + blocks - 1) / blocks;
            ready |= 1 << i;
        }
        VlArbitrationTable t = highTable ? new VlArbitrationTable(entries, List.of(), HighPriorityLimit.iba(3))
                : new VlArbitrationTable(List.of(), entries, HighPriorityLimit.iba(3));
        VlArbiter a = new VlArbiter(t);
        int[] sent = new int[16];
        int[] s = sizes(blocks * 64 - 10);
        for (int k = 0; k < perRound * rounds; k++) {
            int vl = a.select(ready, s);
            assertThat(vl).isNotEqualTo(VlArbiter.NONE);
            sent[vl]++;
        }
        for (int i = 0; i < weights.size(); i++) {
            assertThat(sent[i]).as("VL" + i + " weight " + weights.get(i))
                    .isEqualTo(rounds * ((weights.get(i) + blocks - 1) / blocks));
        }
        if (perRound == 0) {
            assertThat(a.select(ready, s)).isEqualTo(VlArbiter.NONE);
        }
    }

    @Property(tries = 200, seed = "32")
    @Label("limit of high priority (§4.2.1): with n packets allowed, a backlogged low lane gets one of every n + 1 "
            + "packets; only ready lanes are chosen")
    void lowNeverStarves(@ForAll @IntRange(min = 1, max = 20) int n, @ForAll @IntRange(min = 1, max = 31) int high,
                         @ForAll @IntRange(min = 1, max = 255) int w) {
        List<VlArbitrationTable.Entry> hi = List.of(new VlArbitrationTable.Entry(0, w),
                new VlArbitrationTable.Entry(1, 255 - w + 1));
        List<VlArbitrationTable.Entry> lo = List.of(new VlArbitrationTable.Entry(5, 1));
        VlArbiter a = new VlArbiter(new VlArbitrationTable(hi, lo, HighPriorityLimit.packets(n)));
        int ready = (high & 3) | mask(5);
        if ((high & 3) == 0) {
            ready |= 1;
        }
        int run = 0;
        for (int k = 0; k < 10 * (n + 1); k++) {
            int vl = a.select(ready, sizes(64));
            assertThat(ready & (1 << vl)).isNotZero();
            run = vl == 5 ? 0 : run + 1;
            assertThat(run).isLessThanOrEqualTo(n);
        }
    }
}

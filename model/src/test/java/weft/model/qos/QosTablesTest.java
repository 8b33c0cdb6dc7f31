package weft.model.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import weft.model.qos.ServiceLevels.Priority;
import weft.model.qos.ServiceLevels.ServiceClass;
import weft.model.routing.LayerLayout;

class QosTablesTest {
    /** Table 4.1's balanced weights over five classes in {@code layers} LASH layers, high priority unbounded. */
    private static VlArbitrationTable table41(int layers) {
        return ServiceLevels.table41Balanced()
                .arbitrationTable(LayerLayout.infiniband(layers, 5), HighPriorityLimit.unbounded());
    }

    @Test
    @DisplayName("Seed 002 Table 4.1: SL1-SL5 = EF/EF/AF/AF/BE, load 10/15/20/25/30 %, balanced weights 4/6/8/10/1, "
            + "unbalanced 6/1/6/1/1, SL1-2 high priority")
    void table41() {
        ServiceLevels b = ServiceLevels.table41Balanced();
        assertThat(b.classes()).containsExactly(
                new ServiceClass("SL1", "EF", 10, 4, Priority.HIGH),
                new ServiceClass("SL2", "EF", 15, 6, Priority.HIGH),
                new ServiceClass("SL3", "AF", 20, 8, Priority.LOW),
                new ServiceClass("SL4", "AF", 25, 10, Priority.LOW),
                new ServiceClass("SL5", "BE", 30, 1, Priority.LOW));
        assertThat(ServiceLevels.table41Unbalanced().classes()).extracting(ServiceClass::weight)
                .containsExactly(6, 1, 6, 1, 1);
        assertThat(b.loads()).containsExactly(10, 15, 20, 25, 30);
        assertThat(b.highClasses()).isEqualTo(2);
    }

    @Test
    @DisplayName("Seed 002 §4.2.1 with Table 4.1 weights (hand-computed from the rule): backlogged, SL1/SL2 share "
            + "the link 0.4/0.6; SL3/SL4/SL5 share what high priority leaves 8/19, 10/19, 1/19")
    void groupShares() {
        VlArbitrationTable t = table41(1);
        double[] shares = {0.4, 0.6, 8.0 / 19, 10.0 / 19, 1.0 / 19};
        for (int sl = 0; sl < shares.length; sl++) {
            assertThat(t.groupShare(sl)).as("SL%d", sl + 1).isCloseTo(shares[sl], within(1e-12));
        }
        assertThat(t.groupShare(9)).isZero();
    }

    @Test
    @DisplayName("Seed 002 §4.2.3: 5 classes x 3 LASH layers = 15 VLs; SL1-2's six lanes in the high list, the other "
            + "nine in the low list, each with its class's weight")
    void fifteenLanes() {
        VlArbitrationTable t = table41(3);
        assertThat(t.high()).extracting(VlArbitrationTable.Entry::vl).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(t.high()).extracting(VlArbitrationTable.Entry::weight).containsExactly(4, 4, 4, 6, 6, 6);
        assertThat(t.low()).extracting(VlArbitrationTable.Entry::vl).containsExactly(6, 7, 8, 9, 10, 11, 12, 13, 14);
        assertThat(t.low()).extracting(VlArbitrationTable.Entry::weight)
                .containsExactly(8, 8, 8, 10, 10, 10, 1, 1, 1);
        assertThatThrownBy(() -> ServiceLevels.table41Balanced().arbitrationTable(LayerLayout.infiniband(3, 4),
                HighPriorityLimit.unbounded()))
                .hasMessage("arbitration table: layout has 4 classes, the service levels 5");
    }

    @Test
    @DisplayName("Seed 002 §4.2.1: SL i on VL i where the link has the VLs, degraded otherwise; one data VL puts "
            + "every SL on VL0")
    void slToVl() {
        SlToVlTable fifteen = SlToVlTable.direct(15);
        for (int sl = 0; sl < 15; sl++) {
            assertThat(fifteen.vl(sl)).isEqualTo(sl);
        }
        assertThat(fifteen.vl(15)).isZero();
        SlToVlTable one = SlToVlTable.direct(1);
        for (int sl = 0; sl < 16; sl++) {
            assertThat(one.vl(sl)).isZero();
        }
        SlToVlTable custom = SlToVlTable.of(0, 1, 2, 3, 4, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        assertThat(custom.drops(5)).isTrue();
        assertThat(custom.drops(4)).isFalse();
        assertThat(custom).isEqualTo(SlToVlTable.of(0, 1, 2, 3, 4, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    @DisplayName("bad tables are refused naming the entry: VL out of range, too many entries, weight over 255")
    void validation() {
        assertThatThrownBy(() -> SlToVlTable.of(0, 1, 2))
                .hasMessage("SL-to-VL table: 3 entries, expected 16 (one per SL)");
        assertThatThrownBy(() -> SlToVlTable.of(0, 1, 2, 3, 4, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
                .hasMessage("SL-to-VL table: SL5 maps to VL16, expected a VL in 0..15");
        assertThatThrownBy(() -> SlToVlTable.direct(15).vl(16)).hasMessage("service level 16 outside 0..15");
        assertThatThrownBy(() -> new VlArbitrationTable.Entry(15, 1))
                .hasMessage("VL arbitration entry: VL15 outside the data VLs 0..14");
        assertThatThrownBy(() -> new VlArbitrationTable.Entry(3, 256))
                .hasMessage("VL arbitration entry for VL3: weight 256 outside 0..255");
        List<VlArbitrationTable.Entry> many = java.util.Collections.nCopies(65, new VlArbitrationTable.Entry(0, 1));
        assertThatThrownBy(() -> new VlArbitrationTable(many, List.of(), HighPriorityLimit.unbounded()))
                .hasMessage("VL arbitration table: 65 high and 0 low entries, at most 64 each");
        assertThatThrownBy(() -> HighPriorityLimit.iba(256)).hasMessage("LimitOfHighPriority 256 outside 0..255");
        assertThatThrownBy(() -> HighPriorityLimit.packets(0))
                .hasMessage("limit of high priority: 0 packets, expected >= 1");
    }
}

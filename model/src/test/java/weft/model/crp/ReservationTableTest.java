package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static weft.model.crp.Vectors.assertCells;
import static weft.model.crp.Vectors.vector;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ReservationTableTest {
    /** The channel of Fig. 4 (cells A-E) with F = 50, as in the hand-computed Test A. */
    private static ReservationTable figure4Channel() {
        return ReservationTable.of(512, 0, 512, 10, 100, 0, 10, 50);
    }

    @Test
    @DisplayName("Seed 001 §2.2 Fig. 4: channel [512, 10, 100, 0, 10, F] clears D and E for 80 cycles: TTTFF")
    void figure4Vector() {
        ReservationTable t = figure4Channel();
        assertThat(t.feasible(0, 80)).as("A: 512 free").isTrue();
        assertThat(t.feasible(1, 80)).as("B: 10 + 100 >= 80").isTrue();
        assertThat(t.feasible(2, 80)).as("C: 100 + 0 >= 80").isTrue();
        assertThat(t.feasible(3, 80)).as("D: no cycle left").isFalse();
        assertThat(t.feasible(4, 80)).as("E: 10 + 50 < 80").isFalse();
        assertThat(t.availability(80)).isEqualTo(vector(0, "TTTFFF"));
    }

    @Test
    @DisplayName("Seed 001 §2.1: the cell after the last is 0, so the last cell must hold the whole request")
    void lastCellStandsAlone() {
        ReservationTable t = ReservationTable.of(512, 0, 512, 10, 100, 0, 10);
        assertThat(t.availability(80)).isEqualTo(vector(0, "TTTFF"));
        assertThat(ReservationTable.of(100, 0, 0, 80).availability(80)).isEqualTo(vector(0, "FT"));
    }

    @Test
    @DisplayName("Seed 001 §2.3 Fig. 5: the destination takes 40 from B and 40 from C for 80 cycles")
    void figure5Commit() {
        ReservationTable d = ReservationTable.of(512, 0, 30, 40, 100, 512, 100);
        assertThat(d.availability(80)).isEqualTo(vector(0, "FTTTT"));
        assertThat(d.commit(1, 80)).isEqualTo(new SlotSplit(1, 40, 40));
        assertCells(d, 30, 0, 60, 512, 100);
    }

    @Test
    @DisplayName("Seed 001 §2.4: the grant for cycle 984 sets B of the Fig. 4 channel to 0 and C to 30")
    void grantCommitsAtTheTimestampCell() {
        ReservationTable k = figure4Channel();
        long cell = SlotClock.of(512).slotOf(984);
        assertThat(cell).as("cycle 984 is in cell B").isEqualTo(1);
        assertThat(k.fits(cell, 80)).isTrue();
        assertThat(k.commit(cell, 80)).isEqualTo(new SlotSplit(1, 10, 70));
        assertCells(k, 512, 0, 30, 0, 10, 50);
        assertThat(k.committedUnits()).isEqualTo(80);
    }

    @Test
    @DisplayName("Seed 001 §2.1: when time reaches 512, cell A is deleted and a full cell enters on the right")
    void shiftAtSlotBoundary() {
        ReservationTable k = figure4Channel();
        k.advanceTo(1);
        assertThat(k.baseSlot()).isEqualTo(1);
        assertCells(k, 10, 100, 0, 10, 50, 512);
        assertThat(k.free(0)).as("a passed slot").isZero();
        k.advanceTo(1);
        k.advanceTo(0);
        assertCells(k, 10, 100, 0, 10, 50, 512);
        k.advanceTo(100);
        assertCells(k, 512, 512, 512, 512, 512, 512);
    }

    @Test
    @DisplayName("Seed 001 §2.5 (hand-computed): charging 32 to [0, 0, 20, 512] gives [0, 0, 0, 500], carrying")
    void chargeCarries() {
        ReservationTable t = ReservationTable.of(512, 0, 0, 0, 20, 512);
        assertThat(t.chargeUnreserved(32)).isZero();
        assertCells(t, 0, 0, 0, 500);
        assertThat(t.chargeUnreserved(600)).as("what the window cannot take").isEqualTo(100);
        assertCells(t, 0, 0, 0, 0);
        assertThat(t.chargedUnits()).isEqualTo(532);
        assertThat(t.unchargedUnits()).isEqualTo(100);
    }

    @Test
    @DisplayName("Seed 001 §2.4 grant check: an empty first cell still fits when the next one holds everything")
    void fitsFromTheNextCell() {
        ReservationTable t = ReservationTable.of(100, 0, 0, 90, 0);
        assertThat(t.feasible(0, 80)).as("request time: t[0] = 0").isFalse();
        assertThat(t.fits(0, 80)).isTrue();
        assertThat(t.commit(0, 80)).isEqualTo(new SlotSplit(0, 0, 80));
        assertCells(t, 0, 10, 0);
        assertThatThrownBy(() -> t.commit(1, 20)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot commit 20 units at slot 1");
    }

    @Test
    void takeAndReleaseExactSplits() {
        ReservationTable t = ReservationTable.of(100, 4, 100, 100, 100);
        t.take(new SlotSplit(5, 30, 100));
        assertCells(t, 100, 70, 0);
        assertThatThrownBy(() -> t.take(new SlotSplit(5, 80, 0))).isInstanceOf(IllegalStateException.class);
        assertThat(t.release(new SlotSplit(5, 30, 100))).isEqualTo(130);
        assertCells(t, 100, 100, 100);
        assertThatThrownBy(() -> t.release(new SlotSplit(4, 1, 0))).hasMessageContaining("exceed the capacity");
        t.take(new SlotSplit(6, 50, 0));
        t.advanceTo(7);
        assertThat(t.release(new SlotSplit(6, 50, 0))).as("a passed slot gives nothing back").isZero();
    }

    @Test
    @DisplayName("Seed 001 §2.4 eager holds: a grant converts the hold at its slot and releases the others")
    void eagerHolds() {
        ReservationTable t = ReservationTable.of(100, 0, 100, 100, 100, 100);
        SegmentId f = new SegmentId(1, 0);
        assertThat(t.hold(f, 0, 150)).isTrue();
        assertThat(t.hold(f, 2, 150)).isTrue();
        assertCells(t, 0, 50, 0, 50);
        assertThat(t.hold(new SegmentId(2, 0), 0, 10)).as("slot 0 is now empty").isFalse();
        assertThat(t.heldUnits()).isEqualTo(300);
        assertThat(t.convertHold(f, 2)).isTrue();
        assertCells(t, 100, 100, 0, 50);
        assertThat(t.heldUnits()).isZero();
        assertThat(t.committedUnits()).isEqualTo(150);
        assertThat(t.convertHold(f, 2)).as("nothing held any more").isFalse();
        SegmentId g = new SegmentId(3, 0);
        assertThat(t.hold(g, 0, 120)).isTrue();
        assertThat(t.releaseHolds(g)).isEqualTo(120);
        assertCells(t, 100, 100, 0, 50);
        assertThat(t.hold(g, 1, 100)).isTrue();
        t.advanceTo(2);
        assertThat(t.heldUnits()).as("a hold whose slot passed is forgotten").isZero();
        assertThat(t.releaseHolds(g)).isZero();
    }

    @Test
    void rejectsBadTables() {
        assertThatThrownBy(() -> ReservationTable.of(100, 0, 50, 101)).hasMessageContaining("cell 1 = 101");
        assertThatThrownBy(() -> new ReservationTable(65, 100, 0)).hasMessageContaining("65 cells");
        assertThatThrownBy(() -> new ReservationTable(4, 0, 0)).hasMessageContaining("capacity 0");
    }
}

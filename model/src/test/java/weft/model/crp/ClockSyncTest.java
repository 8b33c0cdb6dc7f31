package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link ClockOffset}, {@link SlotSync} and {@link SlotBudget}: the live form's time slots on real clocks. */
class ClockSyncTest {
    private static final SlotClock SLOTS = SlotClock.of(100_000);

    @Test
    @DisplayName("RFC 4330 §5 offset from one exchange: client 1 us behind, 100 ns round trip: offset 1000, error 50")
    void offsetFromExchange() {
        ClockOffset o = ClockOffset.fromExchange(100, 1_150, 1_160, 210);
        assertThat(o).isEqualTo(new ClockOffset(1_000, 50, 210));
        assertThat(o.toGlobal(500)).isEqualTo(1_500);
        assertThat(o.toLocal(1_500)).isEqualTo(500);
        ClockOffset odd = ClockOffset.fromExchange(0, 10, 10, 3);
        assertThat(odd.offset()).as("interval [7, 10], midpoint 8.5 rounded down").isEqualTo(8);
        assertThat(odd.error()).as("covers the whole interval").isEqualTo(2);
        assertThatThrownBy(() -> ClockOffset.fromExchange(100, 1_150, 1_140, 210)).hasMessageContaining("causal");
        assertThatThrownBy(() -> ClockOffset.fromExchange(100, 1_000, 2_000, 210)).hasMessageContaining("causal");
    }

    @Test
    @DisplayName("The least-delay sample wins (NTP clock filter); drift grows the error bound since the measurement")
    void bestSampleAndDrift() {
        ClockOffset wide = new ClockOffset(900, 400, 0);
        ClockOffset narrow = new ClockOffset(1_000, 50, 10);
        ClockOffset later = new ClockOffset(1_010, 50, 20);
        assertThat(ClockOffset.best(List.of(wide, narrow, later))).isEqualTo(later);
        assertThat(narrow.errorAt(10 + 1_000_000, 100)).as("50 + 100 ppm of 1 ms").isEqualTo(150);
        assertThat(narrow.errorAt(10 - 1_000_000, 100)).isEqualTo(150);
        assertThat(narrow.errorAt(11, 100)).as("rounded up").isEqualTo(51);
        assertThatThrownBy(() -> ClockOffset.best(List.of())).hasMessageContaining("no samples");
    }

    @Test
    @DisplayName("A held bound of 500 ns at 100 ppm is 100,500 ns after 1 s: it stays against a fresh 2 ms one; after "
            + "30 s it is 3,000,500 ns and the fresh one replaces it")
    void tighterBoundIsKept() {
        ClockOffset held = new ClockOffset(1_000, 500, 0);
        ClockOffset loaded = new ClockOffset(1_900_000, 2_000_000, 1_000_000_000L);
        assertThat(held.tighter(loaded, 100)).isSameAs(held);
        ClockOffset muchLater = new ClockOffset(1_900_000, 2_000_000, 30_000_000_000L);
        assertThat(held.tighter(muchLater, 100)).isSameAs(muchLater);
        assertThat(held.tighter(new ClockOffset(7, 100_500, 1_000_000_000L), 100)).as("a tie goes to the fresh one")
                .isEqualTo(new ClockOffset(7, 100_500, 1_000_000_000L));
    }

    @Test
    @DisplayName("Seed 001 §2.1 time base for 100 us slots: local time + offset gives the global slot; each slot's "
            + "send window is guarded by the tolerance on both sides")
    void slotsOnALocalClock() {
        SlotSync sync = new SlotSync(SLOTS, new ClockOffset(250_000, 5_000, 0), 100,
                SlotSync.defaultTolerance(SLOTS));
        assertThat(sync.tolerance()).isEqualTo(10_000);
        assertThat(sync.slotAt(0)).as("global 250 us").isEqualTo(2);
        assertThat(sync.slotAt(49_999)).isEqualTo(2);
        assertThat(sync.slotAt(50_000)).isEqualTo(3);
        assertThat(sync.windowStart(3)).isEqualTo(300_000 - 250_000 + 10_000);
        assertThat(sync.windowEnd(3)).isEqualTo(400_000 - 250_000 - 10_000);
        assertThat(sync.usableUntil()).as("5 us of slack at 100 ppm: 50 ms").isEqualTo(50_000_000);
        assertThat(sync.usableAt(50_000_000)).isTrue();
        assertThat(sync.usableAt(50_000_011)).isFalse();
        SlotSync tooLoose = new SlotSync(SLOTS, new ClockOffset(0, 20_000, 0), 0, 10_000);
        assertThat(tooLoose.usableAt(0)).isFalse();
        assertThat(tooLoose.usableUntil()).isEqualTo(Long.MIN_VALUE);
        assertThat(new SlotSync(SLOTS, new ClockOffset(0, 0, 0), 0, 10_000).usableUntil()).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> new SlotSync(SLOTS, new ClockOffset(0, 0, 0), 0, 50_000))
                .hasMessageContaining("2 x tolerance < slot 100000");
    }

    @Test
    @DisplayName("Hand-computed agent calendar: grants (5: 300) and (5: 200, 6: 100) pace 500/L in slot 5 and 100/L in "
            + "slot 6; slot 5's unused budget expires at slot 6")
    void agentCalendar() {
        SlotSync sync = new SlotSync(SLOTS, new ClockOffset(0, 0, 0), 0, 0);
        SlotBudget b = new SlotBudget(32);
        b.add(new SlotUnits(5, 300), 4);
        b.add(new SlotUnits(5, 200), 4);
        b.add(new SlotUnits(6, 100), 4);
        assertThat(b.budget(5)).isEqualTo(500);
        assertThat(b.budget(6)).isEqualTo(100);
        assertThat(b.allowance(5, 499_999, sync)).as("before the slot").isZero();
        assertThat(b.allowance(5, 549_999, sync)).as("half the slot: 250").isEqualTo(250);
        b.spend(5, 250);
        assertThat(b.allowance(5, 574_999, sync)).isEqualTo(125);
        assertThat(b.allowance(6, 649_999, sync)).isEqualTo(50);
        assertThat(b.allowance(5, 599_999, sync)).as("the last tick: all of it").isEqualTo(250);
        assertThat(b.allowance(5, 600_000, sync)).as("the slot has ended").isZero();
        assertThat(b.expireBefore(6)).as("unused, not carried forward").isEqualTo(250);
        assertThat(b.budget(5)).isZero();
        assertThat(b.budget(6)).isEqualTo(100);
        assertThatThrownBy(() -> b.spend(6, 101)).hasMessageContaining("100 unspent");
        assertThatThrownBy(() -> b.add(new SlotUnits(4, 10), 5)).hasMessageContaining("outside slots 5..36");
        assertThatThrownBy(() -> b.add(new SlotUnits(37, 10), 5)).hasMessageContaining("outside slots 5..36");
        assertThat(b.revoke(new SlotUnits(6, 30))).isEqualTo(30);
        assertThat(b.budget(6)).isEqualTo(70);
        assertThat(b.revoke(new SlotUnits(9, 30))).isZero();
    }

    @Test
    @DisplayName("A guarded window: 10 us on each side of a 100 us slot, offset 250 us")
    void guardedWindow() {
        SlotSync sync = new SlotSync(SLOTS, new ClockOffset(250_000, 5_000, 0), 0, 10_000);
        SlotBudget b = new SlotBudget(32);
        b.add(new SlotUnits(3, 800), 2);
        assertThat(b.allowance(3, 59_999, sync)).isZero();
        assertThat(b.allowance(3, 60_000, sync)).as("one tick of 80,000").isZero();
        assertThat(b.allowance(3, 99_999, sync)).as("half the window").isEqualTo(400);
        assertThat(b.allowance(3, 139_999, sync)).isEqualTo(800);
        assertThat(b.allowance(3, 140_000, sync)).isZero();
    }
}

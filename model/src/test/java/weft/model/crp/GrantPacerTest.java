package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A VOQ's grants paced inside their slots. Hand-computed: 10 ms slots with a 1 ms guard, so slot s may send in
 * [s·10 + 1, s·10 + 9) ms, 8 ms; a budget of B bytes falls due at B / 8 ms, and a packet goes once the slot has spent
 * no more than is due.
 */
class GrantPacerTest {
    private static final long MS = 1_000_000L;
    private static final SlotClock CLOCK = SlotClock.of(10 * MS);

    private static GrantPacer pacer(long offset) {
        return new GrantPacer(32, new SlotSync(CLOCK, new ClockOffset(offset, 0, 0), 0, MS));
    }

    @Test
    @DisplayName("Slot 5 grants 3000 B: due at 3 Mbit/s from 51 ms; 1500 B go at 51 ms (nothing spent, nothing due) "
            + "and 55 ms (1500 B due); nothing more; the window closes at 59 ms")
    void pacesOneSlot() {
        GrantPacer p = pacer(0);
        assertThat(p.grant(List.of(new SlotUnits(5, 3000)), 40 * MS)).isZero();
        assertThat(p.ready(1500, 50 * MS)).as("guard before the window").isFalse();
        assertThat(p.readyAt(1500, 50 * MS)).isEqualTo(51 * MS);
        assertThat(p.ready(1500, 51 * MS)).isTrue();
        assertThat(p.rate(51 * MS)).isEqualTo(3_000_000L);
        p.sent(1500, 51 * MS);
        assertThat(p.readyAt(1500, 51 * MS)).as("1500 B due at 3 Mbit/s: 4 ms").isEqualTo(55 * MS);
        assertThat(p.ready(1500, 54 * MS)).isFalse();
        assertThat(p.ready(1500, 55 * MS)).isTrue();
        p.sent(1500, 55 * MS);
        assertThat(p.readyAt(1500, 55 * MS)).as("budget spent").isEqualTo(Long.MAX_VALUE);
        assertThat(p.sentUnits()).isEqualTo(3000);
        assertThat(p.ready(1500, 59 * MS)).as("window closed").isFalse();
        assertThat(p.rate(59 * MS)).as("no budget left").isZero();
        assertThat(p.expire(60 * MS)).isZero();
    }

    @Test
    @DisplayName("Slot 5: 2000 B, slot 6: 1000 B, 1500 B packets: the second packet (57 ms) takes slot 5's last 500 B "
            + "and 1000 B of slot 6, so the two slots carry exactly 3000 B and slot 6 sends nothing more")
    void lastPacketBorrowsFromTheNextSlot() {
        GrantPacer p = pacer(0);
        p.grant(List.of(new SlotUnits(5, 2000), new SlotUnits(6, 1000)), 40 * MS);
        assertThat(p.ready(1500, 51 * MS)).isTrue();
        p.sent(1500, 51 * MS);
        assertThat(p.readyAt(1500, 51 * MS)).as("1500 B due at 2 Mbit/s: 6 ms").isEqualTo(57 * MS);
        assertThat(p.ready(1500, 57 * MS)).isTrue();
        p.sent(1500, 57 * MS);
        assertThat(p.readyAt(1500, 57 * MS)).isEqualTo(Long.MAX_VALUE);
        assertThat(p.reservedFrom(57 * MS)).isZero();
        assertThat(p.sentUnits()).isEqualTo(3000);
    }

    @Test
    @DisplayName("A budget smaller than a packet expires: slot 5 grants 1000 B, 1500 B packets and no slot 6 budget to "
            + "borrow from")
    void strandedRemainderExpires() {
        GrantPacer p = pacer(0);
        p.grant(List.of(new SlotUnits(5, 1000)), 40 * MS);
        assertThat(p.ready(1500, 52 * MS)).isFalse();
        assertThat(p.readyAt(1500, 52 * MS)).isEqualTo(Long.MAX_VALUE);
        assertThat(p.ready(900, 52 * MS)).isTrue();
        assertThat(p.expire(60 * MS)).isEqualTo(1000);
        assertThat(p.expiredUnits()).isEqualTo(1000);
    }

    @Test
    @DisplayName("A clock 250 ms behind the controller's: local 51 ms is global 301 ms, slot 30; grants for slots the "
            + "window has closed on arrive late and are dropped")
    void offsetAndLateGrants() {
        GrantPacer p = pacer(250 * MS);
        assertThat(p.slotAt(51 * MS)).isEqualTo(30);
        assertThat(p.grant(List.of(new SlotUnits(29, 700), new SlotUnits(30, 1500)), 55 * MS)).isEqualTo(700);
        assertThat(p.lateUnits()).isEqualTo(700);
        assertThat(p.ready(1500, 55 * MS)).isTrue();
        assertThat(p.grant(List.of(new SlotUnits(30 + 32, 10)), 55 * MS)).as("beyond the window").isEqualTo(10);
    }

    @Test
    @DisplayName("A wake-up late inside the window: slot 5 grants 6000 B, due at 6 Mbit/s from 51 ms (1500 B by 53, "
            + "3000 by 55, 4500 by 57 ms); a host that first runs at 56 ms sends three packets at once, the fourth at "
            + "57 ms: all of it inside the window, nothing expires")
    void lateWakeUpInsideTheWindowCatchesUp() {
        GrantPacer p = pacer(0);
        p.grant(List.of(new SlotUnits(5, 6000)), 40 * MS);
        assertThat(p.rate(56 * MS)).isEqualTo(6_000_000L);
        for (int k = 0; k < 3; k++) {
            assertThat(p.ready(1500, 56 * MS)).as("packet %d at 56 ms", k + 1).isTrue();
            assertThat(p.sent(1500, 56 * MS)).isEqualTo(5);
        }
        assertThat(p.ready(1500, 56 * MS)).as("4500 B spent, due only at 57 ms").isFalse();
        assertThat(p.readyAt(1500, 56 * MS)).isEqualTo(57 * MS);
        p.sent(1500, 57 * MS);
        assertThat(p.sentUnits()).isEqualTo(6000);
        assertThat(p.expire(60 * MS)).isZero();
    }

    @Test
    @DisplayName("A host asleep through slot 5's window (3000 B) sends none of it afterwards: not in its closing "
            + "guard (59 ms), not during slot 6 (62 ms); the 3000 B expire when the window closes and are counted; "
            + "slot 7's 1000 B go in slot 7's window only (71 ms)")
    void nothingLeavesAfterItsWindow() {
        GrantPacer p = pacer(0);
        p.grant(List.of(new SlotUnits(5, 3000), new SlotUnits(7, 1000)), 40 * MS);
        assertThat(p.ready(1500, 59 * MS)).as("slot 5's closing guard").isFalse();
        assertThat(p.ready(1500, 62 * MS)).as("slot 6").isFalse();
        assertThat(p.readyAt(1500, 59 * MS)).as("slot 7's budget holds no 1500 B packet").isEqualTo(Long.MAX_VALUE);
        assertThat(p.readyAt(1000, 59 * MS)).isEqualTo(71 * MS);
        assertThat(p.rate(59 * MS)).as("weighed at slot 7's rate: 1000 B over 8 ms").isEqualTo(1_000_000L);
        assertThat(p.reservedFrom(59 * MS)).as("slot 5 is closed: only slot 7 is still reserved").isEqualTo(1000);
        assertThat(p.expire(58 * MS)).as("slot 5's window still open at 58 ms").isZero();
        assertThat(p.expire(59 * MS)).as("closed at 59 ms").isEqualTo(3000);
        assertThatThrownBy(() -> p.sent(1500, 62 * MS)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("slot 6");
        assertThat(p.sent(1000, 71 * MS)).isEqualTo(7);
        assertThat(p.expiredUnits() + p.sentUnits()).as("every granted byte sent or counted expired").isEqualTo(4000);
    }

    @Test
    @DisplayName("A clock 3 ms ahead of the controller's (local = global + 3 ms): slot 5 is global [50, 60) ms, its "
            + "window local [54, 62) ms; a packet at local 53 ms (global 50, inside the slot but in the guard) waits, "
            + "one at local 61.9 ms goes, one at local 62 ms (global 59) does not")
    void windowFollowsTheMeasuredOffset() {
        GrantPacer p = pacer(-3 * MS);
        p.grant(List.of(new SlotUnits(5, 3000)), 40 * MS);
        assertThat(p.ready(1500, 53 * MS)).isFalse();
        assertThat(p.readyAt(1500, 53 * MS)).isEqualTo(54 * MS);
        p.sent(1500, 54 * MS);
        assertThat(p.readyAt(1500, 54 * MS)).as("1500 B due at 3 Mbit/s: 4 ms").isEqualTo(58 * MS);
        assertThat(p.ready(1500, 62 * MS)).isFalse();
        assertThat(p.ready(1500, 62 * MS - MS / 10)).isTrue();
    }

    @Test
    @DisplayName("Revoked budgets are withdrawn before they are sent")
    void revoke() {
        GrantPacer p = pacer(0);
        p.grant(List.of(new SlotUnits(5, 3000)), 40 * MS);
        assertThat(p.revoke(List.of(new SlotUnits(5, 3000)))).isEqualTo(3000);
        assertThat(p.ready(1500, 51 * MS)).isFalse();
        assertThat(p.hasBudget(51 * MS)).isFalse();
    }

    @Test
    @DisplayName("SlotBudget: a slot's last packet takes the rest from the next slot, never more than the next holds")
    void slotBudgetBorrowing() {
        SlotBudget b = new SlotBudget(4);
        b.add(new SlotUnits(5, 2000), 5);
        b.add(new SlotUnits(6, 1000), 5);
        assertThat(b.canSpend(5, 3000)).isTrue();
        assertThat(b.canSpend(5, 3001)).isFalse();
        b.spend(5, 1500);
        b.spend(5, 1500);
        assertThat(b.spent(5)).isEqualTo(2000);
        assertThat(b.spent(6)).isEqualTo(1000);
        assertThat(b.remainingFrom(5)).isZero();
        assertThatThrownBy(() -> b.spend(6, 1)).hasMessage("slot budget: spending 1 units in slot 6 with 0 unspent "
                + "(and 0 in slot 7)");
        assertThat(b.canSpend(7, 0)).isTrue();
        b.add(new SlotUnits(8, 10), 5);
        assertThat(b.nextWithBudget(5)).isEqualTo(8);
        assertThat(b.nextWithBudget(9)).isEqualTo(SlotBudget.none());
        assertThat(b.expireBefore(9)).isEqualTo(10);
    }
}

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
    @DisplayName("A wake-up late by 2 ms past the window: slot 5 grants 6000 B, due at 6 Mbit/s; decisions taken at "
            + "their due times send 1500 B at 51, 53, 55 and 57 ms, all of it; nothing expires")
    void lateWakeUpSendsWhatFellDue() {
        List<Long> at = new java.util.ArrayList<>();
        GrantPacer p = pacer(0);
        p.grant(List.of(new SlotUnits(5, 6000)), 40 * MS);
        assertThat(p.rate(61 * MS)).as("the scheduler still weighs the VOQ after its window").isEqualTo(6_000_000L);
        for (long t = p.readyAt(1500, 50 * MS); t != Long.MAX_VALUE; t = p.readyAt(1500, t)) {
            assertThat(p.ready(1500, t)).isTrue();
            p.sent(1500, t);
            at.add(t / MS);
        }
        assertThat(at).containsExactly(51L, 53L, 55L, 57L);
        assertThat(p.sentUnits()).isEqualTo(6000);
        assertThat(p.expire(61 * MS)).as("nothing left to expire").isZero();
    }

    @Test
    @DisplayName("A host asleep through slot 5's window (3000 B): its leftover goes late, at once, during slot 6 "
            + "(62 and 63 ms, charged to slot 5); from slot 7 on it may not, and it expires")
    void leftoverGoesLateDuringTheNextSlotOnly() {
        List<SlotUnits> slots5And7 = List.of(new SlotUnits(5, 3000), new SlotUnits(7, 1000));
        GrantPacer p = pacer(0);
        p.grant(slots5And7, 40 * MS);
        assertThat(p.hasBudget(62 * MS)).isTrue();
        assertThat(p.readyAt(1500, 62 * MS)).isEqualTo(62 * MS);
        assertThat(p.sent(1500, 62 * MS)).isEqualTo(5);
        assertThat(p.ready(1500, 63 * MS)).isTrue();
        assertThat(p.sent(1500, 63 * MS)).isEqualTo(5);
        assertThat(p.ready(1500, 64 * MS)).as("slot 5 spent, slot 6 has nothing").isFalse();

        GrantPacer q = pacer(0);
        q.grant(List.of(new SlotUnits(5, 3000)), 40 * MS);
        assertThat(q.ready(1500, 70 * MS)).as("slot 7: too late for slot 5").isFalse();
        assertThat(q.expire(70 * MS)).isEqualTo(3000);
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

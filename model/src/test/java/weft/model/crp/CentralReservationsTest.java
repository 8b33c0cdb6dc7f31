package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CentralReservationsTest {
    /** Central reservations over tables with the given free cells (resources added full, then booked down). */
    private static CentralReservations<String> central(CrpParameters p, Object... nameAndCells) {
        CentralReservations<String> c = new CentralReservations<>(p, 0);
        for (int i = 0; i < nameAndCells.length; i += 2) {
            Vectors.addWithFree(c, p, (String) nameAndCells[i], (long[]) nameAndCells[i + 1]);
        }
        return c;
    }

    private static long[] cells(long... v) {
        return v;
    }

    private static void assertFree(CentralReservations<String> c, String name, long... expected) {
        assertThat(c.snapshot(name, 0).free()).as(name).containsExactly(expected);
    }

    @SuppressWarnings("unchecked")
    private static Booking<String> granted(Decision d) {
        assertThat(d).isInstanceOf(Decision.Granted.class);
        return ((Decision.Granted<String>) d).booking();
    }

    @Test
    @DisplayName("Hand-computed Test A (central): m = [30,10,100,0,10,50], j = 1, a = 10, b = 70, "
            + "K = [512,0,30,0,10,50], D = [30,30,30,512,100,512], ts = 1014")
    void testA() {
        CrpParameters p = Vectors.params(6, 512);
        CentralReservations<String> c = central(p, "K", cells(512, 10, 100, 0, 10, 50),
                "D", cells(30, 40, 100, 512, 100, 512));
        Booking<String> b = granted(c.reserve(ReserveRequest.asap(1, "D", List.of("K"), 80), 0));
        assertThat(b.reserved()).isEqualTo(new SlotSplit(1, 10, 70));
        assertThat(b.startTick()).isEqualTo(1014);
        assertThat(b.resources()).containsExactly("K", "D");
        assertFree(c, "K", 512, 0, 30, 0, 10, 50);
        assertFree(c, "D", 30, 30, 30, 512, 100, 512);
        assertThat(b.budget()).containsExactly(new SlotUnits(1, 10), new SlotUnits(2, 70));
    }

    @Test
    @DisplayName("Hand-computed Test B (central): f1 takes slot 0, f2 slot 1 with a = 50, b = 100; L = [0,0,0,100], "
            + "D2 = [100,50,0,100], no retry")
    void testB() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = central(p, "L", cells(100, 100, 100, 100), "D1", cells(100, 100, 100, 100),
                "D2", cells(100, 100, 100, 100));
        Booking<String> f1 = granted(c.reserve(ReserveRequest.asap(1, "D1", List.of("L"), 150), 0));
        assertThat(f1.reserved()).isEqualTo(new SlotSplit(0, 100, 50));
        assertFree(c, "L", 0, 50, 100, 100);
        assertFree(c, "D1", 0, 50, 100, 100);
        Booking<String> f2 = granted(c.reserve(ReserveRequest.asap(2, "D2", List.of("L"), 150), 0));
        assertThat(f2.reserved()).isEqualTo(new SlotSplit(1, 50, 100));
        assertFree(c, "L", 0, 0, 0, 100);
        assertFree(c, "D2", 100, 50, 0, 100);
        assertThat(c.snapshot("L", 0).retriesNoSlot()).isZero();
    }

    @Test
    @DisplayName("Hand-computed Test C1 (central): m = [10,10,100,100], j = 1: A = [10,90,30,100], "
            + "B = [100,0,30,100], ts = 190, no overload")
    void testC1() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = central(p, "A", cells(10, 100, 100, 100), "B", cells(100, 10, 100, 100));
        Booking<String> b = granted(c.reserve(ReserveRequest.asap(1, "B", List.of("A"), 80), 0));
        assertThat(b.reserved()).isEqualTo(new SlotSplit(1, 10, 70));
        assertThat(b.startTick()).isEqualTo(190);
        assertFree(c, "A", 10, 90, 30, 100);
        assertFree(c, "B", 100, 0, 30, 100);
    }

    @Test
    @DisplayName("Hand-computed Test C2/C3 (central): destination [0,0,30,0] is full; destination [0,50,50,0] behind "
            + "a channel [100,0,0,100] has no common slot; neither changes a table")
    void retryClasses() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = central(p, "D", cells(0, 0, 30, 0), "C", cells(100, 0, 0, 100),
                "E", cells(0, 50, 50, 0));
        assertThat(c.reserve(ReserveRequest.asap(1, "D", List.of(), 80), 0))
                .isEqualTo(new Decision.Retry(RetryCause.DESTINATION_FULL));
        assertThat(c.reserve(ReserveRequest.asap(2, "E", List.of("C"), 80), 0))
                .isEqualTo(new Decision.Retry(RetryCause.NO_COMMON_SLOT));
        assertFree(c, "D", 0, 0, 30, 0);
        assertFree(c, "C", 100, 0, 0, 100);
        assertFree(c, "E", 0, 50, 50, 0);
        assertThat(c.snapshot("D", 0).retriesFull()).isEqualTo(1);
        assertThat(c.snapshot("C", 0).retriesNoSlot()).isEqualTo(1);
        assertThat(c.snapshot("E", 0).retriesNoSlot()).isEqualTo(1);
    }

    @Test
    @DisplayName("Bad requests (unknown destination or resource, bytes <= 0, a slot in the past or beyond the window, "
            + "too large, a repeated resource) get a typed refusal naming the problem and change no table")
    void refusals() {
        CrpParameters p = CrpParameters.paper().toBuilder().table(4, 1000, SlotClock.of(100)).sizes(100, 1000)
                .build();
        CentralReservations<String> c = new CentralReservations<>(p, 0);
        c.addResource("h2", 1000, 0);
        c.addResource("up", 1000, 0);
        long now = 250;
        ResourceSnapshot<String> before = c.snapshot("h2", now);
        assertRefused(c.reserve(ReserveRequest.asap(1, "h9", List.of(), 500), now),
                RequestProblem.UNKNOWN_DESTINATION, "reserve flow 1 to h9: the destination has no reservation table");
        assertRefused(c.reserve(ReserveRequest.asap(1, "h2", List.of("up", "spine"), 500), now),
                RequestProblem.UNKNOWN_RESOURCE, "path 0: resource spine has no reservation table");
        assertRefused(c.reserve(ReserveRequest.asap(1, "h2", List.of("up"), 0), now),
                RequestProblem.NON_POSITIVE_UNITS, "0 units, expected > 0");
        assertRefused(c.reserve(ReserveRequest.asap(1, "h2", List.of("up"), -5), now),
                RequestProblem.NON_POSITIVE_UNITS, "-5 units");
        assertRefused(c.reserve(new ReserveRequest<>(1, "h2", List.of(List.of("up")), 500, 1), now),
                RequestProblem.SLOT_IN_PAST, "slot 1 is in the past (now slot 2)");
        assertRefused(c.reserve(new ReserveRequest<>(1, "h2", List.of(List.of("up")), 500, 6), now),
                RequestProblem.SLOT_BEYOND_WINDOW, "slots 2..5");
        assertRefused(c.reserve(ReserveRequest.asap(1, "h2", List.of("up"), 1001), now),
                RequestProblem.TOO_LARGE, "more than N_max 1000");
        assertRefused(c.reserve(ReserveRequest.asap(1, "h2", List.of("up", "up"), 500), now),
                RequestProblem.REPEATED_RESOURCE, "resource up appears twice");
        assertRefused(c.reserve(ReserveRequest.asap(1, "h2", List.of("h2"), 500), now),
                RequestProblem.REPEATED_RESOURCE, "resource h2 appears twice");
        assertRefused(c.reserve(new ReserveRequest<>(1, "h2", List.of(), 500, ReserveRequest.ASAP), now),
                RequestProblem.NO_PATH, "no candidate path");
        c.addResource("thin", 200, now);
        assertRefused(c.reserve(ReserveRequest.asap(1, "h2", List.of("thin"), 500), now),
                RequestProblem.TOO_LARGE, "more than two slots of thin hold (2 x 200)");
        ResourceSnapshot<String> after = c.snapshot("h2", now);
        assertThat(after.free()).containsExactly(before.free());
        assertThat(after.requests()).isZero();
        assertThat(after.committedUnits()).isZero();
        assertThat(granted(c.reserve(new ReserveRequest<>(1, "h2", List.of(List.of("up")), 500, 3), now))
                .reserved()).as("a valid slot is honoured").isEqualTo(new SlotSplit(3, 525, 0));
    }

    private static void assertRefused(Decision d, RequestProblem problem, String text) {
        assertThat(d).isInstanceOf(Decision.Refused.class);
        Decision.Refused r = (Decision.Refused) d;
        assertThat(r.problem()).isEqualTo(problem);
        assertThat(r.message()).contains(text);
    }

    @Test
    @DisplayName("Seed 001 §2.5 eps: 256 data units reserve 269 at 5%; the budget is the data, the overhead "
            + "is counted")
    void epsilonAndBudget() {
        CentralReservations<String> c = new CentralReservations<>(CrpParameters.paper(), 0);
        c.addResource("d", 269, 0);
        Booking<String> b = granted(c.reserve(ReserveRequest.asap(1, "d", List.of(), 256), 0));
        assertThat(b.reserved()).isEqualTo(new SlotSplit(0, 269, 0));
        assertThat(b.budget()).containsExactly(new SlotUnits(0, 256));
        Booking<String> b2 = granted(c.reserve(ReserveRequest.asap(2, "d", List.of(), 512), 0));
        assertThat(b2.reserved()).isEqualTo(new SlotSplit(1, 269, 269));
        assertThat(b2.budget()).containsExactly(new SlotUnits(1, 269), new SlotUnits(2, 243));
        ResourceSnapshot<String> s = c.snapshot("d", 0);
        assertThat(s.epsilonUnits()).isEqualTo(13 + 26);
        assertThat(s.committedUnits()).isEqualTo(269 + 538);
        assertThat(s.grants()).isEqualTo(2);
        assertThat(s.occupancy()).isEqualTo(3.0 / 32);
    }

    @Test
    @DisplayName("Lead slots keep grants out of the slots a grant cannot reach in time; slots advance with time")
    void leadAndAdvance() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = new CentralReservations<>(p, 2);
        c.addResource("d", 100, 0);
        assertThat(granted(c.reserve(ReserveRequest.asap(1, "d", List.of(), 100), 50)).reserved().slot())
                .isEqualTo(2);
        assertThat(granted(c.reserve(ReserveRequest.asap(2, "d", List.of(), 100), 250)).reserved().slot())
                .isEqualTo(4);
        assertThat(c.snapshot("d", 250).baseSlot()).isEqualTo(2);
        assertThat(c.snapshot("d", 250).liveBookings()).isEqualTo(2);
        assertThat(c.snapshot("d", 550).liveBookings()).as("both bookings' slots have passed").isZero();
        assertThatThrownBy(() -> new CentralReservations<String>(p, 4)).hasMessageContaining("lead 4");
        assertThatThrownBy(() -> c.addResource("d", 100, 0)).hasMessageContaining("already has a table");
    }

    @Test
    @DisplayName("ECMP candidates: the path with the earliest common slot wins")
    void candidatePaths() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = central(p, "up1", cells(0, 100, 100, 100), "up2", cells(0, 0, 100, 100),
                "d", cells(100, 100, 100, 100));
        Decision d = c.reserve(new ReserveRequest<>(1, "d", List.of(List.of("up2"), List.of("up1")), 100,
                ReserveRequest.ASAP), 0);
        assertThat(((Decision.Granted<?>) d).path()).isEqualTo(1);
        assertThat(((Decision.Granted<?>) d).booking().reserved().slot()).isEqualTo(1);
        assertFree(c, "up2", 0, 0, 100, 100);
    }

    @Test
    @DisplayName("A failed link revokes its future bookings: their units go back to every resource on their path")
    void revocation() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = new CentralReservations<>(p, 0);
        c.addResource("link", 100, 0);
        c.addResource("d1", 100, 0);
        c.addResource("d2", 100, 0);
        Booking<String> a = granted(c.reserve(ReserveRequest.asap(7, "d1", List.of("link"), 150), 0));
        Booking<String> b = granted(c.reserve(new ReserveRequest<>(8, "d2", List.of(List.of()), 60, 2), 0));
        assertThat(a.reserved()).isEqualTo(new SlotSplit(0, 100, 50));
        List<Revocation> r = c.revoke("link", 120);
        assertThat(r).containsExactly(new Revocation(a.id(), 7, List.of(new SlotUnits(1, 50))));
        assertThat(c.snapshot("link", 120).free()).containsExactly(100, 100, 100, 100);
        assertThat(c.snapshot("d1", 120).free()).containsExactly(100, 100, 100, 100);
        assertThat(c.snapshot("d1", 120).releasedUnits()).isEqualTo(50);
        assertThat(c.bookings("d2", 120)).containsExactly(b);
        assertThat(c.removeResource("link", 120)).isEmpty();
        assertThat(c.hasResource("link")).isFalse();
        assertRefused(c.reserve(ReserveRequest.asap(9, "d1", List.of("link"), 10), 120),
                RequestProblem.UNKNOWN_RESOURCE, "resource link");
    }

    @Test
    @DisplayName("One booking withdrawn (its path changed): its slots to come go back, the other bookings stay")
    void revokeOneBooking() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = new CentralReservations<>(p, 0);
        c.addResource("link", 100, 0);
        c.addResource("d1", 100, 0);
        Booking<String> a = granted(c.reserve(ReserveRequest.asap(7, "d1", List.of("link"), 150), 0));
        Booking<String> b = granted(c.reserve(ReserveRequest.asap(8, "d1", List.of("link"), 30), 0));
        // a: slot 0 100 + slot 1 50; b: m = [0, 50, 100, 100], j = 1, a = 30
        assertThat(b.reserved()).isEqualTo(new SlotSplit(1, 30, 0));
        assertThat(c.revokeBooking(a.id(), 100)).isEqualTo(new Revocation(a.id(), 7, List.of(new SlotUnits(1, 50))));
        assertThat(c.revokeBooking(a.id(), 100)).as("gone").isNull();
        assertThat(c.snapshot("link", 100).free()).containsExactly(70, 100, 100, 100);
        assertThat(c.bookings("d1", 100)).containsExactly(b);
    }

    @Test
    @DisplayName("A booking restored after a failover takes its split again under its id; one that no longer fits, "
            + "or whose id is live, is refused and changes nothing")
    void restore() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = new CentralReservations<>(p, 0);
        c.addResource("link", 100, 0);
        c.addResource("d1", 100, 0);
        Booking<String> old = new Booking<>(41, 7, List.of("link", "d1"), new SlotSplit(1, 60, 40), 95, 0);
        assertThat(c.restore(old, 0)).isTrue();
        assertThat(c.snapshot("link", 0).free()).containsExactly(100, 40, 60, 100);
        assertThat(c.bookings("d1", 0)).containsExactly(old);
        assertThatThrownBy(() -> c.restore(old, 0)).hasMessage("restore booking 41: a booking with that id is live");
        Booking<String> big = new Booking<>(42, 7, List.of("link", "d1"), new SlotSplit(1, 50, 0), 50, 0);
        assertThatThrownBy(() -> c.restore(big, 0)).hasMessage("restore booking 42: link holds 40 + 60 units at "
                + "slots 1..2, the booking takes 50 + 0");
        assertThat(c.snapshot("link", 0).free()).containsExactly(100, 40, 60, 100);
        Booking<String> fresh = granted(c.reserve(ReserveRequest.asap(8, "d1", List.of("link"), 10), 0));
        assertThat(fresh.id()).as("new ids follow the restored ones").isEqualTo(42);
        assertThat(c.restore(new Booking<>(50, 7, List.of("d1"), new SlotSplit(0, 10, 0), 10, 0), 100))
                .as("its slot has passed").isFalse();
        Booking<String> half = new Booking<>(51, 7, List.of("d1"), new SlotSplit(0, 10, 20), 30, 0);
        assertThat(c.restore(half, 100)).as("slot 0 passed, slot 1 still to come").isTrue();
        assertThat(c.snapshot("d1", 100).free()[0]).as("slot 1: 60 restored before, 20 now").isEqualTo(20);
    }

    @Test
    @DisplayName("Seed 001 §2.5: unreserved traffic reported on a path is charged to each of its resources")
    void chargeUnreserved() {
        CrpParameters p = Vectors.params(4, 100);
        CentralReservations<String> c = new CentralReservations<>(p, 0);
        c.addResource("link", 100, 0);
        c.addResource("d", 100, 0);
        assertThat(c.chargeUnreserved(List.of("link", "d"), 130, 0)).isZero();
        assertThat(c.snapshot("link", 0).free()).containsExactly(0, 70, 100, 100);
        assertThat(c.snapshot("d", 0).chargedUnits()).isEqualTo(130);
        assertThatThrownBy(() -> c.chargeUnreserved(List.of("d", "x"), 5, 0)).hasMessageContaining("resource x");
        assertThat(c.snapshot("d", 0).chargedUnits()).as("nothing charged when a resource is unknown").isEqualTo(130);
    }
}

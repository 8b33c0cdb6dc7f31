package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * When a VOQ asks for reservations and what it does with the answers. N_min = 1000 B, N_max = 4000 B, two alive at
 * once, 32 slots of 10 ms (a 320 ms window); the expected requests are computed by hand from the rules in the class
 * comment.
 */
class VoqReservationTest {
    private static final long MS = 1_000_000L;

    private static VoqReservation voq() {
        SlotSync sync = new SlotSync(SlotClock.of(10 * MS), new ClockOffset(0, 0, 0), 0, MS);
        return new VoqReservation(1000, 4000, 1000, 2, 32, sync, 100);
    }

    @Test
    @DisplayName("A backlog under N_min goes unreserved and is charged; 10,000 B ask 4000 + 4000, then wait for "
            + "an answer (two alive)")
    void requestsFollowTheBacklog() {
        VoqReservation v = voq();
        assertThat(v.poll(999, 0, true)).isNull();
        assertThat(v.reserving(0)).isFalse();
        assertThat(voq().poll(999, 0, false)).as("without a rate of its own, grants are the only way out")
                .isEqualTo(new VoqReservation.Request(100, 999));
        v.sentUnreserved(999);
        assertThat(v.takeCharge()).isEqualTo(999);
        assertThat(v.takeCharge()).isZero();
        assertThat(v.poll(10_000, 0, true)).isEqualTo(new VoqReservation.Request(100, 4000));
        assertThat(v.poll(10_000, 0, true)).as("10,000 - 4000 asked: 6000, at most N_max")
                .isEqualTo(new VoqReservation.Request(101, 4000));
        assertThat(v.poll(10_000, 0, true)).as("two alive").isNull();
        assertThat(v.reserving(0)).isTrue();
    }

    @Test
    @DisplayName("A grant for slots 5-6 keeps one alive until slot 6 ends; after the retry's wait the next request "
            + "asks for the backlog the budget does not cover: 6000 - (2500 + 1500) = 2000")
    void grantsCountUntilTheirSlotsPass() {
        VoqReservation v = voq();
        v.poll(10_000, 0, true);
        v.poll(10_000, 0, true);
        assertThat(v.granted(100, 7, List.of(new SlotUnits(5, 2500), new SlotUnits(6, 1500)), 10 * MS)).isTrue();
        assertThat(v.poll(10_000, 10 * MS, true)).as("one booking and one request alive").isNull();
        assertThat(v.retry(101, 30 * MS, 10 * MS)).isTrue();
        assertThat(v.poll(10_000, 20 * MS, true)).as("the retry wait runs to 40 ms").isNull();
        assertThat(v.poll(6000, 40 * MS, true)).isEqualTo(new VoqReservation.Request(102, 2000));
        assertThat(v.granted(101, 8, List.of(new SlotUnits(9, 10)), 40 * MS)).as("answered already").isFalse();
        assertThat(v.report().grants()).isEqualTo(1);
        assertThat(v.report().retries()).isEqualTo(1);
    }

    @Test
    @DisplayName("After slot 6 the booking is spent: alive drops and the VOQ asks again")
    void bookingEndsWithItsLastSlot() {
        VoqReservation v = voq();
        v.poll(5000, 0, true);
        v.granted(100, 7, List.of(new SlotUnits(5, 2500), new SlotUnits(6, 1500)), 10 * MS);
        v.poll(5000, 10 * MS, true);
        v.refused(101, 10 * MS);
        assertThat(v.poll(5000, 20 * MS, true)).as("refused: no requests for a window (320 ms)").isNull();
        assertThat(v.poll(5000, 329 * MS, true)).isNull();
        assertThat(v.reserving(329 * MS)).isFalse();
        assertThat(v.poll(5000, 330 * MS, true)).isEqualTo(new VoqReservation.Request(102, 4000));
        assertThat(v.report().refusals()).isEqualTo(1);
    }

    @Test
    @DisplayName("A request unanswered for a second is forgotten; a lost session forgets them at once")
    void unansweredRequests() {
        VoqReservation v = voq();
        v.poll(10_000, 0, true);
        v.poll(10_000, 0, true);
        assertThat(v.poll(10_000, 1000 * MS, true)).isNull();
        assertThat(v.poll(10_000, 1001 * MS, true)).isEqualTo(new VoqReservation.Request(102, 4000));
        assertThat(v.report().timeouts()).isEqualTo(2);
        v.sessionLost();
        assertThat(v.reserving(1001 * MS)).isFalse();
    }

    @Test
    @DisplayName("A revoked booking (its link failed) stops counting as alive and its budget goes; the VOQ asks again "
            + "for its backlog at once, and the controller books the path its routes now take")
    void revocation() {
        VoqReservation v = voq();
        v.poll(10_000, 0, true);
        v.granted(100, 7, List.of(new SlotUnits(5, 4000)), 10 * MS);
        v.revoked(7, List.of(new SlotUnits(5, 4000)));
        assertThat(v.pacer().reservedFrom(10 * MS)).isZero();
        assertThat(v.reserving(10 * MS)).isFalse();
        assertThat(v.report().revocations()).isEqualTo(1);
        assertThat(v.poll(10_000, 10 * MS, true)).isEqualTo(new VoqReservation.Request(101, 4000));
    }

    @Test
    @DisplayName("Requests are whole packets: 1500 B packets, N_max 4000 asks 3000; a backlog of 1200 (>= N_min, "
            + "under one packet) asks 1200")
    void wholePackets() {
        SlotSync sync = new SlotSync(SlotClock.of(10 * MS), new ClockOffset(0, 0, 0), 0, MS);
        VoqReservation v = new VoqReservation(1000, 4000, 1500, 2, 32, sync, 1);
        assertThat(v.poll(10_000, 0, true)).isEqualTo(new VoqReservation.Request(1, 3000));
        VoqReservation w = new VoqReservation(1000, 4000, 1500, 2, 32, sync, 1);
        assertThat(w.poll(1200, 0, true)).isEqualTo(new VoqReservation.Request(1, 1200));
    }

    @Test
    @DisplayName("No requests while the clock's error exceeds the tolerance")
    void unusableClock() {
        SlotSync sync = new SlotSync(SlotClock.of(10 * MS), new ClockOffset(0, 2 * MS, 0), 0, MS);
        VoqReservation v = new VoqReservation(1000, 4000, 1000, 2, 32, sync, 1);
        assertThat(v.poll(10_000, 0, true)).isNull();
    }
}

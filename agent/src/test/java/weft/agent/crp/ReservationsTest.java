package weft.agent.crp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.crp.ClockOffset;
import weft.model.crp.VoqReservation;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationBytes;
import weft.model.protocol.SlotBytes;

/**
 * The agent's reservations across destinations: rules (10 ms slots, 32 of them, N_min 7,275, N_max 29,100, two
 * alive, 1 ms tolerance) and a clock measurement turn CRP on; answers reach their destination's VOQ by address.
 */
class ReservationsTest {
    private static final long MS = 1_000_000L;
    private static final long T = 10_000 * MS;
    private static final ControlMessage.Crp RULES = new ControlMessage.Crp(10 * MS, 32, 7_275, 29_100, 2, MS, 6653);

    @Test
    @DisplayName("Off until rules and a clock measurement within the tolerance; an error of 2 ms keeps it off")
    void needsRulesAndAGoodClock() {
        Reservations r = new Reservations(100, 1);
        assertThat(r.poll("10.0.0.9", 100_000, T, true)).isNull();
        r.configure(RULES);
        assertThat(r.active(T)).as("no measurement yet").isFalse();
        r.measured(new ClockOffset(0, 2 * MS, T));
        assertThat(r.active(T)).isFalse();
        r.measured(new ClockOffset(0, 200_000, T));
        assertThat(r.active(T)).isTrue();
        assertThat(r.active(T + 8_000 * MS)).as("0.2 ms + 100 ppm over 8 s: 1 ms, the tolerance").isTrue();
        assertThat(r.active(T + 9_000 * MS)).as("0.2 ms + 0.9 ms: past it").isFalse();
        assertThat(r.poll("10.0.0.9", 100_000, T, true))
                .isEqualTo(new ControlMessage.Reserve(1, "10.0.0.9", 29_100, null));
    }

    @Test
    @DisplayName("A measurement with a wider bound (a loaded host's long round trip) does not replace a tighter one "
            + "still within the tolerance; after a lost session the next measurement replaces the held one")
    void loadedMeasurementKeepsTheTighterBound() {
        Reservations r = new Reservations(100, 1);
        r.measured(new ClockOffset(0, 200_000, T));
        r.configure(RULES);
        r.measured(new ClockOffset(0, 3 * MS, T + 1_000 * MS));
        assertThat(r.active(T + 1_000 * MS)).as("0.2 ms + 100 ppm of 1 s = 0.3 ms held, not 3 ms").isTrue();
        r.sessionLost();
        r.measured(new ClockOffset(0, 3 * MS, T + 2_000 * MS));
        assertThat(r.active(T + 2_000 * MS)).as("another session: the new clock's 3 ms, past the tolerance")
                .isFalse();
    }

    @Test
    @DisplayName("A grant reaches its destination's VOQ and is paced there; a retry and a revoke too; answers for "
            + "nothing waiting are counted and dropped")
    void answersFindTheirVoq() {
        Reservations r = new Reservations(0, 1);
        r.configure(RULES);
        r.measured(new ClockOffset(0, 0, T));
        ControlMessage.Reserve to9 = r.poll("10.0.0.9", 100_000, T, true);
        ControlMessage.Reserve to8 = r.poll("10.0.0.8", 100_000, T, true);
        assertThat(to8.id()).as("ids in a range per destination").isEqualTo(1 + (1L << 32));
        long slot = T / (10 * MS);
        assertThat(r.onMessage(new ControlMessage.Grant(to9.id(), "10.0.0.9", 4,
                List.of(new SlotBytes(slot + 2, 29_100))), T)).isTrue();
        VoqReservation v9 = r.destinations().get("10.0.0.9");
        assertThat(v9.pacer().reservedFrom(T)).isEqualTo(29_100);
        assertThat(r.onMessage(new ControlMessage.Retry(to8.id(), "10.0.0.8", "no-common-slot", MS), T)).isTrue();
        assertThat(r.onMessage(new ControlMessage.Grant(to8.id(), "10.0.0.8", 5,
                List.of(new SlotBytes(slot + 3, 10))), T)).as("answered already").isFalse();
        assertThat(r.grantsIgnored()).isEqualTo(1);
        assertThat(r.onMessage(new ControlMessage.Revoke(4, "10.0.0.9", List.of(new SlotBytes(slot + 2, 29_100))),
                T)).isTrue();
        assertThat(v9.pacer().reservedFrom(T)).isZero();
        assertThat(r.onMessage(new ControlMessage.Revoke(4, "10.0.0.7", List.of(new SlotBytes(slot, 1))), T))
                .isFalse();
    }

    @Test
    @DisplayName("Unreserved bytes are charged per destination once; new rules start every destination afresh")
    void chargesAndNewRules() {
        Reservations r = new Reservations(0, 1);
        r.configure(RULES);
        r.measured(new ClockOffset(0, 0, T));
        r.of("10.0.0.9", T).sentUnreserved(1500);
        r.of("10.0.0.9", T).sentUnreserved(64);
        assertThat(r.charges()).isEqualTo(new ControlMessage.Charge(List.of(new DestinationBytes("10.0.0.9", 1564))));
        assertThat(r.charges()).isNull();
        r.configure(RULES);
        assertThat(r.destinations()).as("the same rules again: kept").hasSize(1);
        r.configure(new ControlMessage.Crp(5 * MS, 32, 1_000, 4_000, 2, MS, null));
        assertThat(r.destinations()).isEmpty();
        assertThat(r.active(T)).isTrue();
    }
}

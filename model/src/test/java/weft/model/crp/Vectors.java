package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** Shared set-up for the hand-computed vectors: {@code ε = 0}, no eager holds, slots of {@code C} ticks. */
final class Vectors {
    private Vectors() {
    }

    /**
     * Parameters of the hand-computed vectors: V cells of C units, one unit per tick, R_cycles = 30, §2.4's waits
     * as they are (not randomised).
     */
    static CrpParameters params(int cells, long capacity) {
        return CrpParameters.paper().toBuilder().table(cells, capacity, SlotClock.of(capacity))
                .sizes(1, 2 * capacity).epsilonPpm(0).eagerSlots(0).retry(30, 0).randomRetry(false).outstanding(1)
                .build();
    }

    /**
     * Adds resource {@code name} to {@code c} with a table of {@code p}'s capacity whose cells start with
     * {@code free} units free: each fuller cell is taken by a booking on that resource alone at that slot.
     */
    static <R> void addWithFree(CentralReservations<R> c, CrpParameters p, R name, long... free) {
        c.addResource(name, p.capacity(), 0);
        for (int slot = 0; slot < free.length; slot++) {
            if (free[slot] < p.capacity()) {
                long units = p.capacity() - free[slot];
                Decision d = c.reserve(new ReserveRequest<>(-1, name, List.of(List.of()), units, slot), 0);
                assertThat(d).isInstanceOf(Decision.Granted.class);
                assertThat(((Decision.Granted<?>) d).booking().reserved()).isEqualTo(new SlotSplit(slot, units, 0));
            }
        }
    }

    static void assertCells(ReservationTable t, long... expected) {
        assertThat(t.freeCells()).as("free cells of %s", t).containsExactly(expected);
    }

    /** The single message of a handler's answer. */
    static Outbound only(List<Outbound> out) {
        assertThat(out).hasSize(1);
        return out.get(0);
    }

    /** A vector from the paper's notation, earliest slot first: "TTTFFF". */
    static SlotVector vector(long base, String bits) {
        long b = 0;
        for (int i = 0; i < bits.length(); i++) {
            if (bits.charAt(i) == 'T') {
                b |= 1L << i;
            }
        }
        return new SlotVector(base, bits.length(), b);
    }
}

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

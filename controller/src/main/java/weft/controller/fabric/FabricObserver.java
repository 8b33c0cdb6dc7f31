package weft.controller.fabric;

import weft.controller.openflow.TransactionResult;

/**
 * What the fabric service reports as it works, for metrics: route computations, the phases of each update and
 * every barrier-confirmed transaction. Called on the service's worker thread; implementations must not block.
 */
public interface FabricObserver {
    /** Routes were computed (engine) and verified (verifier) in these times, then compiled. */
    default void routesComputed(long computeNanos, long verifyNanos) {
    }

    /** A computation failed (routing, verification or compilation): the previous program stays. */
    default void routesFailed() {
    }

    /**
     * One step of a fabric update finished on every switch: {@code read} (the installed flows, groups and meters),
     * then the phases {@code first}, {@code ingress} and {@code cleanup} (see {@link ThreePhaseUpdate}).
     */
    default void updatePhase(String phase, long nanos, int messages) {
    }

    /** A fabric update ended; {@code ok} false when a switch could not be read or programmed in time. */
    default void update(long nanos, boolean ok) {
    }

    /** A transaction's barrier reply arrived. */
    default void transaction(TransactionResult result) {
    }
}

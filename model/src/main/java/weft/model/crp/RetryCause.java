package weft.model.crp;

/**
 * Why a reservation request was answered with a retry, and so how long its source waits (seed 001 §2.4).
 */
public enum RetryCause {
    /**
     * The destination's own table has no feasible slot for the size, whatever the vector: the source waits
     * {@code V_cells·C_max} cycles minus the round trip, until the whole window has been replaced.
     */
    DESTINATION_FULL,
    /** The request's final vector has no true bit: no slot common to every resource. Wait {@code R_cycles}. */
    NO_COMMON_SLOT,
    /**
     * A grant no longer fits at a channel on its way back (another flow took the bandwidth between the request's
     * and the grant's passage) and became a retry there. Wait {@code R_cycles}.
     */
    GRANT_CONFLICT;

    /** Whether the source waits for the window to turn over rather than {@code R_cycles}. */
    public boolean longWait() {
        return this == DESTINATION_FULL;
    }
}

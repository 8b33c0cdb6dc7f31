package weft.model.repro;

/**
 * A claim with Weft's figure. Whether it holds is computed from the claim's tolerance, never stored.
 *
 * @param claim the claim
 * @param weft  Weft's figure, in the claim's unit (NaN when it could not be measured, which never holds)
 */
public record ClaimResult(Claim claim, double weft) {
    public ClaimResult {
        if (claim == null) {
            throw new IllegalArgumentException("claim must be set");
        }
    }

    /** Whether Weft's figure agrees with the paper's under the claim's tolerance. */
    public boolean holds() {
        return claim.tolerance().holds(claim.paper(), weft);
    }

    /** Weft minus paper, in the claim's unit. */
    public double difference() {
        return weft - claim.paper();
    }

    /** Whether the figure lies in the claim's quick band (direction and rough size). */
    public boolean inQuickBand() {
        return claim.quick().contains(weft);
    }
}

package weft.controller.crp;

import weft.model.crp.RetryCause;

/**
 * What a {@link ReservationService} has answered since it started: the running counts behind
 * {@link ReservationsView.Totals}. Retries keep the paper's two classes (seed 001 §2.4); a request over a link
 * reported down counts as a no-common-slot retry.
 */
final class AnswerCounters {
    private long requests;
    private long grants;
    private long grantedBytes;
    private long retriesFull;
    private long retriesNoSlot;
    private long refusals;
    private long revocations;
    private long chargedBytes;

    void requested() {
        requests++;
    }

    void granted(long dataBytes) {
        grants++;
        grantedBytes += dataBytes;
    }

    void retried(RetryCause cause) {
        if (cause == RetryCause.DESTINATION_FULL) {
            retriesFull++;
        } else {
            retriesNoSlot++;
        }
    }

    void refused() {
        refusals++;
    }

    void revoked() {
        revocations++;
    }

    void charged(long bytes) {
        chargedBytes += bytes;
    }

    /** The totals, with the {@code ε} bytes the tables hold now. */
    ReservationsView.Totals totals(long epsilonBytes) {
        return new ReservationsView.Totals(requests, grants, retriesFull, retriesNoSlot, refusals, revocations,
                grantedBytes, epsilonBytes, chargedBytes,
                requests == 0 ? 0 : (double) (retriesFull + retriesNoSlot) / requests);
    }
}

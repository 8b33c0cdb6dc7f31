package weft.model.protocol;

/**
 * What one VOQ did with CRP since its agent started (seed 001's live form, docs/crp.md): what it asked, what it was
 * answered, and where its granted bytes went.
 *
 * @param requests        reserves sent
 * @param grants          grants taken
 * @param retries         retries answered
 * @param refusals        refusals answered
 * @param revocations     bookings revoked
 * @param timeouts        requests forgotten unanswered
 * @param reservedBytes   bytes sent inside their grants
 * @param expiredBytes    granted bytes whose slot ended before they were sent
 * @param lateBytes       granted bytes whose slot had ended when the grant arrived
 * @param unreservedBytes bytes sent without a reservation (charged)
 */
public record ReservationReport(long requests, long grants, long retries, long refusals, long revocations,
                               long timeouts, long reservedBytes, long expiredBytes, long lateBytes,
                               long unreservedBytes) {
}

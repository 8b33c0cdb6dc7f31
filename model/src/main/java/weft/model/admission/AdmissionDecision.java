package weft.model.admission;

/**
 * The answer to an {@link AdmissionRequest}.
 *
 * @param admitted whether the flow may send
 * @param reason   for a rejection, which rule failed where and by how much; for an admission, what was reserved
 */
public record AdmissionDecision(boolean admitted, String reason) {
    static AdmissionDecision admit(String reason) {
        return new AdmissionDecision(true, reason);
    }

    static AdmissionDecision reject(String reason) {
        return new AdmissionDecision(false, reason);
    }
}

package weft.model.admission;

/**
 * An admission-control scheme (seed 002 ch. 5): decides per flow, before it sends, and keeps the state its rule
 * needs. A rejection changes nothing.
 */
public interface AdmissionControl {
    /** Scheme name as in the thesis: "LL", "PB", "CL", "EB". */
    String name();

    /** Admits or rejects the flow; an admitted flow's reservation is recorded. */
    AdmissionDecision request(AdmissionRequest request);

    /**
     * Returns an admitted flow's reservation.
     *
     * @throws IllegalArgumentException naming the flow when it was not admitted
     */
    void release(String flowId);
}

package weft.model.admission;

/**
 * A flow asking to be admitted.
 *
 * @param flowId       unique flow name
 * @param links        the directed links on its path (indexes of the admission controller's link table)
 * @param serviceLevel its service level (SL), {@code 0..} the controller's number of SLs - 1
 * @param peakGbps     requested peak rate P, Gbit/s
 */
public record AdmissionRequest(String flowId, int[] links, int serviceLevel, double peakGbps) {
    public AdmissionRequest {
        if (flowId == null || flowId.isBlank()) {
            throw new IllegalArgumentException("admission request: flowId must be non-empty");
        }
        if (!(peakGbps > 0) || Double.isInfinite(peakGbps)) {
            throw new IllegalArgumentException("admission request " + flowId + ": peak rate must be a positive"
                    + " number of Gbit/s, got " + peakGbps);
        }
        if (serviceLevel < 0) {
            throw new IllegalArgumentException("admission request " + flowId + ": service level must be >= 0, got "
                    + serviceLevel);
        }
        links = links.clone();
    }
}

package weft.model.admission;

import java.util.HashSet;
import java.util.Set;

/**
 * What the measurement-based schemes (EB, PB; seed 002 §5.3) share: each decision needs measurements taken for that
 * request ({@link #request(AdmissionRequest, Object)}), and an admission reserves nothing, so only the admitted
 * flows are kept.
 *
 * @param <M> what is measured for one request
 */
public abstract class MeasuredAdmission<M> implements AdmissionControl {
    private final Set<String> admitted = new HashSet<>();
    private M measured;

    /** Decides with {@code measurement}, taken for this request. */
    public final AdmissionDecision request(AdmissionRequest r, M measurement) {
        measured = measurement;
        try {
            return request(r);
        } finally {
            measured = null;
        }
    }

    /** Without a measurement for this request, or for a flow already admitted, a rejection. */
    @Override
    public final AdmissionDecision request(AdmissionRequest r) {
        if (measured == null) {
            return AdmissionDecision.reject(name() + ": flow " + r.flowId() + " rejected: no " + measurement());
        }
        if (admitted.contains(r.flowId())) {
            return AdmissionDecision.reject(name() + ": flow " + r.flowId() + " is already admitted");
        }
        AdmissionDecision d = decide(r, measured);
        if (d.admitted()) {
            admitted.add(r.flowId());
        }
        return d;
    }

    @Override
    public final void release(String flowId) {
        if (!admitted.remove(flowId)) {
            throw new IllegalArgumentException(name() + ": release of " + flowId + ": not an admitted flow");
        }
    }

    /** What a request needs, for the rejection without it, e.g. "probe report". */
    abstract String measurement();

    /** The scheme's rule for a flow not admitted yet, with the measurements taken for it. */
    abstract AdmissionDecision decide(AdmissionRequest r, M measured);
}

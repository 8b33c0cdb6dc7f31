package weft.model.admission;

import java.util.HashMap;
import java.util.Map;

/**
 * Calibrated Load admission (CL), a baseline: a broker that knows only the total injected rate admits a flow iff
 * {@code Σ L_i + P < CL} for the flow's priority group (high or low), where {@code CL} is that group's calibrated
 * saturation load. It ignores where the load goes, so it guarantees nothing on a hot spot.
 *
 * <p>Seed 002 §5.2.1 (CL, eq. 5.1).
 */
public final class CalibratedLoad implements AdmissionControl {
    private final int highLevels;
    private final double highLimit;
    private final double lowLimit;
    private final double[] total = new double[2];
    private final Map<String, AdmissionRequest> flows = new HashMap<>();

    /**
     * @param highLevels service levels {@code 0..highLevels-1} form the high-priority group, the rest the low
     * @param highLimit  {@code CL_high}, Gbit/s
     * @param lowLimit   {@code CL_low}, Gbit/s
     */
    public CalibratedLoad(int highLevels, double highLimit, double lowLimit) {
        this.highLevels = highLevels;
        this.highLimit = highLimit;
        this.lowLimit = lowLimit;
    }

    @Override
    public String name() {
        return "CL";
    }

    private int group(AdmissionRequest r) {
        return r.serviceLevel() < highLevels ? 0 : 1;
    }

    @Override
    public AdmissionDecision request(AdmissionRequest r) {
        if (flows.containsKey(r.flowId())) {
            return AdmissionDecision.reject("CL: flow " + r.flowId() + " is already admitted");
        }
        int g = group(r);
        double limit = g == 0 ? highLimit : lowLimit;
        String name = g == 0 ? "high" : "low";
        if (!(total[g] + r.peakGbps() < limit)) {
            return AdmissionDecision.reject("CL: flow " + r.flowId() + " rejected: " + name + "-priority load "
                    + total[g] + " + P " + r.peakGbps() + " is not below CL_" + name + " = " + limit + " Gbit/s");
        }
        total[g] += r.peakGbps();
        flows.put(r.flowId(), r);
        return AdmissionDecision.admit("CL: " + name + "-priority load now " + total[g] + " Gbit/s");
    }

    @Override
    public void release(String flowId) {
        AdmissionRequest r = flows.remove(flowId);
        if (r == null) {
            throw new IllegalArgumentException("CL: release of " + flowId + ": not an admitted flow");
        }
        total[group(r)] -= r.peakGbps();
    }
}

package weft.model.admission;

/**
 * Probe-Based admission (PB, after Bianchi et al.): the source sends probes on a low-priority SL of weight 1; the
 * receiver admits iff the probes' in-network transit times spread by less than the jitter bound,
 * {@code T_max − T_min < J}, and no probe was refused at the sender by back-pressure ({@code P = 0}). Probes ride
 * below the admitted traffic, so a path that carries them without queueing has spare bandwidth: PB guarantees
 * bandwidth at class and flow level.
 *
 * <p>Seed 002 §5.3.2 (PB, eqs. 5.8-5.9; 6 probes per flow). The probes themselves are sent by the host agents; this
 * class holds the decision rule and the admitted set.
 */
public final class ProbeBased extends MeasuredAdmission<ProbeBased.ProbeReport> {
    /** The thesis's probe count per flow. */
    public static final int PROBES_PER_FLOW = 6;

    /**
     * What the receiver measured.
     *
     * @param transitTimes in-network transit time of each probe that arrived (any time unit)
     * @param refused      probes the sender could not inject because of back-pressure
     * @param jitterBound  J, carried in the probe (same unit as the transit times)
     */
    public record ProbeReport(long[] transitTimes, int refused, long jitterBound) {
        public ProbeReport {
            transitTimes = transitTimes.clone();
        }
    }

    @Override
    public String name() {
        return "PB";
    }

    @Override
    String measurement() {
        return "probe report";
    }

    @Override
    AdmissionDecision decide(AdmissionRequest r, ProbeReport p) {
        if (p.refused() > 0) {
            return AdmissionDecision.reject("PB: flow " + r.flowId() + " rejected: " + p.refused()
                    + " probe(s) refused at the sender by back-pressure (eq. 5.9 needs 0)");
        }
        if (p.transitTimes().length + p.refused() < PROBES_PER_FLOW) {
            return AdmissionDecision.reject("PB: flow " + r.flowId() + " rejected: " + p.transitTimes().length
                    + " probes arrived, expected " + PROBES_PER_FLOW);
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long t : p.transitTimes()) {
            min = Math.min(min, t);
            max = Math.max(max, t);
        }
        // Eq. 5.8: T_max − T_min < J.
        if (!(max - min < p.jitterBound())) {
            return AdmissionDecision.reject("PB: flow " + r.flowId() + " rejected: probe jitter T_max - T_min = "
                    + max + " - " + min + " = " + (max - min) + " is not below J = " + p.jitterBound());
        }
        return AdmissionDecision.admit("PB: probe jitter " + (max - min) + " < J = " + p.jitterBound());
    }
}

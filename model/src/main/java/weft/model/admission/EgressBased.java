package weft.model.admission;

/**
 * Egress-Based admission (EB, after Cetinkaya and Knightly), a measurement-based baseline at the egress node: from
 * the time-stamped traffic it estimates the arrival envelope (mean {@code R̄(t)}, variance {@code σ²(t)} of the
 * peak arrival rate over {@code t} slots) and the service envelope (mean {@code S̄(t)}, variance {@code Ψ²(t)}),
 * and admits a flow of peak rate {@code P} iff for every {@code 0 <= t <= T}
 * {@code t·R̄(t) + P·t − S̄(t+D) + α·sqrt(t²σ²(t) + Ψ²(t+D)) < 0} and {@code R̄(T) + P < C}. It targets a delay
 * bound {@code D}, not bandwidth: no guarantees.
 *
 * <p>Seed 002 §5.3.1 (EB, eqs. 5.5-5.7). Decision: the limit {@code lim R̄(t)} of eq. 5.7 is estimated by the longest
 * measured interval {@code R̄(T)}.
 */
public final class EgressBased extends MeasuredAdmission<EgressBased.Envelopes> {
    /**
     * Envelope statistics at the egress, indexed by slot count {@code t} (index 0 unused for R and σ²).
     *
     * @param meanArrival   {@code R̄(t)}, {@code t = 0..T}
     * @param varArrival    {@code σ²(t)}, {@code t = 0..T}
     * @param meanService   {@code S̄(t)}, {@code t = 0..T+D}
     * @param varService    {@code Ψ²(t)}, {@code t = 0..T+D}
     * @param delaySlots    D
     * @param confidence    α
     * @param capacity      C (rate per slot)
     */
    public record Envelopes(double[] meanArrival, double[] varArrival, double[] meanService, double[] varService,
                            int delaySlots, double confidence, double capacity) {
        public Envelopes {
            int t = meanArrival.length - 1;
            if (t < 1 || varArrival.length != t + 1 || meanService.length < t + delaySlots + 1
                    || varService.length < t + delaySlots + 1) {
                throw new IllegalArgumentException("EB envelopes: need R̄, σ² for t = 0..T and S̄, Ψ² for t = 0..T+D;"
                        + " got " + meanArrival.length + ", " + varArrival.length + ", " + meanService.length + ", "
                        + varService.length + " values with D = " + delaySlots);
            }
            meanArrival = meanArrival.clone();
            varArrival = varArrival.clone();
            meanService = meanService.clone();
            varService = varService.clone();
        }

        /** The same measurement with {@code rate} more arrivals: flows admitted since it was taken. */
        public Envelopes plusArrival(double rate) {
            double[] r = meanArrival.clone();
            for (int t = 1; t < r.length; t++) {
                r[t] += rate;
            }
            return new Envelopes(r, varArrival, meanService, varService, delaySlots, confidence, capacity);
        }
    }

    @Override
    public String name() {
        return "EB";
    }

    /** The left-hand side of eq. 5.5 at {@code t}. */
    public static double condition(Envelopes e, double peak, int t) {
        int d = e.delaySlots();
        double arrival = t == 0 ? 0 : t * e.meanArrival()[t];
        double var = (t == 0 ? 0 : (double) t * t * e.varArrival()[t]) + e.varService()[t + d];
        return arrival + peak * t - e.meanService()[t + d] + e.confidence() * Math.sqrt(var);
    }

    @Override
    String measurement() {
        return "envelope measurements";
    }

    @Override
    AdmissionDecision decide(AdmissionRequest r, Envelopes e) {
        double peak = r.peakGbps();
        int slots = e.meanArrival().length - 1;
        for (int t = 0; t <= slots; t++) {
            double lhs = condition(e, peak, t);
            if (!(lhs < 0)) {
                return AdmissionDecision.reject("EB: flow " + r.flowId() + " rejected: eq. 5.5 at t = " + t
                        + " gives " + lhs + ", expected < 0 (delay bound D = " + e.delaySlots() + " slots at risk)");
            }
        }
        double longRun = e.meanArrival()[slots] + peak;
        if (!(longRun < e.capacity())) {
            return AdmissionDecision.reject("EB: flow " + r.flowId() + " rejected: R̄(T) + P = " + longRun
                    + " is not below C = " + e.capacity() + " (eq. 5.7)");
        }
        return AdmissionDecision.admit("EB: eq. 5.5 holds for t = 0.." + slots + " and R̄(T) + P < C");
    }
}

package weft.model.rate;

/**
 * Seed 004's per-VOQ capacity deductions: every live VOQ costs each link on its path its control traffic
 * ({@code 2·M/T}: a request and a response of {@code M} bytes per scheduling interval {@code T}, Eq. 4.2) and its
 * guaranteed minimum rate {@code r_min} (§4.5), so the allocatable capacity is
 * {@code c_l = C − |F_l|·(2M/T + r_min)} and every VOQ's rate is {@code r_min} plus its share.
 *
 * <p>Seed 004 §4.3-4.4, Eq. 4.2 (84-byte control frames, T = 1 ms: 1.344 Mbit/s per flow; r_min = 10 Mbit/s in the
 * thesis's §4.4.2).
 *
 * @param controlBytes    control packet size M on the wire, bytes ({@code >= 0})
 * @param intervalSeconds scheduling interval T, seconds ({@code > 0})
 * @param minGbps         minimum VOQ rate r_min, Gbit/s ({@code >= 0})
 */
public record VoqBudget(double controlBytes, double intervalSeconds, double minGbps) {
    /** No deduction, no minimum. */
    public static final VoqBudget NONE = new VoqBudget(0, 1e-3, 0);
    /** The thesis's evaluated setting: M = 84 B, T = 1 ms, r_min = 10 Mbit/s. */
    public static final VoqBudget THESIS = new VoqBudget(84, 1e-3, 0.010);

    public VoqBudget {
        if (!(controlBytes >= 0) || Double.isInfinite(controlBytes)) {
            throw new IllegalArgumentException("voq budget: controlBytes must be >= 0, got " + controlBytes);
        }
        if (!(intervalSeconds > 0) || Double.isInfinite(intervalSeconds)) {
            throw new IllegalArgumentException("voq budget: intervalSeconds must be > 0, got " + intervalSeconds);
        }
        if (!(minGbps >= 0) || Double.isInfinite(minGbps)) {
            throw new IllegalArgumentException("voq budget: minGbps must be >= 0, got " + minGbps);
        }
    }

    /** Control overhead of one VOQ on one link, Gbit/s: {@code 2·M·8/T}. */
    public double overheadGbps() {
        return 2 * controlBytes * 8 / intervalSeconds / 1e9;
    }

    /** What each VOQ takes off every link on its path before sharing: overhead plus minimum rate. */
    public double perVoqGbps() {
        return overheadGbps() + minGbps;
    }

    /**
     * The problem with capacities reduced by Eq. 4.2 and the minimum rates, and demands reduced by {@code r_min}.
     *
     * @throws InfeasibleRequest naming the first link whose VOQs need more than its capacity
     */
    public RateProblem deduct(RateProblem problem) {
        if (perVoqGbps() == 0) {
            return problem;
        }
        double[] cap = new double[problem.linkCount()];
        for (int l = 0; l < cap.length; l++) {
            int n = problem.flowsOn(l).length;
            cap[l] = problem.capacity(l) - n * perVoqGbps();
            if (!(cap[l] > 0)) {
                throw new InfeasibleRequest("link " + problem.linkName(l) + ": " + n + " VOQs need " + n
                        + " x " + perVoqGbps() + " Gbit/s of control overhead and minimum rate (seed 004 Eq. 4.2) but"
                        + " the link has " + problem.capacity(l) + " Gbit/s; expected fewer flows, a longer interval"
                        + " or a smaller minimum rate");
            }
        }
        double[] demand = new double[problem.flowCount()];
        double[] backlog = new double[problem.flowCount()];
        for (int f = 0; f < demand.length; f++) {
            demand[f] = Math.max(0, problem.demand(f) - minGbps);
            backlog[f] = problem.backlog(f);
        }
        return problem.withCapacities(cap).withDemands(demand, backlog);
    }

    /** Adds {@code r_min} back to every share. */
    <N> N[] addMinimum(Arithmetic<N> a, N[] shares) {
        if (minGbps == 0) {
            return shares;
        }
        N min = a.of(minGbps);
        N[] out = a.newArray(shares.length);
        for (int f = 0; f < out.length; f++) {
            out[f] = a.add(shares[f], min);
        }
        return out;
    }
}

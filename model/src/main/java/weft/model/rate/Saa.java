package weft.model.rate;

/**
 * SAA, the Single Application Assignment: {@code r(f) = w_f / W_f}, with {@code W_l = Σ_{f∈F_l} w_f / c_l} and
 * {@code W_f = max_{l∈L_f} W_l}. With {@code w_f = d_f} (the flow's size in bits) every flow completes by
 * {@code W}, the minimum possible phase completion time (Theorem 4.1.1).
 *
 * <p>Seed 000 §4.1.1-4.1.2, Alg. 4.1; seed 003 §5, eqs. 1-4 and Theorem 1. The distributed protocol is
 * {@code weft.model.rate.distributed.SaaProtocol}. SAA is feasible but not maximal.
 */
public final class Saa extends NamedAllocator {
    public Saa() {
        super("saa", WeightBasis.SIZE);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <N> Allocation<N> allocate(RateProblem problem, Arithmetic<N> arithmetic) {
        if (arithmetic == Arithmetic.DOUBLE) {
            return (Allocation<N>) allocateDoubles(problem);
        }
        N[] linkWeight = linkWeights(problem, arithmetic);
        N[] rates = arithmetic.newArray(problem.flowCount());
        for (int f = 0; f < rates.length; f++) {
            rates[f] = arithmetic.div(arithmetic.of(problem.weight(f)), flowWeight(problem, arithmetic, linkWeight, f));
        }
        return new Allocation<>(name(), problem, arithmetic, rates, 1);
    }

    /** The same rule on primitive doubles (no boxing: 65,536 flows in a few ms). */
    private Allocation<Double> allocateDoubles(RateProblem problem) {
        double[] linkWeight = new double[problem.linkCount()];
        for (int l = 0; l < linkWeight.length; l++) {
            double sum = 0;
            for (int f : problem.flowsOn(l)) {
                sum += problem.weight(f);
            }
            linkWeight[l] = sum / problem.capacity(l);
        }
        Double[] rates = new Double[problem.flowCount()];
        for (int f = 0; f < rates.length; f++) {
            double max = 0;
            for (int l : problem.path(f)) {
                max = Math.max(max, linkWeight[l]);
            }
            rates[f] = problem.weight(f) / max;
        }
        return new Allocation<>(name(), problem, Arithmetic.DOUBLE, rates, 1);
    }

    /** {@code W_l = Σ_{f∈F_l} w_f / c_l} for every link (seed 000 eq. 4.3). */
    static <N> N[] linkWeights(RateProblem problem, Arithmetic<N> a) {
        N[] w = a.newArray(problem.linkCount());
        for (int l = 0; l < w.length; l++) {
            N sum = a.zero();
            for (int f : problem.flowsOn(l)) {
                sum = a.add(sum, a.of(problem.weight(f)));
            }
            w[l] = a.div(sum, a.of(problem.capacity(l)));
        }
        return w;
    }

    /** {@code W_f = max_{l∈L_f} W_l}. */
    static <N> N flowWeight(RateProblem problem, Arithmetic<N> a, N[] linkWeight, int f) {
        N max = a.zero();
        for (int l : problem.path(f)) {
            max = a.max(max, linkWeight[l]);
        }
        return max;
    }

    /**
     * {@code W = max_l W_l}: the phase completion time under SAA in the units of {@code w_f / c_l} (seconds when
     * weights are bits and capacities bit/s).
     */
    public static <N> N maxLinkWeight(RateProblem problem, Arithmetic<N> a) {
        N max = a.zero();
        for (N w : linkWeights(problem, a)) {
            max = a.max(max, w);
        }
        return max;
    }
}

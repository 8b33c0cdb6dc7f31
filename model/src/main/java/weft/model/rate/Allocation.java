package weft.model.rate;

import java.util.Arrays;

/**
 * The rates an allocator assigned: one rate per flow in Gbit/s, in the arithmetic it ran in.
 *
 * @param algorithm  allocator name
 * @param problem    the problem solved
 * @param arithmetic the number system
 * @param rates      rate of each flow, indexed like the problem's flows
 * @param iterations outer iterations the algorithm ran (FFA: saturation levels; AFA: Alg. 4.12 passes)
 * @param <N>        number type
 */
public record Allocation<N>(String algorithm, RateProblem problem, Arithmetic<N> arithmetic, N[] rates,
                            int iterations) {
    public Allocation {
        if (rates.length != problem.flowCount()) {
            throw new IllegalArgumentException(algorithm + ": " + rates.length + " rates for "
                    + problem.flowCount() + " flows");
        }
        rates = rates.clone();
    }

    /** Rate of flow {@code f}. */
    public N rate(int f) {
        return rates[f];
    }

    /** Rate of the flow with this id. */
    public N rate(String flowId) {
        int f = problem.flowIndex(flowId);
        if (f < 0) {
            throw new IllegalArgumentException(algorithm + ": no flow " + flowId);
        }
        return rates[f];
    }

    /** Rate of flow {@code f} in Gbit/s as a double. */
    public double gbps(int f) {
        return arithmetic.toDouble(rates[f]);
    }

    /** Normalised rate {@code r̄(f) = r(f) / w_f}. */
    public N normalised(int f) {
        return arithmetic.div(rates[f], arithmetic.of(problem.weight(f)));
    }

    /** Sum of the rates crossing link {@code l}. */
    public N load(int l) {
        N sum = arithmetic.zero();
        for (int f : problem.flowsOn(l)) {
            sum = arithmetic.add(sum, rates[f]);
        }
        return sum;
    }

    /** Largest {@code load - capacity} over all links (<= 0 when feasible). */
    public double worstOverload() {
        double worst = Double.NEGATIVE_INFINITY;
        for (int l = 0; l < problem.linkCount(); l++) {
            worst = Math.max(worst, arithmetic.toDouble(load(l)) - problem.capacity(l));
        }
        return worst;
    }

    @Override
    public String toString() {
        return algorithm + "(" + arithmetic + ")" + Arrays.toString(rates);
    }
}

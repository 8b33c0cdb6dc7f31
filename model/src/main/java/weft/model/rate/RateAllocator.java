package weft.model.rate;

/**
 * Computes an explicit rate for every flow of a {@link RateProblem} (topology + per-flow paths + flows): the
 * central allocators of seed 000 ch. 4 (SAA, SAA-M, FFA, AFA) and seed 004 ch. 4 (max-min, backlog-proportional).
 * Every implementation is registered in {@link RateAllocators} and passes {@code RateAllocatorContract}: its
 * allocation is feasible and {@link Arithmetic#DOUBLE} agrees with {@link Arithmetic#EXACT}.
 */
public interface RateAllocator {
    /** Registry name, e.g. {@code "ffa"}. */
    String name();

    /** Which flow attribute becomes {@code w_f} when the problem is built from flows (see {@link WeightBasis}). */
    default WeightBasis weightBasis() {
        return WeightBasis.WEIGHT;
    }

    /** Allocates rates in the given arithmetic. */
    <N> Allocation<N> allocate(RateProblem problem, Arithmetic<N> arithmetic);

    /** Allocates rates in doubles. */
    default Allocation<Double> allocate(RateProblem problem) {
        return allocate(problem, Arithmetic.DOUBLE);
    }
}

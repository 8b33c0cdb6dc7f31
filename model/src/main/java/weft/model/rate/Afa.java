package weft.model.rate;

/**
 * AFA, the Application-Fair Algorithm: max-min fairness of application rates {@code r̄(a) = min_{f∈a} r̄(f)}. It is
 * FFA with line 4 replaced: when any flow of an application meets a saturated link, every flow of that
 * application freezes at the current level, so all flows of {@code a} end with the same {@code r̄(a)}.
 *
 * <p>Seed 000 §4.3.2 (Theorem 4.3.1) and Alg. 4.12, with line 6.1 read as {@code c_l ← c_l − Δ̄·W_l} (erratum:
 * docs/sources.md). The result is not maximal (§4.3.2): leftover capacity is deliberately not redistributed.
 * {@link Allocation#iterations()} counts Alg. 4.12's passes that found a finite {@code Δ̄}.
 */
public final class Afa implements RateAllocator {
    @Override
    public String name() {
        return "afa";
    }

    @Override
    public WeightBasis weightBasis() {
        return WeightBasis.WEIGHT_TIMES_SIZE;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <N> Allocation<N> allocate(RateProblem problem, Arithmetic<N> arithmetic) {
        if (arithmetic == Arithmetic.DOUBLE) {
            return (Allocation<N>) new WaterFillingDoubles(problem, true).run(name());
        }
        return new WaterFilling<>(problem, arithmetic, true).run(name());
    }
}

package weft.model.rate;

/**
 * FFA, the Flow-Fair Algorithm: weighted max-min fair rates for independent flows by water-filling. Every flow's
 * normalised rate {@code r̄ = r / w_f} rises equally until a link saturates; the flows on it freeze; repeat.
 *
 * <p>Seed 000 §4.2.2, Alg. 4.5 (with an explicit residual per link: docs/sources.md). The result is the unique weighted
 * max-min fair assignment (Definition 4.2.1); it also meets the SAA requirement {@code r̄(f) >= 1/W_f}.
 * {@link Allocation#iterations()} is {@code |R|}, the number of distinct rate levels. A finite demand caps a flow (seed
 * 004's request) and acts as a private link.
 */
public final class Ffa implements RateAllocator {
    @Override
    public String name() {
        return "ffa";
    }

    @Override
    @SuppressWarnings("unchecked")
    public <N> Allocation<N> allocate(RateProblem problem, Arithmetic<N> arithmetic) {
        if (arithmetic == Arithmetic.DOUBLE) {
            return (Allocation<N>) new WaterFillingDoubles(problem, false).run(name());
        }
        return new WaterFilling<>(problem, arithmetic, false).run(name());
    }
}

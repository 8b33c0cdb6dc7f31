package weft.model.rate;

/**
 * FFA, the Flow-Fair Algorithm: weighted max-min fair rates for independent flows by water-filling. Every flow's
 * normalised rate {@code r̄ = r / w_f} rises equally until a link saturates; the flows on it freeze; repeat.
 *
 * <p>Seed 000 §4.2.2, Alg. 4.5 (with an explicit residual per link: docs/sources.md). The result is the unique
 * weighted max-min fair assignment (Definition 4.2.1); it also meets the SAA requirement {@code r̄(f) >= 1/W_f}.
 * {@link Allocation#iterations()} is {@code |R|}, the number of distinct rate levels. A finite demand caps a flow
 * (seed 004's request) and acts as a private link. The numbers, and the order in which links saturate, are kept by
 * {@link WaterLevels}.
 */
public final class Ffa extends NamedAllocator {
    public Ffa() {
        super("ffa", WeightBasis.WEIGHT);
    }

    @Override
    public <N> Allocation<N> allocate(RateProblem problem, Arithmetic<N> arithmetic) {
        // Initialisation: every link's residual c_l is its capacity; every flow is active (in F) at r̄(f) = 0.
        WaterLevels<N> water = WaterLevels.of(problem, arithmetic);
        int levels = 0;
        // Step 1: Δ̄ = min over unsaturated links of c_l / W_l, W_l the weight of the link's active flows: the first
        // link to saturate as the active flows rise. Step 5: no such link means F is empty, so terminate.
        for (int l = water.nextSaturatedLink(); l >= 0; l = water.nextSaturatedLink()) {
            // Step 2: every active flow rises by Δ̄ (r̄(f) += Δ̄); every residual falls by Δ̄ · W_l.
            if (water.raiseToSaturation()) {
                levels++;
            }
            // Steps 3-4: the link is saturated and leaves L; the flows crossing it are bottlenecked, leave F and
            // keep r̄(f) from now on.
            for (int f : water.flowsOn(l)) {
                if (!water.frozen(f)) {
                    water.freeze(f);
                }
            }
        }
        // After the loop: r(f) = r̄(f) · w_f.
        return water.allocation(name(), levels);
    }
}

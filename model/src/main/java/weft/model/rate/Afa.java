package weft.model.rate;

/**
 * AFA, the Application-Fair Algorithm: max-min fairness of application rates {@code r̄(a) = min_{f∈a} r̄(f)}. It is
 * FFA with the freezing step replaced: when any flow of an application meets a saturated link, every flow of that
 * application freezes at the current level, so all flows of {@code a} end with the same {@code r̄(a)}.
 *
 * <p>Seed 000 §4.3.2 (Theorem 4.3.1) and Alg. 4.12, with line 6.1 read as {@code c_l ← c_l − Δ̄·W_l} (erratum:
 * docs/sources.md). The result is not maximal (§4.3.2): leftover capacity is deliberately not redistributed.
 * {@link Allocation#iterations()} counts Alg. 4.12's passes that found a finite {@code Δ̄}. The numbers, and the
 * order in which links saturate, are kept by {@link WaterLevels}.
 */
public final class Afa extends NamedAllocator {
    public Afa() {
        super("afa", WeightBasis.WEIGHT_TIMES_SIZE);
    }

    @Override
    public <N> Allocation<N> allocate(RateProblem problem, Arithmetic<N> arithmetic) {
        int[][] flowsOfApp = flowsByApplication(problem);
        // Initialisation: ρ = 0; every link's residual c_l is its capacity, W_l the weight of its active flows
        // (W_l^a per application, A_l the applications crossing l).
        WaterLevels<N> water = WaterLevels.of(problem, arithmetic);
        int passes = 0;
        // Steps 1-2: Δ̄ = min over links of δ_l = c_l / W_l, the first link to saturate. Step 3: Δ̄ = ∞ (no active
        // application is left) terminates.
        for (int l = water.nextSaturatedLink(); l >= 0; l = water.nextSaturatedLink()) {
            // Step 4: ρ ← ρ + Δ̄.
            if (water.raiseToSaturation()) {
                passes++;
            }
            // Steps 5-6: the link is saturated (6.1: c_l ← c_l − Δ̄·W_l reaches 0), so every application crossing it
            // joins B (6.2).
            for (int f : water.flowsOn(l)) {
                if (water.frozen(f)) {
                    continue;
                }
                for (int g : flowsOfApp[problem.app(f)]) {
                    if (!water.frozen(g)) {
                        // Steps 7-8: all flows of an application in B leave every link they cross (W_l ← W_l − W_l^a,
                        // A_l ← A_l \ {a}) and keep r̄(a) = ρ, even on links that are not saturated.
                        water.freeze(g);
                    }
                }
            }
        }
        return water.allocation(name(), passes);
    }

    /** The flows of each application, in flow order. */
    static int[][] flowsByApplication(RateProblem p) {
        int[] count = new int[p.appCount()];
        for (int f = 0; f < p.flowCount(); f++) {
            count[p.app(f)]++;
        }
        int[][] out = new int[p.appCount()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = new int[count[i]];
        }
        int[] fill = new int[p.appCount()];
        for (int f = 0; f < p.flowCount(); f++) {
            out[p.app(f)][fill[p.app(f)]++] = f;
        }
        return out;
    }
}

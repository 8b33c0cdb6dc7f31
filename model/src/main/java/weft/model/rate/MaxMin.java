package weft.model.rate;

/**
 * Max-min fair VOQ rates with requests (seed 004 Alg. 2, MAXMINRATES): repeatedly take the flow whose
 * path-minimum share {@code min(q, min_{l∈P} u_l/|Q_l|)} is smallest, fix its rate, and take it out of every link
 * on its path. Requests are the flows' demands ({@code null}/infinite: unlimited).
 *
 * <p>Seed 004 §4.2.5, Alg. 1-2 (Alg. 2's lost indentation restored: one flow per outer iteration); per-VOQ minimum
 * rates and the control-overhead deduction of Eq. 4.2 through {@link VoqBudget}. Decision: ties go to the lowest flow
 * index (the rates do not depend on it). O(|F|²·|P|): the literal algorithm, kept for fidelity; {@link Ffa} with unit
 * weights computes the same rates in O(Σ|P| log |L|), which the property tests check.
 */
public final class MaxMin extends VoqRateAllocator {
    public MaxMin() {
        this(VoqBudget.NONE);
    }

    public MaxMin(VoqBudget budget) {
        super("maxmin", WeightBasis.BACKLOG_DEMAND_UNIT, budget);
    }

    @Override
    <N> Rates<N> rates(RateProblem p, Arithmetic<N> a) {
        int flows = p.flowCount();
        N[] u = a.newArray(p.linkCount());
        int[] remaining = new int[p.linkCount()];
        for (int l = 0; l < u.length; l++) {
            u[l] = a.of(p.capacity(l));
            remaining[l] = p.flowsOn(l).length;
        }
        N[] q = a.newArray(flows);
        for (int f = 0; f < flows; f++) {
            q[f] = Double.isFinite(p.demand(f)) ? a.of(p.demand(f)) : null;
        }
        N[] r = a.newArray(flows);
        boolean[] done = new boolean[flows];
        for (int step = 0; step < flows; step++) {
            int pick = -1;
            N best = null;
            for (int f = 0; f < flows; f++) {
                if (done[f]) {
                    continue;
                }
                // Line 10: the minimum share along the path.
                N s = q[f];
                for (int l : p.path(f)) {
                    N share = a.div(u[l], a.of(remaining[l]));
                    s = s == null ? share : a.min(s, share);
                }
                if (best == null || a.compare(s, best) < 0) {
                    best = s;
                    pick = f;
                }
            }
            // Lines 12-16: the flow with the smallest share is fixed and leaves its links.
            for (int l : p.path(pick)) {
                u[l] = a.sub(u[l], best);
                remaining[l]--;
            }
            r[pick] = best;
            done[pick] = true;
        }
        return new Rates<>(r, flows);
    }
}

package weft.model.rate;

/**
 * Backlog-proportional VOQ rates (seed 004 Alg. 3): repeatedly take the link with the smallest ratio
 * {@code u_l / b_l} of unused capacity to remaining backlog, give its flows their {@link LinkShare#bklgProp}
 * shares as final rates, and take those flows out of every other link on their paths. With backlogs as
 * weights and requests as caps this is weighted water-filling on {@code q/b}; with all backlogs 1 it is
 * max-min.
 *
 * <p>Seed 004 §4.3 and §5 (BP clears an initial backlog in the optimal {@code ⌈β(B)⌉} intervals, Eq. 5.15); corrected
 * as listed in docs/sources.md: line 10 calls {@code BklgProp(Q_l, B_l, u_l)} with the current unused capacity, and
 * BKLGPROP removes {@code b_ij} from {@code b_l}. Links whose remaining backlog is 0 have ratio +∞. Per-VOQ minimum
 * rates and the Eq. 4.2 deduction through {@link VoqBudget}. Decision: ties between links go to the lowest link index
 * (hand-computed from Alg. 3 on the three-host Virtual Switch of §4.2.2: either order gives the same rates). Correction
 * [project]: requests below the proportional share are fixed first (see the loop); Alg. 3 as printed over-commits links
 * when some {@code q_ij < b_ij·u_l/b_l}.
 */
public final class BacklogProportional extends VoqRateAllocator {
    public BacklogProportional() {
        this(VoqBudget.NONE);
    }

    public BacklogProportional(VoqBudget budget) {
        super("bp", WeightBasis.BACKLOG_DEMAND_PROPORTIONAL, budget);
    }

    @Override
    <N> Rates<N> rates(RateProblem p, Arithmetic<N> a) {
        int links = p.linkCount();
        N[] u = a.newArray(links);
        N[] bl = a.newArray(links);
        boolean[] linkDone = new boolean[links];
        boolean[] flowDone = new boolean[p.flowCount()];
        N[] r = a.newArray(p.flowCount());
        for (int l = 0; l < links; l++) {
            u[l] = a.of(p.capacity(l));
            N sum = a.zero();
            for (int f : p.flowsOn(l)) {
                sum = a.add(sum, a.of(p.backlog(f)));
            }
            bl[l] = sum;
        }
        int iterations = 0;
        while (true) {
            // Line 9: the link with the smallest u_l / b_l among links that still carry unassigned flows.
            int pick = -1;
            N best = null;
            for (int l = 0; l < links; l++) {
                if (linkDone[l] || a.signum(bl[l]) <= 0) {
                    continue;
                }
                N ratio = a.div(u[l], bl[l]);
                if (best == null || a.compare(ratio, best) < 0) {
                    best = ratio;
                    pick = l;
                }
            }
            // Correction [project]: a request is a private link of ratio q_ij / b_ij. A flow whose request ratio is
            // below every link's ratio is fixed at its request first; otherwise BKLGPROP on the picked link would
            // cap it and lift the others above the ratio of another link on their paths (over-commitment, found
            // by RateProperties; it cannot happen in the thesis's BP mode, where q = b).
            int capped = -1;
            for (int f = 0; f < flowDone.length; f++) {
                if (!flowDone[f] && Double.isFinite(p.demand(f))) {
                    N ratio = a.div(a.of(p.demand(f)), a.of(p.backlog(f)));
                    if ((best == null || a.compare(ratio, best) < 0)) {
                        best = ratio;
                        capped = f;
                    }
                }
            }
            if (capped >= 0) {
                N rate = a.of(p.demand(capped));
                r[capped] = rate;
                flowDone[capped] = true;
                for (int o : p.path(capped)) {
                    bl[o] = a.sub(bl[o], a.of(p.backlog(capped)));
                    u[o] = a.sub(u[o], rate);
                }
                continue;
            }
            if (pick < 0) {
                break;
            }
            iterations++;
            int[] on = remainingFlows(p, pick, flowDone);
            N[] q = a.newArray(on.length);
            N[] b = a.newArray(on.length);
            for (int i = 0; i < on.length; i++) {
                q[i] = Double.isFinite(p.demand(on[i])) ? a.of(p.demand(on[i])) : null;
                b[i] = a.of(p.backlog(on[i]));
            }
            // Line 10 (corrected): BklgProp(Q_l, B_l, u_l) with the current unused capacity.
            N[] s = LinkShare.bklgProp(a, q, b, u[pick]);
            for (int i = 0; i < on.length; i++) {
                int f = on[i];
                r[f] = s[i];
                flowDone[f] = true;
                // Lines 14-18: remove the flow from the other links on its path.
                for (int o : p.path(f)) {
                    if (o != pick) {
                        bl[o] = a.sub(bl[o], b[i]);
                        u[o] = a.sub(u[o], s[i]);
                    }
                }
            }
            linkDone[pick] = true;
        }
        for (int f = 0; f < r.length; f++) {
            if (r[f] == null) {
                r[f] = a.zero();
            }
        }
        return new Rates<>(r, iterations);
    }

    private static int[] remainingFlows(RateProblem p, int l, boolean[] done) {
        int n = 0;
        for (int f : p.flowsOn(l)) {
            if (!done[f]) {
                n++;
            }
        }
        int[] out = new int[n];
        int i = 0;
        for (int f : p.flowsOn(l)) {
            if (!done[f]) {
                out[i++] = f;
            }
        }
        return out;
    }
}

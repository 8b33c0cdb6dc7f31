package weft.model.rate;

/**
 * SAA-M: SAA plus greedy maximal claiming. Every flow starts at its SAA rate {@code w_f / W_f}; then, one flow at a
 * time in claim order, a flow reserves and claims all of {@code c_u}, the smallest free capacity on its path. The
 * result satisfies the SAA requirement and is maximal (every flow crosses a saturated link), but, unlike FFA, it
 * "boosts high rates at the expense of medium ones" (§6.4).
 *
 * <p>Seed 000 §4.1.3, Alg. 4.3-4.4 (lines 4.1-4.2: reservation of all of {@code c_u}, "all or nothing"). Central form
 * of the distributed protocol once every reservation succeeds in turn. Decision: the claim order is the flow order of
 * the problem unless another order is given; in the network it is decided by which reservation arrives first, so a link
 * shared by two claimants has two valid outcomes, one per order.
 */
public final class SaaM extends NamedAllocator {
    private final int[] claimOrder;

    /** Claims in flow order. */
    public SaaM() {
        this(null);
    }

    /** Claims in the given order of flow indexes ({@code null}: flow order). */
    public SaaM(int[] claimOrder) {
        super("saam", WeightBasis.SIZE);
        this.claimOrder = claimOrder == null ? null : claimOrder.clone();
    }

    @Override
    public <N> Allocation<N> allocate(RateProblem problem, Arithmetic<N> a) {
        N[] rates = new Saa().allocate(problem, a).rates();
        N[] free = a.newArray(problem.linkCount());
        for (int l = 0; l < free.length; l++) {
            free[l] = a.of(problem.capacity(l));
        }
        for (int f = 0; f < rates.length; f++) {
            for (int l : problem.path(f)) {
                free[l] = a.sub(free[l], rates[f]);
            }
        }
        int n = problem.flowCount();
        if (claimOrder != null && claimOrder.length != n) {
            throw new IllegalArgumentException("saam: claim order has " + claimOrder.length + " entries for " + n
                    + " flows");
        }
        for (int i = 0; i < n; i++) {
            int f = claimOrder == null ? i : claimOrder[i];
            // ProbeLinks: c_u = min over the path of the free capacity.
            N cu = null;
            for (int l : problem.path(f)) {
                cu = cu == null ? free[l] : a.min(cu, free[l]);
            }
            if (Double.isFinite(problem.demand(f))) {
                cu = a.min(cu, a.sub(a.of(problem.demand(f)), rates[f]));
            }
            // Lines 4.1-4.2: MakeReservation(c_u) succeeds, claim it all.
            if (a.signum(cu) > 0) {
                rates[f] = a.add(rates[f], cu);
                for (int l : problem.path(f)) {
                    free[l] = a.sub(free[l], cu);
                }
            }
        }
        return new Allocation<>(name(), problem, a, rates, 1);
    }
}

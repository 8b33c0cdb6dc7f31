package weft.model.rate;

/**
 * A VOQ rate allocator of seed 004 (§4.2.5, Eq. 4.2): the {@link VoqBudget}'s control overhead and per-VOQ minimum
 * rates come off the problem before the algorithm runs, and the minimums are added back to the rates it computes. A
 * subclass holds only its algorithm, which sees the deducted problem.
 */
abstract class VoqRateAllocator extends NamedAllocator {
    private final VoqBudget budget;

    VoqRateAllocator(String name, WeightBasis weightBasis, VoqBudget budget) {
        super(name, weightBasis);
        this.budget = budget;
    }

    /**
     * What the algorithm computed on the deducted problem.
     *
     * @param rates      each flow's rate before the minimum is added
     * @param iterations the algorithm's steps, as {@link Allocation#iterations} reports them
     */
    record Rates<N>(N[] rates, int iterations) {
    }

    /** The algorithm, on the problem with the budget deducted. */
    abstract <N> Rates<N> rates(RateProblem deducted, Arithmetic<N> a);

    @Override
    public final <N> Allocation<N> allocate(RateProblem original, Arithmetic<N> a) {
        Rates<N> r = rates(budget.deduct(original), a);
        return new Allocation<>(name(), original, a, budget.addMinimum(a, r.rates()), r.iterations());
    }
}

package weft.model.rate;

/** A {@link RateAllocator} whose name and weight basis are fixed when it is made. */
abstract class NamedAllocator implements RateAllocator {
    private final String name;
    private final WeightBasis weightBasis;

    NamedAllocator(String name, WeightBasis weightBasis) {
        this.name = name;
        this.weightBasis = weightBasis;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final WeightBasis weightBasis() {
        return weightBasis;
    }
}

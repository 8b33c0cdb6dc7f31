package weft.model.rate;

/**
 * The number system an allocator computes in: {@link #DOUBLE} for production (fast, results within about 1e-12 of
 * exact) or {@link #EXACT} ({@link Rational}) for tests and {@code weft rates --exact}. Every allocator is written
 * once against this interface, so both give the same answers on the paper vectors.
 *
 * <p>Decision: a strategy object rather than two copies of each algorithm, so the code that is tested exactly is
 * the code that runs in production. Boxing costs little: the hot loops are heap operations, not arithmetic.
 *
 * @param <N> the number type
 */
public interface Arithmetic<N> {
    /** IEEE doubles. */
    Arithmetic<Double> DOUBLE = new DoubleArithmetic();
    /** Exact fractions. */
    Arithmetic<Rational> EXACT = new ExactArithmetic();

    N zero();

    /** A decimal input value (capacity in Gbit/s, weight), exact in {@link #EXACT}. */
    N of(double value);

    N of(long value);

    N add(N a, N b);

    N sub(N a, N b);

    N mul(N a, N b);

    N div(N a, N b);

    int compare(N a, N b);

    double toDouble(N a);

    /** Whether this arithmetic is exact (used only in reports). */
    boolean exact();

    default int signum(N a) {
        return compare(a, zero());
    }

    default N min(N a, N b) {
        return compare(a, b) <= 0 ? a : b;
    }

    default N max(N a, N b) {
        return compare(a, b) >= 0 ? a : b;
    }

    /** An array of this number type (Java generics cannot create one). */
    N[] newArray(int length);
}

package weft.model.rate;

/** {@link Arithmetic} on IEEE doubles. */
final class DoubleArithmetic implements Arithmetic<Double> {
    private static final Double ZERO = 0.0;

    @Override
    public Double zero() {
        return ZERO;
    }

    @Override
    public Double of(double value) {
        return value;
    }

    @Override
    public Double of(long value) {
        return (double) value;
    }

    @Override
    public Double add(Double a, Double b) {
        return a + b;
    }

    @Override
    public Double sub(Double a, Double b) {
        return a - b;
    }

    @Override
    public Double mul(Double a, Double b) {
        return a * b;
    }

    @Override
    public Double div(Double a, Double b) {
        return a / b;
    }

    @Override
    public int compare(Double a, Double b) {
        return Double.compare(a, b);
    }

    @Override
    public double toDouble(Double a) {
        return a;
    }

    @Override
    public boolean exact() {
        return false;
    }

    @Override
    public Double[] newArray(int length) {
        return new Double[length];
    }

    @Override
    public String toString() {
        return "double";
    }
}

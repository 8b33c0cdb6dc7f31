package weft.model.rate;

/** {@link Arithmetic} on exact {@link Rational} fractions. */
final class ExactArithmetic implements Arithmetic<Rational> {
    @Override
    public Rational zero() {
        return Rational.ZERO;
    }

    @Override
    public Rational of(double value) {
        return Rational.ofDecimal(value);
    }

    @Override
    public Rational of(long value) {
        return Rational.of(value);
    }

    @Override
    public Rational add(Rational a, Rational b) {
        return a.add(b);
    }

    @Override
    public Rational sub(Rational a, Rational b) {
        return a.subtract(b);
    }

    @Override
    public Rational mul(Rational a, Rational b) {
        return a.multiply(b);
    }

    @Override
    public Rational div(Rational a, Rational b) {
        return a.divide(b);
    }

    @Override
    public int compare(Rational a, Rational b) {
        return a.compareTo(b);
    }

    @Override
    public double toDouble(Rational a) {
        return a.doubleValue();
    }

    @Override
    public boolean exact() {
        return true;
    }

    @Override
    public Rational[] newArray(int length) {
        return new Rational[length];
    }

    @Override
    public String toString() {
        return "exact";
    }
}

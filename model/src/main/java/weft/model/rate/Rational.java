package weft.model.rate;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An exact fraction {@code num / den} in lowest terms with a positive denominator.
 *
 * <p>Seed 000 Alg. 4.5, 4.6-4.9 and 4.12: the saturation tests of FFA, AFA and DFFA* ({@code c_l = 0}) need exact
 * rationals or an
 * epsilon; the allocators run on {@link Arithmetic#EXACT} in tests so that the paper's fractions come out exactly.
 */
public final class Rational implements Comparable<Rational> {
    public static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);
    public static final Rational ONE = new Rational(BigInteger.ONE, BigInteger.ONE);

    private final BigInteger num;
    private final BigInteger den;

    private Rational(BigInteger num, BigInteger den) {
        this.num = num;
        this.den = den;
    }

    /** The fraction {@code num / den}, reduced. */
    public static Rational of(BigInteger num, BigInteger den) {
        if (den.signum() == 0) {
            throw new ArithmeticException("rational " + num + "/0: zero denominator");
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        BigInteger g = num.gcd(den);
        if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
            num = num.divide(g);
            den = den.divide(g);
        }
        return new Rational(num, num.signum() == 0 ? BigInteger.ONE : den);
    }

    public static Rational of(long num, long den) {
        return of(BigInteger.valueOf(num), BigInteger.valueOf(den));
    }

    public static Rational of(long value) {
        return of(value, 1);
    }

    /**
     * The decimal value of a double as an exact fraction ({@code 2.5 -> 5/2}, {@code 0.1 -> 1/10}): the value the
     * user wrote in a file, not the binary approximation.
     */
    public static Rational ofDecimal(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new ArithmeticException("rational of " + value + ": not a finite number");
        }
        BigDecimal d = new BigDecimal(Double.toString(value));
        if (d.scale() <= 0) {
            return of(d.toBigIntegerExact(), BigInteger.ONE);
        }
        return of(d.unscaledValue(), BigInteger.TEN.pow(d.scale()));
    }

    /** Parses {@code "3/8"} or {@code "7"}. */
    public static Rational parse(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            return of(new BigInteger(text.trim()), BigInteger.ONE);
        }
        return of(new BigInteger(text.substring(0, slash).trim()), new BigInteger(text.substring(slash + 1).trim()));
    }

    public BigInteger numerator() {
        return num;
    }

    public BigInteger denominator() {
        return den;
    }

    public Rational add(Rational o) {
        if (den.equals(o.den)) {
            return of(num.add(o.num), den);
        }
        return of(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    public Rational subtract(Rational o) {
        return add(o.negate());
    }

    public Rational multiply(Rational o) {
        return of(num.multiply(o.num), den.multiply(o.den));
    }

    public Rational divide(Rational o) {
        if (o.num.signum() == 0) {
            throw new ArithmeticException("rational " + this + " / 0");
        }
        return of(num.multiply(o.den), den.multiply(o.num));
    }

    public Rational negate() {
        return new Rational(num.negate(), den);
    }

    public int signum() {
        return num.signum();
    }

    public double doubleValue() {
        return new BigDecimal(num).divide(new BigDecimal(den), java.math.MathContext.DECIMAL64).doubleValue();
    }

    @Override
    public int compareTo(Rational o) {
        return num.multiply(o.den).compareTo(o.num.multiply(den));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rational r && num.equals(r.num) && den.equals(r.den);
    }

    @Override
    public int hashCode() {
        return 31 * num.hashCode() + den.hashCode();
    }

    @Override
    public String toString() {
        return den.equals(BigInteger.ONE) ? num.toString() : num + "/" + den;
    }
}

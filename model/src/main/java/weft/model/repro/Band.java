package weft.model.repro;

/**
 * The range a claim's Weft figure must fall in at the quick size, checked in CI: the direction and rough size of the
 * effect (e.g. "SR beats Up*&#47;Down*: ratio in [1.3, 4]", "PS ratio at b = 8 in [0.95, 1.05]"), not the exact
 * number, which the paper-size run compares with the tolerance.
 *
 * @param min lowest acceptable figure (may be {@code -Infinity})
 * @param max highest acceptable figure (may be {@code +Infinity})
 */
public record Band(double min, double max) {
    public Band {
        if (Double.isNaN(min) || Double.isNaN(max) || min > max) {
            throw new IllegalArgumentException("band [" + min + ", " + max + "] is empty");
        }
    }

    /** Whether {@code v} lies in the band (NaN never does). */
    public boolean contains(double v) {
        return v >= min && v <= max;
    }

    /** A band from {@code min} upwards. */
    public static Band above(double min) {
        return new Band(min, Double.POSITIVE_INFINITY);
    }

    /** A band up to {@code max}. */
    public static Band below(double max) {
        return new Band(Double.NEGATIVE_INFINITY, max);
    }

    @Override
    public String toString() {
        return "[" + (min == Double.NEGATIVE_INFINITY ? "-inf" : Tolerance.trim(min)) + ", "
                + (max == Double.POSITIVE_INFINITY ? "+inf" : Tolerance.trim(max)) + "]";
    }
}

package weft.model.repro;

/**
 * One published figure a reproduction compares Weft against, declared before anything runs so {@code weft repro list}
 * can print it: its id in the paper's digest of claims, what it says, the paper's number, the unit, the tolerance that
 * decides whether Weft's figure agrees, and the band its quick-size figure must fall in (CI).
 *
 * @param id        short id, unique within the reproduction, e.g. {@code "C10"} or {@code "C10.b8.n3"}
 * @param what      what is measured, one line, e.g. {@code "PS: min measured / min calculated rate, b = 8, n = 3"}
 * @param paper     the paper's figure, in {@code unit}
 * @param unit      {@code "ratio"}, {@code "ms"}, {@code "fraction"}, {@code "%"}, ...
 * @param tolerance how close Weft's figure must be to hold ({@link Tolerance#defaultRelative()} where the paper
 *                  gives no spread: the shorter constructor)
 * @param quick     where the quick-size figure must lie (direction and rough size)
 */
public record Claim(String id, String what, double paper, String unit, Tolerance tolerance, Band quick) {
    public Claim {
        if (id == null || id.isBlank() || what == null || what.isBlank() || unit == null || unit.isBlank()) {
            throw new IllegalArgumentException("claim needs an id, a description and a unit");
        }
        if (Double.isNaN(paper) || Double.isInfinite(paper)) {
            throw new IllegalArgumentException("claim " + id + ": the paper's figure must be a number, got " + paper);
        }
        if (tolerance == null || quick == null) {
            throw new IllegalArgumentException("claim " + id + ": tolerance and quick band must be set");
        }
    }

    /** A claim held to the project's default tolerance, {@link Tolerance#defaultRelative()}. */
    public Claim(String id, String what, double paper, String unit, Band quick) {
        this(id, what, paper, unit, Tolerance.defaultRelative(), quick);
    }

    /** Weft's figure for this claim. */
    public ClaimResult measured(double weft) {
        return new ClaimResult(this, weft);
    }
}

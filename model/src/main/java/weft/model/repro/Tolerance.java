package weft.model.repro;

/**
 * How far Weft's figure may lie from the paper's for a claim to hold, and why that far. Four kinds: a relative band
 * ({@code |weft - paper| <= fraction * |paper|}), an absolute band ({@code |weft - paper| <= amount}), and the
 * one-sided "at least" / "at most" of a claim whose paper gives only a direction or a bound ("worse than NC",
 * "up to 13%"). The basis says where the band comes from: the paper's own spread or rounding, or the project's
 * default of 10% where the paper gives none (docs/reproductions.md).
 *
 * @param kind   the test applied
 * @param amount fraction (relative) or amount in the claim's unit (absolute); the slack allowed below (at least) or
 *               above (at most) the paper's figure; {@code >= 0}
 * @param basis  why this tolerance, one phrase ("paper rounds to 2 decimals", "default 10%")
 */
public record Tolerance(Kind kind, double amount, String basis) {
    /** The project's tolerance where a paper states no spread: 10%. */
    public static final double DEFAULT_FRACTION = 0.10;

    /** The tests a tolerance applies. */
    public enum Kind {
        /** {@code |weft - paper| <= amount * |paper|}. */
        RELATIVE,
        /** {@code |weft - paper| <= amount}. */
        ABSOLUTE,
        /** {@code weft >= paper - amount}. */
        AT_LEAST,
        /** {@code weft <= paper + amount}. */
        AT_MOST
    }

    public Tolerance {
        if (kind == null) {
            throw new IllegalArgumentException("tolerance kind must be set");
        }
        if (!(amount >= 0) || Double.isInfinite(amount)) {
            throw new IllegalArgumentException("tolerance amount must be a finite number >= 0, got " + amount);
        }
        if (basis == null || basis.isBlank()) {
            throw new IllegalArgumentException("tolerance basis must say where the tolerance comes from");
        }
    }

    /** The default where the paper gives no spread: within 10% of its figure. */
    public static Tolerance defaultRelative() {
        return new Tolerance(Kind.RELATIVE, DEFAULT_FRACTION, "default 10%: the paper gives no spread");
    }

    /** Within {@code fraction} of the paper's figure. */
    public static Tolerance relative(double fraction, String basis) {
        return new Tolerance(Kind.RELATIVE, fraction, basis);
    }

    /** Within {@code amount} (in the claim's unit) of the paper's figure. */
    public static Tolerance absolute(double amount, String basis) {
        return new Tolerance(Kind.ABSOLUTE, amount, basis);
    }

    /** At least the paper's figure, less {@code slack}. */
    public static Tolerance atLeast(double slack, String basis) {
        return new Tolerance(Kind.AT_LEAST, slack, basis);
    }

    /** At most the paper's figure, plus {@code slack}. */
    public static Tolerance atMost(double slack, String basis) {
        return new Tolerance(Kind.AT_MOST, slack, basis);
    }

    /** Whether Weft's figure agrees with the paper's under this tolerance; NaN never holds. */
    public boolean holds(double paper, double weft) {
        if (Double.isNaN(paper) || Double.isNaN(weft)) {
            return false;
        }
        return switch (kind) {
            case RELATIVE -> Math.abs(weft - paper) <= amount * Math.abs(paper) + 1e-12;
            case ABSOLUTE -> Math.abs(weft - paper) <= amount + 1e-12;
            case AT_LEAST -> weft >= paper - amount - 1e-12;
            case AT_MOST -> weft <= paper + amount + 1e-12;
        };
    }

    /** Short form for tables: {@code ±10%}, {@code ±0.05}, {@code >= paper}, {@code <= paper + 0.02}. */
    public String describe() {
        return switch (kind) {
            case RELATIVE -> "±" + trim(100 * amount) + "%";
            case ABSOLUTE -> "±" + trim(amount);
            case AT_LEAST -> amount == 0 ? ">= paper" : ">= paper - " + trim(amount);
            case AT_MOST -> amount == 0 ? "<= paper" : "<= paper + " + trim(amount);
        };
    }

    static String trim(double v) {
        return ResultTable.trimmed(v, 4);
    }
}

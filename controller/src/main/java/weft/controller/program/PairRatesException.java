package weft.controller.program;

/** A pair-rate table that cannot be used; the message names its origin, the entry and the problem. */
public class PairRatesException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public PairRatesException(String message) {
        super(message);
    }
}

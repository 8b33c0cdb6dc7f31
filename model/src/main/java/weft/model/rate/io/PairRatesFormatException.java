package weft.model.rate.io;

/**
 * A {@code weft-pair-rates/1} text that cannot be used: the message is {@code "origin: location: problem"}, e.g.
 * {@code "r.json: rates[0] (h1 -> h9): unknown host h9; ..."}.
 */
public class PairRatesFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public PairRatesFormatException(String message) {
        super(message);
    }
}

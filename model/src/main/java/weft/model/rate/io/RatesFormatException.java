package weft.model.rate.io;

/**
 * A {@code weft-rates/1} text that cannot be read: the message is {@code "source: location: problem"}, e.g.
 * {@code "r.json: rates[2].gbps: expected a number >= 0, got -1"}.
 */
public class RatesFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public RatesFormatException(String source, String location, String problem) {
        super(source + ": " + (location.isEmpty() ? "" : location + ": ") + problem);
    }
}

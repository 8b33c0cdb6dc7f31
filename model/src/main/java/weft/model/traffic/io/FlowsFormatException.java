package weft.model.traffic.io;

/**
 * A {@code weft-flows/1} text that cannot be read: the message is {@code "source: location: problem"}, e.g.
 * {@code "flows.json: flows[2].weight: expected a positive number, got -1"}.
 */
public class FlowsFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public FlowsFormatException(String source, String location, String problem) {
        super(source + ": " + (location.isEmpty() ? "" : location + ": ") + problem);
    }
}

package weft.model.topology;

/**
 * A topology that breaks an invariant: the message names the element ({@code links[3]}), the problem and what
 * was expected, e.g. {@code "links[3]: port 7 of s2 already used by links[1]"}.
 */
public class TopologyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public TopologyException(String message) {
        super(message);
    }
}

package weft.model.routing.io;

/**
 * A {@code weft-routes/1} document that cannot be read: the message names the source, the JSON location and the
 * problem, e.g. {@code "routes.json: forwarding[3].out_ports: missing (expected a non-empty array of ports)"}.
 */
public class RoutesFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public RoutesFormatException(String message) {
        super(message);
    }
}

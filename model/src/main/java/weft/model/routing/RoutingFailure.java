package weft.model.routing;

/** A fabric that an engine cannot route under the given options; the message names the engine and the reason. */
public class RoutingFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RoutingFailure(String message) {
        super(message);
    }
}

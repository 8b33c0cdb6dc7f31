package weft.controller.openflow;

/**
 * A request to a switch that failed: the switch answered with an error, did not answer in time, or went away.
 * The message names the switch, the request (type and xid) and what happened.
 */
public class OpenFlowException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OpenFlowException(String message) {
        super(message);
    }
}

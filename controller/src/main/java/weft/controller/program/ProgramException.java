package weft.controller.program;

/** A routing result that cannot be expressed as OpenFlow state; the message names the entry and the limit. */
public class ProgramException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProgramException(String message) {
        super(message);
    }
}

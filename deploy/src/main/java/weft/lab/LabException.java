package weft.lab;

/** A lab step that failed: the message names the command or element, what happened and what was expected. */
public class LabException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public LabException(String message) {
        super(message);
    }

    public LabException(String message, Throwable cause) {
        super(message, cause);
    }
}

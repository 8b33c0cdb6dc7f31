package weft.agent.tc;

/** A tc command failed: the message holds the command, its exit status and its output. */
public final class TcException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TcException(String message) {
        super(message);
    }
}

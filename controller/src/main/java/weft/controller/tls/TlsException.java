package weft.controller.tls;

/**
 * A TLS file cannot be used: unreadable, not PEM, not the kind expected, out of its validity, or a key that does
 * not belong to its certificate. The message names the option, the file and the problem.
 */
public final class TlsException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public TlsException(String message) {
        super(message);
    }
}

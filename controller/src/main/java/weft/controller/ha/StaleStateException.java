package weft.controller.ha;

/** A state store write expected another version of the key than the one stored; nothing was written. */
public final class StaleStateException extends RuntimeException {
    public StaleStateException(String message) {
        super(message);
    }
}

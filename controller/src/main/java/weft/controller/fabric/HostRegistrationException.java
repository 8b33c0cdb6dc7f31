package weft.controller.fabric;

/** A host agent's registration that the controller cannot place; the message names the argument and why. */
public final class HostRegistrationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public HostRegistrationException(String message) {
        super(message);
    }
}

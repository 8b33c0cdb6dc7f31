package weft.controller.ha;

/**
 * A write reached a controller that is not the cluster's master; nothing was written. The message names the
 * master (or says none is known), so a client can go there.
 */
public final class NotMasterException extends RuntimeException {
    private final String masterOrNull;

    public NotMasterException(String message, String masterOrNull) {
        super(message);
        this.masterOrNull = masterOrNull;
    }

    /** The master's id, or null when none is known. */
    public String master() {
        return masterOrNull;
    }
}

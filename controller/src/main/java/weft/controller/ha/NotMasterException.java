package weft.controller.ha;

/**
 * A write reached a controller that is not the cluster's master; nothing was written. The message names the
 * master (or says none is known), so a client can go there.
 */
public final class NotMasterException extends RuntimeException {
    public NotMasterException(String message) {
        super(message);
    }
}

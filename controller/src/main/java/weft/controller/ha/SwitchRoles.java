package weft.controller.ha;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import weft.controller.openflow.SwitchSession;

/**
 * Tells one switch this controller's role: a ROLE_REQUEST ({@link RoleRequests#request}) sent as a request of
 * the session, so it has the session's timeout; completes once the switch confirms the role.
 */
public final class SwitchRoles {
    private SwitchRoles() {
    }

    /**
     * Sends the role request.
     *
     * @return completes when the switch answered with the role; fails with {@link RoleRequests.RoleRefused}
     *         (the switch refused or answered something else) or the session's error (timeout, disconnect)
     */
    public static CompletableFuture<Void> claim(SwitchSession session, Mastership.Role role, long epoch) {
        return session.request(RoleRequests.request(role, epoch)).handle((reply, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                throw new RoleRequests.RoleRefused(session + ": role request " + RoleRequests.ofRole(role)
                        + " generation " + epoch + " failed: " + cause.getMessage(),
                        cause.getMessage() != null && cause.getMessage().contains("code=STALE"));
            }
            RoleRequests.check(session.toString(), role, epoch, reply);
            return null;
        });
    }
}

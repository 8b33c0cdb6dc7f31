package weft.controller.fabric;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.ha.Mastership;
import weft.controller.ha.SwitchRoles;
import weft.controller.openflow.SwitchSession;

/**
 * This controller's role towards its switches when it runs in a cluster ({@code weft controller run --ha}):
 * every switch that connects is told the role (OpenFlow 1.3 ROLE_REQUEST, MASTER or SLAVE, generation id = the
 * master's epoch) before the fabric service treats it, and a change of role is claimed on every connected switch.
 * Without a cluster there is no role: nothing is claimed and this controller always writes (the switch keeps it
 * EQUAL, as before).
 *
 * <p>Source: OpenFlow Switch Specification 1.3.5 §6.3.5; see {@link weft.controller.ha.RoleRequests}.
 */
final class ClusterRoles {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterRoles.class);

    private volatile Mastership.Role role;
    private volatile long epoch;

    /** True without a cluster, or as the cluster's master: the only states in which the service writes. */
    boolean mayWrite() {
        Mastership.Role r = role;
        return r == null || r == Mastership.Role.MASTER;
    }

    /** True once a cluster gave this controller a role. */
    boolean clustered() {
        return role != null;
    }

    Mastership.Role role() {
        return role;
    }

    long epoch() {
        return epoch;
    }

    void set(Mastership.Role newRole, long newEpoch) {
        epoch = Math.max(0, newEpoch);
        role = newRole;
    }

    /**
     * Claims the current role on one switch; completes (never exceptionally) once the switch answered, or
     * at once without a cluster. A refusal is logged and reported as an event: the cluster's next role change
     * claims again.
     */
    CompletableFuture<Void> claim(SwitchSession session, EventLog log) {
        Mastership.Role r = role;
        if (r == null) {
            return CompletableFuture.completedFuture(null);
        }
        long e = epoch;
        return SwitchRoles.claim(session, r, e).handle((ok, failure) -> {
            if (failure != null) {
                Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                log.event(FabricEvent.Kind.FAILURE, cause.getMessage());
            } else {
                LOG.info("{}: role {} at generation {} confirmed", session, r, e);
            }
            return null;
        });
    }

    /** Claims the current role on every session and waits for the answers (each bounded by its request timeout). */
    void claimAll(Collection<SwitchSession> sessions, EventLog log, long timeoutMillis) {
        List<CompletableFuture<Void>> claims = new ArrayList<>();
        for (SwitchSession s : sessions) {
            if (s.state() == SwitchSession.State.READY) {
                claims.add(claim(s, log));
            }
        }
        try {
            CompletableFuture.allOf(claims.toArray(CompletableFuture[]::new)).get(timeoutMillis,
                    TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            log.event(FabricEvent.Kind.FAILURE, "role " + role + " at generation " + epoch + ": not every switch "
                    + "answered within " + timeoutMillis + " ms: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

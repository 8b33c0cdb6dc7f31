package weft.controller.ha;

import java.util.Objects;
import java.util.Optional;

/**
 * This controller's role in the cluster, as a pure state machine: the election and the master record drive it,
 * time is passed in, and every method returns the change it made (empty when the input changed nothing).
 *
 * <p>States: {@code STANDBY} (master unknown, or another node) and {@code MASTER} (this node, at an epoch). A node
 * is MASTER only between {@link #elected} and the first of {@link #leadershipLost} or a master record with a
 * higher epoch ({@link #masterIs}); epochs only grow, so a late or repeated input for an old epoch changes nothing
 * (OpenFlow 1.3.5 §6.3.5: a role request whose generation id is older than the switch has seen is STALE; this
 * machine refuses the same thing one step earlier).
 *
 * <p>It also measures: {@link #masterless(long)} is how long the cluster has been without a known master, which
 * {@link Change#waitedNanos()} reports when this node takes over.
 */
public final class Mastership {
    /** A controller's role (OpenFlow's MASTER and SLAVE; Weft never asks for EQUAL). */
    public enum Role {
        /** Keeps sessions and serves reads; refuses writes naming the master. */
        STANDBY,
        /** The only node that writes to switches, agents and the state store. */
        MASTER
    }

    /**
     * A change of role or of the known master.
     *
     * @param role        the role from now on
     * @param epoch       the epoch of the master now known (this node's when MASTER), or -1 when none is known
     * @param master      the master's node id, or null when none is known
     * @param atNanos     when the change happened
     * @param waitedNanos how long the cluster had been without a known master when this change ended that, or 0
     */
    public record Change(Role role, long epoch, String master, long atNanos, long waitedNanos) {
    }

    private final String self;
    private Role role = Role.STANDBY;
    private long epoch = -1;
    private String master;
    /** When the last known master went away, or {@code Long.MIN_VALUE} while one is known. */
    private long masterlessSince;

    /**
     * @param self     this node's id
     * @param nowNanos when the node started (it knows no master yet)
     */
    public Mastership(String self, long nowNanos) {
        this.self = Objects.requireNonNull(self, "self");
        this.masterlessSince = nowNanos;
    }

    /** The election made this node leader and the epoch counter gave it {@code newEpoch}. */
    public synchronized Optional<Change> elected(long newEpoch, long nowNanos) {
        if (newEpoch <= epoch) {
            return Optional.empty();
        }
        return Optional.of(become(Role.MASTER, newEpoch, self, nowNanos));
    }

    /**
     * The master record names {@code id} at {@code recordEpoch}: a newer master than this node knows makes it
     * STANDBY (even when it thought itself master: someone was elected after it).
     */
    public synchronized Optional<Change> masterIs(String id, long recordEpoch, long nowNanos) {
        Objects.requireNonNull(id, "id");
        if (recordEpoch < epoch || recordEpoch == epoch && id.equals(master)) {
            return Optional.empty();
        }
        if (id.equals(self)) {
            // our own record at an epoch we were not told we won: only the election makes a node master
            epoch = recordEpoch;
            return Optional.empty();
        }
        return Optional.of(become(Role.STANDBY, recordEpoch, id, nowNanos));
    }

    /**
     * This node lost the leadership (the latch said so, or its ZooKeeper connection was suspended or lost): it
     * stops writing at once, before anyone else can be elected.
     */
    public synchronized Optional<Change> leadershipLost(long nowNanos) {
        if (role != Role.MASTER) {
            return Optional.empty();
        }
        Change c = become(Role.STANDBY, epoch, null, nowNanos);
        masterlessSince = nowNanos;
        return Optional.of(c);
    }

    /** The master's member record went away (its session ended): the cluster is without a known master. */
    public synchronized Optional<Change> masterGone(String id, long nowNanos) {
        if (!id.equals(master) || id.equals(self)) {
            return Optional.empty();
        }
        master = null;
        masterlessSince = nowNanos;
        return Optional.of(new Change(role, epoch, null, nowNanos, 0));
    }

    private Change become(Role newRole, long newEpoch, String newMaster, long nowNanos) {
        long waited = master == null && newMaster != null && masterlessSince != Long.MIN_VALUE
                ? nowNanos - masterlessSince : 0;
        role = newRole;
        epoch = newEpoch;
        master = newMaster;
        masterlessSince = newMaster == null ? nowNanos : Long.MIN_VALUE;
        return new Change(newRole, newEpoch, newMaster, nowNanos, waited);
    }

    public synchronized Role role() {
        return role;
    }

    /** True while this node is master: the only state in which it writes. */
    public synchronized boolean mayWrite() {
        return role == Role.MASTER;
    }

    /** The highest epoch seen: this node's as master, the known master's otherwise; -1 before any. */
    public synchronized long epoch() {
        return epoch;
    }

    /** The known master's id, or null. */
    public synchronized String master() {
        return master;
    }

    public String self() {
        return self;
    }

    /** How long the cluster has been without a known master, or 0 while one is known. */
    public synchronized long masterless(long nowNanos) {
        return master == null ? nowNanos - masterlessSince : 0;
    }
}

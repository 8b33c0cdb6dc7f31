package weft.model.crp;

import java.util.Arrays;
import java.util.List;
import weft.model.protocol.ReservationReport;

/**
 * One VOQ's side of the live CRP: when to ask the controller for a reservation, what to do with its answers, and
 * whether the VOQ's next packet goes reserved (paced by its {@link GrantPacer}) or unreserved (at the VOQ's own
 * rate, and charged). Pure: local time (nanoseconds of the clock the offset was measured on) is passed in; the data
 * path drives it from one thread.
 *
 * <p>Rules (seed 001 §2.4-2.6, and the live form's decisions in docs/crp.md):
 * <ul>
 *   <li>A VOQ whose backlog not yet covered by reservations ("unreserved backlog": backlog less budget still to come
 *       less what its outstanding requests ask) is at least {@code N_min} asks for {@code min(unreserved backlog,
 *       N_max)} (§2.5: "flows smaller than N_min do not use CRP"; larger ones go in {@code N_max} segments), rounded
 *       down to whole packets of the VOQ's largest size. Decision: a booking of a whole number of packets is sent to
 *       the byte (a slot's last packet borrows from the next slot, {@link SlotBudget}); a fraction of a packet at a
 *       booking's end would expire unused, up to one packet in every booking.</li>
 *   <li>It keeps at most {@code outstanding} reservations alive at once: requests not yet answered plus bookings
 *       with a slot to come (§2.6 / SRP's outstanding requests, counted until the booking is used). Decision: for a
 *       saturated source this bounds how far ahead it holds the destination, so saturated VOQs of one destination
 *       take turns in the destination's table, first come first served, and none is starved.</li>
 *   <li>A VOQ without a rate of its own (nothing to send unreserved bytes at) asks for any backlog: its grants are
 *       its only way to send.</li>
 *   <li>A retry waits what the controller says (§2.4: {@code R_cycles}, or the window less the round trip when the
 *       destination is full); a refused request suspends reservations for one window; a request unanswered for
 *       {@link #requestTimeout} is forgotten (the control session may have been lost).</li>
 *   <li>While it has requests out, a retry to wait for or budget to come, the VOQ is <em>reserving</em>: it sends
 *       only granted bytes. Otherwise its packets go unreserved at its own rate, and their bytes are charged to the
 *       path's tables (§2.5: non-participating packets decrement the earliest cells).</li>
 * </ul>
 */
public final class VoqReservation {
    /** A request this VOQ wants sent: the controller answers it under {@code id}. */
    public record Request(long id, long bytes) {
    }

    private final long minBytes;
    private final long maxBytes;
    private final long packetBytes;
    private final int outstandingMax;
    private final long windowNanos;
    private final GrantPacer pacer;
    private final long[] requestId;
    private final long[] requestBytes;
    private final long[] requestSentAt;
    private final long[] bookingId;
    private final long[] bookingLastSlot;
    private long nextId;
    private long retryAt = Long.MIN_VALUE;
    private long suspendedUntil = Long.MIN_VALUE;
    private long unreservedToCharge;
    private long requests;
    private long grants;
    private long retries;
    private long refusals;
    private long revocations;
    private long timeouts;
    private long unreservedSent;

    /**
     * @param minBytes    {@code N_min}
     * @param maxBytes    {@code N_max}
     * @param packetBytes the VOQ's largest packet (requests are whole numbers of it when they can be), positive
     * @param outstanding reservations alive at once, at least 1
     * @param cells       the controller's window in slots
     * @param sync        the slot clock as this host sees it
     * @param firstId     the id of this VOQ's first request (ids must be unique per agent)
     */
    public VoqReservation(long minBytes, long maxBytes, long packetBytes, int outstanding, int cells,
                          SlotSync sync, long firstId) {
        if (minBytes < 1 || maxBytes < minBytes || packetBytes < 1 || outstanding < 1 || outstanding > 64) {
            throw new IllegalArgumentException("voq reservation: N_min " + minBytes + ", N_max " + maxBytes
                    + ", packet " + packetBytes + ", outstanding " + outstanding + ": expected 1 <= N_min <= N_max, "
                    + "a positive packet size, outstanding 1..64");
        }
        this.minBytes = minBytes;
        this.maxBytes = maxBytes;
        this.packetBytes = packetBytes;
        this.outstandingMax = outstanding;
        this.windowNanos = Math.multiplyExact(cells, sync.clock().slotTicks());
        this.pacer = new GrantPacer(cells, sync);
        this.requestId = new long[outstanding];
        this.requestBytes = new long[outstanding];
        this.requestSentAt = new long[outstanding];
        this.bookingId = new long[outstanding];
        this.bookingLastSlot = new long[outstanding];
        Arrays.fill(requestId, -1);
        Arrays.fill(bookingId, -1);
        this.nextId = firstId;
    }

    public GrantPacer pacer() {
        return pacer;
    }

    /** How long a request may go unanswered before it is forgotten: one window, at least a second. */
    public long requestTimeout() {
        return Math.max(windowNanos, 1_000_000_000L);
    }

    private int alive(long t) {
        long slot = pacer.slotAt(t);
        int n = 0;
        for (int i = 0; i < outstandingMax; i++) {
            if (requestId[i] >= 0 && t - requestSentAt[i] > requestTimeout()) {
                requestId[i] = -1;
                timeouts++;
            }
            if (bookingId[i] >= 0 && bookingLastSlot[i] < slot) {
                bookingId[i] = -1;
            }
            n += (requestId[i] >= 0 ? 1 : 0) + (bookingId[i] >= 0 ? 1 : 0);
        }
        return n;
    }

    private long asked() {
        long sum = 0;
        for (int i = 0; i < outstandingMax; i++) {
            if (requestId[i] >= 0) {
                sum += requestBytes[i];
            }
        }
        return sum;
    }

    /**
     * The request to send now for a backlog of {@code backlogBytes} at {@code t}, or null. The caller sends it; the
     * VOQ counts it outstanding from {@code t}.
     *
     * @param mayGoUnreserved whether the VOQ has a rate of its own to send unreserved bytes at; without one, grants
     *                        are its only way to send, and it asks for any backlog, however small (decision: the
     *                        central form accepts requests below {@code N_min})
     */
    public Request poll(long backlogBytes, long t, boolean mayGoUnreserved) {
        if (t < retryAt || t < suspendedUntil || !pacer.sync().usableAt(t)) {
            return null;
        }
        if (alive(t) >= outstandingMax) {
            return null;
        }
        long unreserved = backlogBytes - pacer.reservedFrom(t) - asked();
        if (unreserved < (mayGoUnreserved ? minBytes : 1)) {
            return null;
        }
        int free = 0;
        while (requestId[free] >= 0) {
            free++;
        }
        long bytes = Math.min(unreserved, maxBytes);
        if (bytes >= packetBytes) {
            bytes -= bytes % packetBytes;
        }
        requestId[free] = nextId;
        requestBytes[free] = bytes;
        requestSentAt[free] = t;
        requests++;
        return new Request(nextId++, bytes);
    }

    private boolean answered(long id) {
        for (int i = 0; i < outstandingMax; i++) {
            if (requestId[i] == id) {
                requestId[i] = -1;
                return true;
            }
        }
        return false;
    }

    /**
     * The controller granted request {@code id}: booking {@code booking} with these budgets.
     *
     * @return false when the request is not outstanding (answered already, timed out): the grant is ignored and
     *         its budget stays unused at the controller until its slots pass
     */
    public boolean granted(long id, long booking, List<SlotUnits> budget, long t) {
        if (!answered(id)) {
            return false;
        }
        grants++;
        long last = Long.MIN_VALUE;
        for (SlotUnits u : budget) {
            last = Math.max(last, u.slot());
        }
        pacer.grant(budget, t);
        for (int i = 0; i < outstandingMax; i++) {
            if (bookingId[i] < 0 || bookingLastSlot[i] < pacer.slotAt(t)) {
                bookingId[i] = booking;
                bookingLastSlot[i] = last;
                break;
            }
        }
        return true;
    }

    /** The controller answered request {@code id} with a retry: ask again after {@code waitNanos}. */
    public boolean retry(long id, long waitNanos, long t) {
        if (!answered(id)) {
            return false;
        }
        retries++;
        retryAt = Math.max(retryAt, t + waitNanos);
        return true;
    }

    /** The controller refused request {@code id}: no reservations for one window; traffic goes unreserved. */
    public boolean refused(long id, long t) {
        if (!answered(id)) {
            return false;
        }
        refusals++;
        suspendedUntil = t + windowNanos;
        return true;
    }

    /** Booking {@code booking} was revoked: its budgets are withdrawn and it no longer counts as alive. */
    public void revoked(long booking, List<SlotUnits> slots) {
        pacer.revoke(slots);
        for (int i = 0; i < outstandingMax; i++) {
            if (bookingId[i] == booking) {
                bookingId[i] = -1;
            }
        }
        revocations++;
    }

    /** The control session ended: outstanding requests will not be answered. */
    public void sessionLost() {
        Arrays.fill(requestId, -1);
    }

    /**
     * Whether the VOQ sends only reserved bytes at {@code t}: it has requests out, a retry to wait for, or budget
     * in this slot or a later one.
     */
    public boolean reserving(long t) {
        if (t < retryAt) {
            return true;
        }
        alive(t);
        for (int i = 0; i < outstandingMax; i++) {
            if (requestId[i] >= 0) {
                return true;
            }
        }
        return pacer.hasBudget(t);
    }

    /** Records an unreserved packet of {@code bytes} (to charge). */
    public void sentUnreserved(int bytes) {
        unreservedToCharge += bytes;
        unreservedSent += bytes;
    }

    /** Unreserved bytes sent since the last call, to charge to the controller's tables. */
    public long takeCharge() {
        long c = unreservedToCharge;
        unreservedToCharge = 0;
        return c;
    }

    /** What this VOQ did with reservations so far: its requests and their answers, and where its bytes went. */
    public ReservationReport report() {
        return new ReservationReport(requests, grants, retries, refusals, revocations, timeouts, pacer.sentUnits(),
                pacer.expiredUnits(), pacer.lateUnits(), unreservedSent);
    }

    /** Alive reservations at local tick {@code t}: requests out and bookings with a slot to come. */
    public int aliveAt(long t) {
        return alive(t);
    }
}

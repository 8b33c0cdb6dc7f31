package weft.model.crp;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CRP's central form: one owner (a controller) holds the reservation table of every critical resource and answers
 * each request by checking all resources of a path at once. Slot {@code j} is feasible iff {@code m_j > 0} and
 * {@code m_j + m_{j+1} >= x}, where {@code m_j} is the least free units of slot {@code j} over the path's resources
 * and {@code x = ceil(data·(1+ε))}; the earliest feasible slot (over every candidate path) is taken with one split
 * {@code a = min(x, m_j)}, {@code b = x − a} at every resource, atomically.
 *
 * <p>The rule is seed 001 §2.1's feasibility over the AND of the path's vectors, made with global knowledge, which
 * §5 names as what the distributed form lacks: no grant can conflict on its way back, so there is no third retry
 * class and no orphaned reservation, and one consistent split removes the intra-slot uncertainty §2.5 describes.
 * The two failure classes stay (§2.4): the destination alone has no feasible slot
 * ({@link RetryCause#DESTINATION_FULL}) or no slot is common to the path ({@link RetryCause#NO_COMMON_SLOT}).
 *
 * <p>What the live form adds that the paper does not have: bookings with ids and per-slot data budgets
 * ({@link Booking#budget}), revocation of the bookings of a failed resource ({@link #revoke}), and validation of
 * requests (each problem a {@link Decision.Refused} that changes no table). Slots start no earlier than
 * {@code leadSlots} after the current one, so a grant reaches its requester before its slot (the controller's round
 * trip). Not thread-safe: one owner drives it, with time passed in.
 *
 * <p>Decision: one class of about 410 lines. Reserving, charging, revoking and restoring all change the same
 * resources and bookings and must keep one invariant (a booking's units are exactly what its resources hold for
 * it); split across classes, each would need the other's private state. The arithmetic of one table is
 * {@link ReservationTable}'s.
 *
 * @param <R> resource key type (a port, a link)
 */
public final class CentralReservations<R> {
    private final CrpParameters params;
    private final int leadSlots;
    private final Map<R, Resource<R>> resources = new LinkedHashMap<>();
    private final Map<Long, Booking<R>> bookings = new LinkedHashMap<>();
    private long nextBooking = 1;
    private long current = Long.MIN_VALUE;

    private static final class Resource<R> {
        final ReservationTable table;
        final Set<Long> bookings = new LinkedHashSet<>();
        long requests;
        long grants;
        long retriesFull;
        long retriesNoSlot;
        long epsilon;

        Resource(ReservationTable table) {
            this.table = table;
        }
    }

    /**
     * @param params    protocol parameters (cells, clock, sizes, {@code ε})
     * @param leadSlots slots after the current one before the first that may be granted, 0..cells-1
     */
    public CentralReservations(CrpParameters params, int leadSlots) {
        if (leadSlots < 0 || leadSlots >= params.cells()) {
            throw new IllegalArgumentException("central reservations: lead " + leadSlots + " slots outside 0.."
                    + (params.cells() - 1));
        }
        this.params = params;
        this.leadSlots = leadSlots;
    }

    public CrpParameters params() {
        return params;
    }

    /**
     * Adds a critical resource with {@code capacity} units per slot (its line rate over one slot, less any
     * headroom).
     *
     * @throws IllegalArgumentException when it already has a table
     */
    public void addResource(R key, long capacity, long now) {
        if (resources.containsKey(key)) {
            throw new IllegalArgumentException("central reservations: resource " + key + " already has a table");
        }
        long slot = Math.max(params.clock().slotOf(now), current);
        resources.put(key, new Resource<>(new ReservationTable(params.cells(), capacity, slot)));
        advance(now);
    }

    public boolean hasResource(R key) {
        return resources.containsKey(key);
    }

    /** The resources with tables, in the order they were added. */
    public List<R> resources() {
        return List.copyOf(resources.keySet());
    }

    private void advance(long now) {
        long slot = params.clock().slotOf(now);
        if (slot <= current) {
            return;
        }
        current = slot;
        for (Resource<R> r : resources.values()) {
            r.table.advanceTo(slot);
        }
        for (Iterator<Booking<R>> it = bookings.values().iterator(); it.hasNext(); ) {
            Booking<R> b = it.next();
            if (b.lastSlot() < slot) {
                it.remove();
                for (R key : b.resources()) {
                    Resource<R> r = resources.get(key);
                    if (r != null) {
                        r.bookings.remove(b.id());
                    }
                }
            }
        }
    }

    /** Answers a request at tick {@code now}: a booking, a retry with its cause, or a refusal naming the problem. */
    public Decision reserve(ReserveRequest<R> req, long now) {
        Decision.Refused bad = validate(req, now);
        if (bad != null) {
            return bad;
        }
        advance(now);
        long x = params.inflate(req.dataUnits());
        long from = current + leadSlots;
        if (req.notBefore() != ReserveRequest.ASAP) {
            from = Math.max(from, req.notBefore());
        }
        Set<Resource<R>> asked = new LinkedHashSet<>();
        for (List<R> p : req.paths()) {
            for (R key : p) {
                asked.add(resources.get(key));
            }
        }
        Resource<R> dst = resources.get(req.destination());
        asked.add(dst);
        for (Resource<R> r : asked) {
            r.requests++;
        }
        if (earliest(List.of(dst), x, from) < 0) {
            asked.forEach(r -> r.retriesFull++);
            return new Decision.Retry(RetryCause.DESTINATION_FULL);
        }
        long best = -1;
        int bestPath = -1;
        for (int i = 0; i < req.paths().size(); i++) {
            long j = earliest(path(req.paths().get(i), dst), x, from);
            if (j >= 0 && (best < 0 || j < best)) {
                best = j;
                bestPath = i;
            }
        }
        if (best < 0) {
            asked.forEach(r -> r.retriesNoSlot++);
            return new Decision.Retry(RetryCause.NO_COMMON_SLOT);
        }
        List<R> keys = new ArrayList<>(req.paths().get(bestPath));
        keys.add(req.destination());
        List<Resource<R>> on = path(req.paths().get(bestPath), dst);
        long m = least(on, best);
        long a = Math.min(x, m);
        SlotSplit split = new SlotSplit(best, a, x - a);
        long cap = dst.table.capacity();
        long ts = params.clock().startOf(best) + Math.multiplyExact(cap - m, params.clock().slotTicks()) / cap;
        Booking<R> booking = new Booking<>(nextBooking++, req.flow(), keys, split, req.dataUnits(), ts);
        for (Resource<R> r : on) {
            r.table.take(split);
            r.grants++;
            r.epsilon += x - req.dataUnits();
            r.bookings.add(booking.id());
        }
        bookings.put(booking.id(), booking);
        return new Decision.Granted<>(booking, bestPath);
    }

    private List<Resource<R>> path(List<R> channels, Resource<R> dst) {
        List<Resource<R>> on = new ArrayList<>(channels.size() + 1);
        for (R key : channels) {
            on.add(resources.get(key));
        }
        on.add(dst);
        return on;
    }

    private static <R> long least(List<Resource<R>> on, long slot) {
        long m = Long.MAX_VALUE;
        for (Resource<R> r : on) {
            m = Math.min(m, r.table.free(slot));
        }
        return m;
    }

    /** The earliest slot from {@code from} where {@code m_j > 0} and {@code m_j + m_{j+1} >= x}, or -1. */
    private long earliest(List<Resource<R>> on, long x, long from) {
        long end = current + params.cells();
        for (long j = from; j < end; j++) {
            long m = least(on, j);
            if (m > 0 && m + least(on, j + 1) >= x) {
                return j;
            }
        }
        return -1;
    }

    private Decision.Refused validate(ReserveRequest<R> req, long now) {
        String who = "reserve flow " + req.flow() + " to " + req.destination() + ": ";
        if (req.dataUnits() <= 0) {
            return new Decision.Refused(RequestProblem.NON_POSITIVE_UNITS, who + req.dataUnits()
                    + " units, expected > 0");
        }
        Resource<R> dst = resources.get(req.destination());
        if (dst == null) {
            return new Decision.Refused(RequestProblem.UNKNOWN_DESTINATION, who + "the destination has no"
                    + " reservation table");
        }
        if (req.paths().isEmpty()) {
            return new Decision.Refused(RequestProblem.NO_PATH, who + "no candidate path");
        }
        long x = params.inflate(req.dataUnits());
        if (req.dataUnits() > params.maxUnits()) {
            return new Decision.Refused(RequestProblem.TOO_LARGE, who + req.dataUnits() + " units, more than N_max "
                    + params.maxUnits() + " (segment it)");
        }
        if (x > 2 * dst.table.capacity()) {
            return tooLarge(who, x, req.destination(), dst);
        }
        for (int i = 0; i < req.paths().size(); i++) {
            Set<R> seen = new HashSet<>();
            seen.add(req.destination());
            for (R key : req.paths().get(i)) {
                if (!seen.add(key)) {
                    return new Decision.Refused(RequestProblem.REPEATED_RESOURCE, who + "path " + i + ": resource "
                            + key + " appears twice (the destination is implied)");
                }
                Resource<R> r = resources.get(key);
                if (r == null) {
                    return new Decision.Refused(RequestProblem.UNKNOWN_RESOURCE, who + "path " + i + ": resource "
                            + key + " has no reservation table");
                }
                if (x > 2 * r.table.capacity()) {
                    return tooLarge(who, x, key, r);
                }
            }
        }
        if (req.notBefore() != ReserveRequest.ASAP) {
            long slot = params.clock().slotOf(now);
            if (req.notBefore() < slot) {
                return new Decision.Refused(RequestProblem.SLOT_IN_PAST, who + "slot " + req.notBefore()
                        + " is in the past (now slot " + slot + ")");
            }
            if (req.notBefore() >= slot + params.cells()) {
                return new Decision.Refused(RequestProblem.SLOT_BEYOND_WINDOW, who + "slot " + req.notBefore()
                        + " is beyond the window (slots " + slot + ".." + (slot + params.cells() - 1) + ")");
            }
        }
        return null;
    }

    private Decision.Refused tooLarge(String who, long x, R key, Resource<R> r) {
        return new Decision.Refused(RequestProblem.TOO_LARGE, who + x + " units with epsilon, more than two slots"
                + " of " + key + " hold (2 x " + r.table.capacity() + ")");
    }

    /**
     * Charges unreserved traffic reported on a path (seed 001 §2.5) to each of its resources.
     *
     * @return the most units one resource's window could not take
     * @throws IllegalArgumentException naming a resource without a table, before charging any
     */
    public long chargeUnreserved(List<R> path, long units, long now) {
        for (R key : path) {
            resource(key, "charge " + units + " units");
        }
        advance(now);
        long worst = 0;
        for (R key : path) {
            worst = Math.max(worst, resources.get(key).table.chargeUnreserved(units));
        }
        return worst;
    }

    /**
     * Withdraws every booking through {@code key} that has a slot not yet ended: its units in those slots go back
     * to every resource of its path. The table stays (the resource may come back); requests routed elsewhere
     * will not use it.
     *
     * @return one revocation per withdrawn booking, for its requester
     */
    public List<Revocation> revoke(R key, long now) {
        Resource<R> res = resourceAt(key, "revoke", now);
        List<Revocation> out = new ArrayList<>();
        for (Long id : List.copyOf(res.bookings)) {
            out.add(withdraw(id, bookings.remove(id)));
        }
        return out;
    }

    /**
     * Withdraws one booking (its path changed, its requester left): its units in slots not yet ended go back to
     * every resource of its path.
     *
     * @return its revocation, or null when no such booking is live
     */
    public Revocation revokeBooking(long id, long now) {
        advance(now);
        Booking<R> b = bookings.remove(id);
        if (b == null) {
            return null;
        }
        return withdraw(id, b);
    }

    /**
     * Gives the units of booking {@code b} (already out of the live bookings) back to every resource of its path: its
     * revocation names the slots not yet ended.
     */
    private Revocation withdraw(long id, Booking<R> b) {
        List<SlotUnits> gone = new ArrayList<>(2);
        for (SlotUnits s : b.budget()) {
            if (s.slot() >= current) {
                gone.add(s);
            }
        }
        for (R k : b.resources()) {
            Resource<R> r = resources.get(k);
            if (r != null) {
                r.table.release(b.reserved());
                r.bookings.remove(id);
            }
        }
        return new Revocation(id, b.flow(), gone);
    }

    /**
     * Takes a booking made elsewhere (by a previous master, read from a state store) back into the tables: its split
     * at every resource of its path, under its own id. Nothing changes when it cannot be taken.
     *
     * @return false when its last slot has passed (nothing to restore)
     * @throws IllegalArgumentException naming the problem: an id already live, a resource without a table, or a
     *                                  split a table can no longer hold
     */
    public boolean restore(Booking<R> booking, long now) {
        advance(now);
        if (booking.lastSlot() < current) {
            return false;
        }
        if (bookings.containsKey(booking.id())) {
            throw new IllegalArgumentException("restore booking " + booking.id() + ": a booking with that id is live");
        }
        SlotSplit r0 = booking.reserved();
        SlotSplit s = r0.slot() >= current ? r0 : new SlotSplit(r0.slot() + 1, r0.second(), 0);
        for (R key : booking.resources()) {
            Resource<R> r = resource(key, "restore booking " + booking.id());
            if (r.table.free(s.slot()) < s.first() || r.table.free(s.slot() + 1) < s.second()) {
                throw new IllegalArgumentException("restore booking " + booking.id() + ": " + key + " holds "
                        + r.table.free(s.slot()) + " + " + r.table.free(s.slot() + 1) + " units at slots " + s.slot()
                        + ".." + (s.slot() + 1) + ", the booking takes " + s.first() + " + " + s.second());
            }
        }
        for (R key : booking.resources()) {
            Resource<R> r = resources.get(key);
            r.table.take(s);
            r.bookings.add(booking.id());
        }
        bookings.put(booking.id(), booking);
        nextBooking = Math.max(nextBooking, booking.id() + 1);
        return true;
    }

    /** Revokes the bookings through {@code key} ({@link #revoke}) and drops its table. */
    public List<Revocation> removeResource(R key, long now) {
        List<Revocation> out = revoke(key, now);
        resources.remove(key);
        return out;
    }

    /** The live bookings through {@code key}, oldest first. */
    public List<Booking<R>> bookings(R key, long now) {
        Resource<R> res = resourceAt(key, "bookings", now);
        List<Booking<R>> out = new ArrayList<>(res.bookings.size());
        for (Long id : res.bookings) {
            out.add(bookings.get(id));
        }
        return out;
    }

    /** The table and counters of {@code key} at tick {@code now}. */
    public ResourceSnapshot<R> snapshot(R key, long now) {
        Resource<R> r = resourceAt(key, "snapshot", now);
        ReservationTable t = r.table;
        return new ResourceSnapshot<>(key, t.capacity(), t.baseSlot(), t.freeCells(), r.requests, r.grants,
                r.retriesFull, r.retriesNoSlot, t.committedUnits(), r.epsilon, t.chargedUnits(), t.unchargedUnits(),
                t.releasedUnits(), r.bookings.size());
    }

    /** The resource of {@code key}, the clock advanced to {@code now}; {@code operation} names the caller in errors. */
    private Resource<R> resourceAt(R key, String operation, long now) {
        Resource<R> r = resource(key, operation);
        advance(now);
        return r;
    }

    /** The resource of {@code key}; an error naming {@code operation} when it has no table. */
    private Resource<R> resource(R key, String operation) {
        Resource<R> r = resources.get(key);
        if (r == null) {
            throw new IllegalArgumentException(operation + ": resource " + key + " has no reservation table");
        }
        return r;
    }
}

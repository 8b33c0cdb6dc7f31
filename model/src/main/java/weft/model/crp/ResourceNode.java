package weft.model.crp;

import java.util.ArrayList;
import java.util.List;

/**
 * One critical resource in the paper's distributed protocol: its reservation table and what it does to the control
 * packets that pass it. A request passing a channel ANDs the channel's availability into its vector and may hold
 * slots eagerly; at the destination it becomes a grant for the earliest common slot (committed there) or a retry; a
 * grant passing a channel on its way back commits there or becomes a retry; a retry releases the segment's holds.
 *
 * <p>Seed 001 §2.2 (channels), §2.3 (destinations, Fig. 5), §2.4 (grants, retries, eager reservation), §2.5
 * (non-participating packets). Every message first advances the table to the slot of {@code now}, which is the
 * paper's shift at each slot boundary done lazily.
 *
 * <p>Decisions where the paper is silent: the first channel with {@code R_res > 0} picks the eager slots (the
 * earliest ones its vector allows, one request size each, each held before the next is picked) and later channels
 * hold those same slots where they can; the destination grants the earliest eagerly held slot still true in the
 * final vector, else the leftmost true bit; a grant whose slot has already passed commits at the current slot
 * (its data goes now); grants, retries and holds are never cancelled once committed elsewhere (§2.4: "reservations
 * in the destination and channels the response has already traversed are not cancelled").
 */
public final class ResourceNode implements CrpNode {
    private final int id;
    private final ReservationTable table;
    private final CrpParameters params;
    private long requests;
    private long grants;
    private long converted;
    private long retriesFull;
    private long retriesNoSlot;

    /**
     * @param id     this resource's id in {@link ResourcePath}s
     * @param table  its reservation table (capacity per slot may differ between resources, §5 heterogeneous)
     * @param params the protocol parameters; their clock maps ticks to the table's slots
     */
    public ResourceNode(int id, ReservationTable table, CrpParameters params) {
        if (table.cells() != params.cells()) {
            throw new IllegalArgumentException("resource " + id + ": table has " + table.cells()
                    + " cells, the protocol " + params.cells());
        }
        this.id = id;
        this.table = table;
        this.params = params;
    }

    public int id() {
        return id;
    }

    /** The table (for charging, statistics and tests); owned by this node. */
    public ReservationTable table() {
        return table;
    }

    @Override
    public List<Outbound> onMessage(CrpMessage message, long now) {
        table.advanceTo(params.clock().slotOf(now));
        if (message instanceof CrpMessage.Request r) {
            checkAddressed(r.path().get(r.hop()), r);
            requests++;
            return List.of(r.atDestination() ? atDestination(r, now) : atChannel(r, now));
        }
        if (message instanceof CrpMessage.Grant g) {
            checkAddressed(g.path().get(g.hop()), g);
            return List.of(grantAtChannel(g, now));
        }
        if (message instanceof CrpMessage.Retry r) {
            checkAddressed(r.path().get(r.hop()), r);
            table.releaseHolds(r.segment());
            CrpMessage.Retry on = r.onward();
            return List.of(new Outbound(on.to(), on, now));
        }
        throw new IllegalArgumentException("resource " + id + ": " + message + " is not addressed to a resource");
    }

    private void checkAddressed(int to, CrpMessage m) {
        if (to != id) {
            throw new IllegalArgumentException("resource " + id + ": " + m + " is addressed to resource " + to);
        }
    }

    /**
     * Charges a packet of a flow that does not use CRP as it crosses this resource (seed 001 §2.5).
     *
     * @return units the window could not take
     */
    public long chargeUnreserved(long units, long now) {
        table.advanceTo(params.clock().slotOf(now));
        return table.chargeUnreserved(units);
    }

    /** Seed 001 §2.2 and §2.4 point A: AND the availability in, hold eagerly, pass the request on. */
    private Outbound atChannel(CrpMessage.Request r, long now) {
        SlotVector v = r.vector().rebase(table.baseSlot()).and(table.availability(r.units()));
        List<Long> eager = r.eager();
        int want = params.eagerSlotsFor(r.attempt());
        if (want > 0 && !v.isEmpty()) {
            if (eager.isEmpty()) {
                List<Long> chosen = new ArrayList<>(want);
                for (long s = v.first(); s < v.base() + v.size() && chosen.size() < want; s++) {
                    if (v.test(s) && table.hold(r.segment(), s, r.units())) {
                        chosen.add(s);
                    }
                }
                eager = chosen;
            } else {
                for (long s : eager) {
                    if (v.test(s)) {
                        table.hold(r.segment(), s, r.units());
                    }
                }
            }
        }
        return new Outbound(r.nextAddress(), r.forward(v, eager), now);
    }

    /** Seed 001 §2.3-2.4 at the destination: retry (two classes) or grant the earliest common slot. */
    private Outbound atDestination(CrpMessage.Request r, long now) {
        SlotVector own = table.availability(r.units());
        if (own.isEmpty()) {
            retriesFull++;
            return retry(r, RetryCause.DESTINATION_FULL, now);
        }
        SlotVector v = r.vector().rebase(table.baseSlot()).and(own);
        if (v.isEmpty()) {
            retriesNoSlot++;
            return retry(r, RetryCause.NO_COMMON_SLOT, now);
        }
        long slot = v.first();
        for (long s : r.eager()) {
            if (v.test(s)) {
                slot = s;
                break;
            }
        }
        long ts = timestamp(slot);
        table.commit(slot, r.units());
        grants++;
        CrpMessage.Grant g = new CrpMessage.Grant(r.segment(), r.source(), r.path(), r.hop() - 1, ts, r.units(),
                r.attempt());
        return new Outbound(g.to(), g, now);
    }

    /**
     * Fig. 5: the first free tick of the slot, taking its free units to be its last ones
     * ({@code slotStart + C − t[i]}, scaled to ticks when a slot is not {@code C} ticks long).
     */
    private long timestamp(long slot) {
        long used = table.capacity() - table.free(slot);
        return params.clock().startOf(slot) + Math.multiplyExact(used, params.clock().slotTicks()) / table.capacity();
    }

    private Outbound retry(CrpMessage.Request r, RetryCause cause, long now) {
        CrpMessage.Retry back = new CrpMessage.Retry(r.segment(), r.source(), r.path(), r.hop() - 1, cause,
                r.attempt());
        return new Outbound(back.to(), back, now);
    }

    /** Seed 001 §2.4 point C: commit at the timestamp's cell (or convert the eager hold), else become a retry. */
    private Outbound grantAtChannel(CrpMessage.Grant g, long now) {
        long k = Math.max(params.clock().slotOf(g.startTick()), table.baseSlot());
        boolean committed = table.convertHold(g.segment(), k);
        if (!committed && table.fits(k, g.units())) {
            table.commit(k, g.units());
            committed = true;
        }
        if (committed) {
            CrpMessage.Grant on = g.onward();
            return new Outbound(on.to(), on, now);
        }
        converted++;
        CrpMessage.Retry r = new CrpMessage.Retry(g.segment(), g.source(), g.path(), g.hop() - 1,
                RetryCause.GRANT_CONFLICT, g.attempt());
        return new Outbound(r.to(), r, now);
    }

    /** Requests handled here, as channel or destination. */
    public long requests() {
        return requests;
    }

    /** Grants issued here as destination. */
    public long grants() {
        return grants;
    }

    /** Grants that became retries here ({@link RetryCause#GRANT_CONFLICT}). */
    public long conversions() {
        return converted;
    }

    /** Retries issued here as destination, by cause ({@link RetryCause#GRANT_CONFLICT}: {@link #conversions}). */
    public long retries(RetryCause cause) {
        return switch (cause) {
            case DESTINATION_FULL -> retriesFull;
            case NO_COMMON_SLOT -> retriesNoSlot;
            case GRANT_CONFLICT -> converted;
        };
    }
}

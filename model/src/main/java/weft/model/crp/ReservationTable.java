package weft.model.crp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reservation table of one critical resource (a destination's ejection channel or an over-subscribed link):
 * {@code V} cells, cell {@code i} holding the units still free in absolute slot {@code base + i}, each between 0 and
 * the capacity {@code C}. Units are flits (= cycles) in the paper and bytes in the live form; time is in slots here
 * and becomes ticks only through a {@link SlotClock}.
 *
 * <p>Seed 001 §2.1 (the table, the feasibility rule, the shift by one cell per slot), §2.3 (commit at the
 * destination), §2.4 (commit on the grant's way back, eager holds tagged with the flow), §2.5 (non-participating
 * packets charged to the earliest non-zero cell). The free units of a cell are taken to be the slot's last ones
 * (Fig. 5: the timestamp is the first of the last {@code t[i]} cycles).
 *
 * <p>Decisions where the paper is silent: the cell after the last one is 0 (it does not exist yet, so no grant can
 * use it); a charge larger than the earliest non-zero cell carries into the next cells, and what the whole window
 * cannot take is counted as uncharged; an eager hold whose first slot has passed is forgotten (its cells expire
 * with the window, seed 001 §2.4 gives holds no other lifetime). Not thread-safe: one owner (a simulated router, a
 * controller's reservation thread) drives it.
 *
 * <p>Decision: one class of about 360 lines, a little over the project's 350, because it is one array with the
 * operations §2.1-§2.5 define on it (advance, feasibility, commit, release, charge, hold) and their counters.
 */
public final class ReservationTable {
    private final long[] cell;
    private final long capacity;
    private int head;
    private long base;
    private final Map<SegmentId, List<SlotSplit>> holds = new HashMap<>();
    private long committed;
    private long charged;
    private long uncharged;
    private long released;
    private long held;

    /**
     * An empty table: every cell free.
     *
     * @param cells    {@code V_cells}, 1..64
     * @param capacity {@code C}: units one slot can carry (after any headroom), positive
     * @param baseSlot the absolute slot of the first cell
     */
    public ReservationTable(int cells, long capacity, long baseSlot) {
        if (cells < 1 || cells > 64) {
            throw new IllegalArgumentException("reservation table: " + cells + " cells, expected 1..64");
        }
        if (capacity <= 0) {
            throw new IllegalArgumentException("reservation table: capacity " + capacity + " must be positive");
        }
        this.cell = new long[cells];
        this.capacity = capacity;
        this.base = baseSlot;
        Arrays.fill(cell, capacity);
    }

    /**
     * A table with given free units per cell, earliest first (the paper's figures and hand-computed vectors).
     *
     * @throws IllegalArgumentException when a value is outside {@code 0..capacity}, naming the cell
     */
    public static ReservationTable of(long capacity, long baseSlot, long... free) {
        ReservationTable t = new ReservationTable(free.length, capacity, baseSlot);
        for (int i = 0; i < free.length; i++) {
            if (free[i] < 0 || free[i] > capacity) {
                throw new IllegalArgumentException("reservation table: cell " + i + " = " + free[i]
                        + ", expected 0.." + capacity);
            }
            t.cell[i] = free[i];
        }
        return t;
    }

    public int cells() {
        return cell.length;
    }

    public long capacity() {
        return capacity;
    }

    /** Absolute slot of the first cell. */
    public long baseSlot() {
        return base;
    }

    private boolean inWindow(long slot) {
        return slot >= base && slot - base < cell.length;
    }

    private int index(long slot) {
        return (int) ((head + (slot - base)) % cell.length);
    }

    /** Free units in absolute slot {@code slot}: 0 before the window and at or after its end. */
    public long free(long slot) {
        return inWindow(slot) ? cell[index(slot)] : 0;
    }

    /** Free units per cell, earliest first (a copy). */
    public long[] freeCells() {
        long[] out = new long[cell.length];
        for (int i = 0; i < cell.length; i++) {
            out[i] = cell[(head + i) % cell.length];
        }
        return out;
    }

    /**
     * Seed 001 §2.1: the resource can take {@code units} in slot {@code slot} iff {@code t[i] > 0} and
     * {@code t[i] + t[i+1] >= units}.
     */
    public boolean feasible(long slot, long units) {
        long t = free(slot);
        return t > 0 && t + free(slot + 1) >= units;
    }

    /**
     * The grant-time check (seed 001 §2.4): whether the cell of the timestamp and the next one still hold
     * {@code units}. Decision: unlike {@link #feasible}, an empty first cell is allowed (all units then come from
     * the next cell), as "any remaining slots are decremented from the next cell" reads.
     */
    public boolean fits(long slot, long units) {
        return free(slot) + free(slot + 1) >= units;
    }

    /** This table's availability for a request of {@code units}, one bit per cell (seed 001 §2.2, Fig. 4). */
    public SlotVector availability(long units) {
        long bits = 0;
        for (int i = 0; i < cell.length; i++) {
            if (feasible(base + i, units)) {
                bits |= 1L << i;
            }
        }
        return new SlotVector(base, cell.length, bits);
    }

    /**
     * Shifts the table so that its first cell is slot {@code slot}: passed cells are deleted and new cells start
     * full (seed 001 §2.1). Does nothing when {@code slot} is not after the current base.
     */
    public void advanceTo(long slot) {
        long d = slot - base;
        if (d <= 0) {
            return;
        }
        if (d >= cell.length) {
            Arrays.fill(cell, capacity);
            head = 0;
        } else {
            for (long i = 0; i < d; i++) {
                cell[head] = capacity;
                head = (head + 1) % cell.length;
            }
        }
        base = slot;
        holds.values().removeIf(list -> {
            list.removeIf(h -> {
                if (h.slot() < base) {
                    held -= h.total();
                    return true;
                }
                return false;
            });
            return list.isEmpty();
        });
    }

    private SlotSplit takeEarliestFirst(long slot, long units) {
        long a = Math.min(free(slot), units);
        SlotSplit s = new SlotSplit(slot, a, units - a);
        apply(s, -1);
        return s;
    }

    private void apply(SlotSplit s, int sign) {
        if (s.first() > 0) {
            cell[index(s.slot())] += sign * s.first();
        }
        if (s.second() > 0) {
            cell[index(s.slot() + 1)] += sign * s.second();
        }
    }

    /**
     * Reserves {@code units} from slot {@code slot} on: {@code a = min(t[k], x)} from it and the rest from the next
     * cell (seed 001 §2.3 at the destination, §2.4 on the grant's way back).
     *
     * @throws IllegalStateException when the two cells do not hold {@code units} ({@link #fits} is false)
     */
    public SlotSplit commit(long slot, long units) {
        if (units <= 0 || !inWindow(slot) || !fits(slot, units)) {
            throw new IllegalStateException("reservation table at " + base + ": cannot commit " + units
                    + " units at slot " + slot + " (free " + free(slot) + " + " + free(slot + 1) + ")");
        }
        committed += units;
        return takeEarliestFirst(slot, units);
    }

    /**
     * Reserves exactly the given split (the central form's split, the same at every resource of a path).
     *
     * @throws IllegalStateException when a cell does not hold its part
     */
    public void take(SlotSplit split) {
        if (split.total() <= 0 || !inWindow(split.slot()) || free(split.slot()) < split.first()
                || free(split.slot() + 1) < split.second()) {
            throw new IllegalStateException("reservation table at " + base + ": cannot take " + split
                    + " (free " + free(split.slot()) + " + " + free(split.slot() + 1) + ")");
        }
        committed += split.total();
        apply(split, -1);
    }

    /**
     * Gives back the part of {@code split} whose slots are still in the window (a revoked reservation); parts in
     * passed slots are gone with their cells.
     *
     * @return units given back
     * @throws IllegalStateException when a cell would exceed the capacity (the split was never taken)
     */
    public long release(SlotSplit split) {
        long back = 0;
        if (split.first() > 0 && inWindow(split.slot())) {
            back += giveBack(split.slot(), split.first());
        }
        if (split.second() > 0 && inWindow(split.slot() + 1)) {
            back += giveBack(split.slot() + 1, split.second());
        }
        released += back;
        return back;
    }

    private long giveBack(long slot, long units) {
        int i = index(slot);
        if (cell[i] + units > capacity) {
            throw new IllegalStateException("reservation table: giving back " + units + " units at slot " + slot
                    + " would exceed the capacity " + capacity + " (free " + cell[i] + ")");
        }
        cell[i] += units;
        return units;
    }

    /**
     * Charges a non-participating packet (seed 001 §2.5): decrements the earliest non-zero cell by its size,
     * carrying what does not fit into the following cells.
     *
     * @return the units the whole window could not take (0 normally)
     */
    public long chargeUnreserved(long units) {
        if (units < 0) {
            throw new IllegalArgumentException("reservation table: charge of " + units + " units");
        }
        long left = units;
        for (int i = 0; i < cell.length && left > 0; i++) {
            int k = (head + i) % cell.length;
            long c = Math.min(cell[k], left);
            cell[k] -= c;
            left -= c;
        }
        charged += units - left;
        uncharged += left;
        return left;
    }

    /**
     * Eagerly holds {@code units} at slot {@code slot} for segment {@code id} (seed 001 §2.4, point A of Fig. 2).
     *
     * @return false, holding nothing, when the slot is not {@link #feasible}
     */
    public boolean hold(SegmentId id, long slot, long units) {
        if (units <= 0 || !feasible(slot, units)) {
            return false;
        }
        holds.computeIfAbsent(id, k -> new ArrayList<>(2)).add(takeEarliestFirst(slot, units));
        held += units;
        return true;
    }

    /**
     * A grant for {@code id} at slot {@code slot} passes: a hold at that slot becomes the reservation (no second
     * decrement) and every other hold of {@code id} is given back (seed 001 §2.4: "grants release any ungranted
     * eager reservations for the grant's flow").
     *
     * @return whether a hold at {@code slot} was converted
     */
    public boolean convertHold(SegmentId id, long slot) {
        List<SlotSplit> list = holds.remove(id);
        if (list == null) {
            return false;
        }
        boolean converted = false;
        for (SlotSplit h : list) {
            held -= h.total();
            if (!converted && h.slot() == slot) {
                converted = true;
                committed += h.total();
            } else {
                apply(h, +1);
                released += h.total();
            }
        }
        return converted;
    }

    /**
     * Gives back every hold of {@code id} (a retry passes). Decision: the paper releases holds only on grants;
     * without this a retried request's holds would stay until their slots pass.
     *
     * @return units given back
     */
    public long releaseHolds(SegmentId id) {
        List<SlotSplit> list = holds.remove(id);
        if (list == null) {
            return 0;
        }
        long back = 0;
        for (SlotSplit h : list) {
            apply(h, +1);
            back += h.total();
        }
        held -= back;
        released += back;
        return back;
    }

    /** Units committed by reservations since the table was made (holds count once converted). */
    public long committedUnits() {
        return committed;
    }

    /** Units of non-participating traffic charged (seed 001 §2.5). */
    public long chargedUnits() {
        return charged;
    }

    /** Units of non-participating traffic the whole window could not take. */
    public long unchargedUnits() {
        return uncharged;
    }

    /** Units given back by revocations and released holds. */
    public long releasedUnits() {
        return released;
    }

    /** Units eagerly held now. */
    public long heldUnits() {
        return held;
    }

    @Override
    public String toString() {
        return "table@" + base + Arrays.toString(freeCells());
    }
}

package weft.model.crp;

import java.util.ArrayList;
import java.util.List;

/**
 * A reservation the central form made: {@code reserved} units ({@code ε} included) taken from the same slots of
 * every resource on the path, for {@code dataUnits} of data.
 *
 * @param id        the booking's id, unique per {@link CentralReservations}
 * @param flow      the requester's flow (a VOQ in the live form)
 * @param resources the path's critical resources, the destination last
 * @param reserved  the split taken at every resource
 * @param dataUnits data the requester may send (before {@code ε})
 * @param startTick CRP's timestamp for the slot (its first free tick, for logs and comparison with the
 *                  distributed form)
 * @param <R>       resource key type
 */
public record Booking<R>(long id, long flow, List<R> resources, SlotSplit reserved, long dataUnits,
                         long startTick) {
    public Booking {
        resources = List.copyOf(resources);
        if (dataUnits <= 0 || dataUnits > reserved.total()) {
            throw new IllegalArgumentException("booking " + id + ": " + dataUnits + " data units in "
                    + reserved.total() + " reserved");
        }
    }

    /**
     * The data budget per slot, what the requester paces ({@code {slot, bytes}} in the live form): the first slot's
     * reserved units first, the rest in the next slot, never more than reserved in either.
     */
    public List<SlotUnits> budget() {
        long first = Math.min(reserved.first(), dataUnits);
        List<SlotUnits> out = new ArrayList<>(2);
        if (first > 0) {
            out.add(new SlotUnits(reserved.slot(), first));
        }
        if (dataUnits - first > 0) {
            out.add(new SlotUnits(reserved.slot() + 1, dataUnits - first));
        }
        return List.copyOf(out);
    }

    /** The last slot the booking uses. */
    public long lastSlot() {
        return reserved.second() > 0 ? reserved.slot() + 1 : reserved.slot();
    }
}

package weft.controller.crp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import weft.controller.ha.JsonState;
import weft.controller.ha.StateStore;

/**
 * The live CRP bookings as the cluster keeps them: state namespace {@value #NAMESPACE}, one key per booking id,
 * the value a {@link ReservationService.LiveBooking}. The master writes a grant here before it answers it (as a
 * hand-set rate is kept before it is accepted), so a grant an agent holds is never lost with the controller that
 * made it; the next master reads them back before it answers a {@code reserve}. Bookings that are revoked or whose
 * slots have passed are deleted at the next write (a new master skips passed ones anyway).
 *
 * <p>Only changes are written: this object remembers what it kept, so each call costs one write per new booking
 * and one delete per booking gone, and a pass over the live bookings.
 */
public final class KeptBookings {
    /** The state store namespace of CRP bookings. */
    public static final String NAMESPACE = "crp-reservations";

    private final JsonState<ReservationService.LiveBooking> state;
    private final Map<Long, ReservationService.LiveBooking> kept = new HashMap<>();

    public KeptBookings(StateStore store) {
        this.state = new JsonState<>(store, NAMESPACE, ReservationService.LiveBooking.class);
    }

    /**
     * Makes the store hold exactly {@code live}: writes the bookings not kept yet, deletes those no longer live.
     *
     * @throws RuntimeException from the store (e.g. {@link weft.controller.ha.NotMasterException}); what was
     *                          written before stays written
     */
    public void keep(List<ReservationService.LiveBooking> live) {
        Set<Long> ids = new HashSet<>();
        for (ReservationService.LiveBooking b : live) {
            ids.add(b.id());
            if (!b.equals(kept.get(b.id()))) {
                state.put(Long.toString(b.id()), b, StateStore.ANY);
                kept.put(b.id(), b);
            }
        }
        for (Long id : new ArrayList<>(kept.keySet())) {
            if (!ids.contains(id)) {
                state.delete(Long.toString(id), StateStore.ANY);
                kept.remove(id);
            }
        }
    }

    /** Every booking the store holds, by id (a new master's starting point: they count as kept). */
    public List<ReservationService.LiveBooking> read() {
        List<ReservationService.LiveBooking> out = new ArrayList<>();
        state.all().values().forEach(t -> out.add(t.value()));
        out.sort(Comparator.comparingLong(ReservationService.LiveBooking::id));
        kept.clear();
        out.forEach(b -> kept.put(b.id(), b));
        return out;
    }
}

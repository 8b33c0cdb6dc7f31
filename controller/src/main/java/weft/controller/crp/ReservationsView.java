package weft.controller.crp;

import java.util.List;

/**
 * The controller's reservation tables as {@code GET /api/reservations} shows them (docs/openapi.yaml).
 *
 * @param settings   the slot clock and request rules
 * @param totals     counters over every request since start
 * @param tables     one per critical resource, in port order
 * @param liveBookings bookings with a slot to come
 */
public record ReservationsView(Settings settings, Totals totals, List<Table> tables, int liveBookings) {
    public ReservationsView {
        tables = List.copyOf(tables);
    }

    /**
     * @param currentSlot the slot the controller's clock is in
     */
    public record Settings(long slotNanos, int cells, int leadSlots, long headroomPpm, long epsilonPpm, long minBytes,
                           long maxBytes, int outstanding, int maxLivePerPair, long toleranceNanos,
                           long currentSlot) {
    }

    /**
     * @param retryRatio     retries over requests (seed 001 §4 reports the retry probability)
     * @param epsilonBytes   of the reserved bytes, those {@code ε} added (the control overhead §2.5 accounts for)
     * @param grantedBytes   data bytes granted
     * @param chargedBytes   unreserved bytes agents reported and the tables were charged
     */
    public record Totals(long requests, long grants, long retriesDestinationFull, long retriesNoCommonSlot,
                         long refused, long revoked, long grantedBytes, long epsilonBytes, long chargedBytes,
                         double retryRatio) {
    }

    /**
     * One critical resource's table.
     *
     * @param resource  the switch port that drives it ({@code switch:port})
     * @param kind      {@code host}, {@code oversubscribed} or {@code marked}
     * @param peer      the host or link end it leads to
     * @param free      free bytes per cell from {@code baseSlot} on
     * @param occupancy reserved or charged bytes in the window over its capacity, 0..1
     */
    public record Table(String resource, String kind, String peer, double gbps, double oversubscription,
                        long capacityBytes, long baseSlot, long[] free, double occupancy, long requests, long grants,
                        long retriesDestinationFull, long retriesNoCommonSlot, long committedBytes,
                        long epsilonBytes, long chargedBytes, long unchargedBytes, long releasedBytes,
                        int liveBookings) {
    }
}

package weft.controller.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.controller.crp.ReservationsView;

/**
 * The series of CRP's reservation tables (docs/crp.md, {@code --reserve crp}): per critical resource its occupancy,
 * requests, grants, retries by cause, committed and charged bytes; the answers by outcome. Without tables every
 * series is empty.
 */
final class ReservationMeters {
    private final KeyedMeters occupancy;
    private final KeyedMeters requests;
    private final KeyedMeters grants;
    private final KeyedMeters retries;
    private final KeyedMeters committed;
    private final KeyedMeters charged;
    private final KeyedMeters answers;

    ReservationMeters(MeterRegistry r) {
        occupancy = KeyedMeters.gauge(r, "weft.crp.occupancy", "Reserved or charged share of a critical resource's "
                + "reservation window (CRP), 0..1", null);
        requests = KeyedMeters.counter(r, "weft.crp.requests", "Reservation requests whose path held the resource",
                null);
        grants = KeyedMeters.counter(r, "weft.crp.grants", "Reservations granted through the resource", null);
        retries = KeyedMeters.counter(r, "weft.crp.retries", "Requests answered with a retry while the resource was "
                + "on their path, by cause", null);
        committed = KeyedMeters.counter(r, "weft.crp.committed", "Bytes reserved through the resource (epsilon "
                + "included)", "bytes");
        charged = KeyedMeters.counter(r, "weft.crp.charged", "Unreserved bytes charged to the resource", "bytes");
        answers = KeyedMeters.counter(r, "weft.crp.answers", "Answers to reservation requests, by outcome", null);
    }

    List<KeyedMeters> all() {
        return List.of(occupancy, requests, grants, retries, committed, charged, answers);
    }

    /** Brings every series to {@code v}, the tables now (null: none). */
    void update(ReservationsView v) {
        Map<Tags, Double> occ = new HashMap<>();
        Map<Tags, Double> req = new HashMap<>();
        Map<Tags, Double> gr = new HashMap<>();
        Map<Tags, Double> ret = new HashMap<>();
        Map<Tags, Double> com = new HashMap<>();
        Map<Tags, Double> chg = new HashMap<>();
        Map<Tags, Double> ans = new HashMap<>();
        if (v != null) {
            for (ReservationsView.Table t : v.tables()) {
                Tags tags = Tags.of("resource", t.resource(), "kind", t.kind());
                occ.put(tags, t.occupancy());
                req.put(tags, (double) t.requests());
                gr.put(tags, (double) t.grants());
                ret.put(tags.and("cause", "destination-full"), (double) t.retriesDestinationFull());
                ret.put(tags.and("cause", "no-common-slot"), (double) t.retriesNoCommonSlot());
                com.put(tags, (double) t.committedBytes());
                chg.put(tags, (double) t.chargedBytes());
            }
            ReservationsView.Totals s = v.totals();
            ans.put(Tags.of("outcome", "grant"), (double) s.grants());
            ans.put(Tags.of("outcome", "retry"), (double) (s.retriesDestinationFull() + s.retriesNoCommonSlot()));
            ans.put(Tags.of("outcome", "refused"), (double) s.refused());
            ans.put(Tags.of("outcome", "revoked"), (double) s.revoked());
        }
        occupancy.update(occ);
        requests.update(req);
        grants.update(gr);
        retries.update(ret);
        committed.update(com);
        charged.update(chg);
        answers.update(ans);
    }
}

package weft.agent.crp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.crp.ClockOffset;
import weft.model.crp.SlotClock;
import weft.model.crp.SlotSync;
import weft.model.crp.SlotUnits;
import weft.model.crp.VoqReservation;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationBytes;
import weft.model.protocol.SlotBytes;

/**
 * The agent's reservations across its VOQs: the controller's CRP rules ({@code crp}), the clock offset the SNTP
 * watch measured, one {@link VoqReservation} per destination, the controller's answers routed to it by destination
 * address, and the unreserved bytes to charge. Pure: local time is passed in, in the clock the offset was measured
 * on (the agent's pacing clock); the data path's thread drives it, and its per-packet calls ({@link #of}) allocate
 * nothing once a destination's state exists.
 *
 * <p>CRP is on for a destination from the first {@code crp} rules and a clock measurement whose error is within the
 * rules' tolerance; until then, and whenever the clock's error has grown past it, the VOQ sends unreserved at its own
 * rate (and charges nothing: the controller has no rules to charge against before, and after that the VOQ's bytes
 * are charged as any unreserved traffic).
 */
public final class Reservations {
    private long driftPpm;
    private final long packetBytes;
    private ControlMessage.Crp rules;
    private ClockOffset offset;
    private boolean fresh;
    private SlotSync sync;
    private final Map<String, VoqReservation> byDst = new HashMap<>();
    private long nextId = 1;
    private long grantsIgnored;

    /**
     * @param driftPpm    the worst drift of this host's clock against the controller's, parts per million
     * @param packetBytes the largest packet a VOQ sends, in the bytes grants count (requests are whole packets)
     */
    public Reservations(long driftPpm, long packetBytes) {
        if (driftPpm < 0) {
            throw new IllegalArgumentException("crp: clock drift " + driftPpm + " ppm is negative");
        }
        this.driftPpm = driftPpm;
        this.packetBytes = packetBytes;
    }

    /**
     * The controller's rules arrived: CRP is on. Rules that differ from the last ones start every destination
     * afresh (budgets of the old slot clock are dropped).
     */
    public void configure(ControlMessage.Crp crp) {
        if (crp.equals(rules)) {
            return;
        }
        rules = crp;
        byDst.clear();
        resync();
    }

    /** This host's clock drifts at most {@code ppm} against the controller's (the error grows by it). */
    public void drift(long ppm) {
        if (ppm < 0) {
            throw new IllegalArgumentException("crp: clock drift " + ppm + " ppm is negative");
        }
        driftPpm = ppm;
        resync();
    }

    /** The controller's rules, or null while CRP is off. */
    public ControlMessage.Crp rules() {
        return rules;
    }

    /**
     * A new measurement of this host's offset from the controller's clock; the held one stays while its bound, grown
     * by the drift, is still the tighter ({@link ClockOffset#tighter}).
     */
    public void measured(ClockOffset o) {
        offset = offset == null || fresh ? o : offset.tighter(o, driftPpm);
        fresh = false;
        resync();
    }

    private void resync() {
        if (rules == null || offset == null) {
            sync = null;
            return;
        }
        sync = new SlotSync(SlotClock.of(rules.slotNanos()), offset, driftPpm, rules.toleranceNanos());
        for (VoqReservation v : byDst.values()) {
            v.pacer().sync(sync);
        }
    }

    /** Whether reserved data may go at {@code t}: rules known and the clock's error within the tolerance. */
    public boolean active(long t) {
        return sync != null && sync.usableAt(t);
    }

    /**
     * The reservation state of the VOQ towards {@code dstIp}, made on first use; null while
     * CRP is not {@link #active}.
     */
    public VoqReservation of(String dstIp, long t) {
        if (!active(t)) {
            return null;
        }
        VoqReservation v = byDst.get(dstIp);
        if (v == null) {
            v = new VoqReservation(rules.minBytes(), rules.maxBytes(), packetBytes, rules.outstanding(),
                    rules.cells(), sync, nextId);
            nextId += 1L << 32; // each destination numbers its requests in a range of its own
            byDst.put(dstIp, v);
        }
        return v;
    }

    /**
     * The reserve to send for the VOQ towards {@code dstIp} holding {@code backlogBytes}, or null.
     *
     * @param mayGoUnreserved whether the VOQ has a rate of its own ({@link VoqReservation#poll})
     */
    public ControlMessage.Reserve poll(String dstIp, long backlogBytes, long t,
                                       boolean mayGoUnreserved) {
        VoqReservation v = of(dstIp, t);
        if (v == null) {
            return null;
        }
        VoqReservation.Request r = v.poll(backlogBytes, t, mayGoUnreserved);
        return r == null ? null : new ControlMessage.Reserve(r.id(), dstIp, r.bytes(), null);
    }

    /**
     * An answer from the controller ({@code grant}, {@code retry}, {@code refused} or {@code revoke}), routed to
     * its destination's VOQ.
     *
     * @return false when no VOQ was waiting for it (an answer to a request forgotten, or for an unknown destination)
     */
    public boolean onMessage(ControlMessage m, long t) {
        if (m instanceof ControlMessage.Grant g) {
            VoqReservation v = byDst.get(g.dst());
            boolean taken = v != null && v.granted(g.id(), g.booking(), units(g.budget()), t);
            grantsIgnored += taken ? 0 : 1;
            return taken;
        }
        if (m instanceof ControlMessage.Retry r) {
            VoqReservation v = byDst.get(r.dst());
            return v != null && v.retry(r.id(), r.waitNanos(), t);
        }
        if (m instanceof ControlMessage.Refused r) {
            VoqReservation v = r.dst() == null ? null : byDst.get(r.dst());
            return v != null && v.refused(r.id(), t);
        }
        if (m instanceof ControlMessage.Revoke r) {
            VoqReservation v = byDst.get(r.dst());
            if (v != null) {
                v.revoked(r.booking(), units(r.revoked()));
            }
            return v != null;
        }
        return false;
    }

    private static List<SlotUnits> units(List<SlotBytes> budget) {
        List<SlotUnits> out = new ArrayList<>(budget.size());
        for (SlotBytes b : budget) {
            out.add(new SlotUnits(b.slot(), b.bytes()));
        }
        return out;
    }

    /** The unreserved bytes sent per destination since the last call, as a {@code charge}; null when none. */
    public ControlMessage.Charge charges() {
        List<DestinationBytes> lines = new ArrayList<>();
        for (Map.Entry<String, VoqReservation> e : byDst.entrySet()) {
            long bytes = e.getValue().takeCharge();
            if (bytes > 0 && lines.size() < ControlMessage.Charge.MAX_CHARGES) {
                lines.add(new DestinationBytes(e.getKey(), bytes));
            }
        }
        return lines.isEmpty() ? null : new ControlMessage.Charge(lines);
    }

    /** The control session ended: outstanding requests will not be answered. */
    public void sessionLost() {
        byDst.values().forEach(VoqReservation::sessionLost);
        fresh = true; // the next session may be another controller's clock: its first measurement replaces ours
    }

    /** Grants that found no request waiting for them. */
    public long grantsIgnored() {
        return grantsIgnored;
    }

    /** Every destination's state, by destination address (for reports). */
    public Map<String, VoqReservation> destinations() {
        return java.util.Collections.unmodifiableMap(byDst);
    }
}

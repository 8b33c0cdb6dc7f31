package weft.model.crp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;

/**
 * A host's CRP source in the paper's distributed protocol: one flow queue per destination; each flow is segmented
 * ({@link SegmentPlan}), each segment requests a reservation, sends speculatively until its grant or a NACK, then
 * sends what is left at the granted time; retries re-request after the wait their cause calls for.
 *
 * <p>Seed 001 §2.4 (grants and retries, the two waits), §2.5 (segments, {@code ε}, speculative packets, their ACKs
 * and NACKs), §2.6 (randomised retry), §3 (one flow queue per destination, as in InfiniBand). The carrier asks
 * {@link #pull} for the next packet of a destination's queue whenever it may inject one, and tells the source what
 * happened to speculative packets with {@link CrpMessage.Ack} and {@link CrpMessage.Nack}.
 *
 * <p>Decisions where the paper is silent: a segment sends its request when it is among the first
 * {@code outstanding} segments of its queue, and speculates only from then on (SRP's order: request first,
 * speculate while it is in flight; the paper's "NACKs cause the source to ... transmit a reservation request" would
 * leave speculation without the round-trip cover §2.5 gives it as its purpose); a segment stays outstanding from its
 * request until all its data has gone (sent under its grant, or speculatively and acknowledged), as SRP's flow
 * buffers keep one reservation per destination until its flow is sent, so the next segment requests when the carrier
 * has {@link #pull}ed the last of it ({@link #requests}) or its last ACK arrives; a NACK stops a
 * segment's speculation for good and its dropped units go again under the grant; a grant stops speculation;
 * granted or small-flow data goes before speculative data, first-come first-served within each class; a grant for
 * a segment already delivered speculatively is left unused.
 */
public final class CrpSource implements CrpNode {
    private final int host;
    private final CrpParameters params;
    private final IntFunction<ResourcePath> routes;
    private final RandomGenerator random;
    private final Map<Integer, ArrayDeque<Entry>> queues = new HashMap<>();
    private final Map<SegmentId, Entry> entries = new HashMap<>();
    private final EnumMap<RetryCause, Long> retries = new EnumMap<>(RetryCause.class);
    private long requestsSent;
    private long grantsReceived;
    private long stale;
    private long speculativeSent;
    private long speculativeAcked;
    private long speculativeNacked;

    /** What the carrier injects next: {@code units} of {@code segment} in class {@code vc}. */
    public record Transmit(SegmentId segment, CrpClass vc, long units) {
    }

    private static final class Entry {
        final SegmentId id;
        final int destination;
        final boolean reserving;
        final long reserve;
        long unsent;
        long inFlight;
        long resend;
        boolean nacked;
        boolean requested;
        boolean granted;
        long startTick;
        int attempt;
        long requestSentAt;

        Entry(SegmentId id, int destination, boolean reserving, long data, long reserve) {
            this.id = id;
            this.destination = destination;
            this.reserving = reserving;
            this.unsent = data;
            this.reserve = reserve;
        }

        boolean awaitingAnswer() {
            return requested && !granted;
        }

        boolean dataReady(long now) {
            return unsent + resend > 0 && (!reserving || granted && startTick <= now);
        }

        boolean maySpeculate() {
            return awaitingAnswer() && !nacked && unsent > 0;
        }

        boolean done() {
            return unsent == 0 && resend == 0 && inFlight == 0;
        }
    }

    /**
     * @param host   this host's id (the {@code source} of its messages)
     * @param params protocol parameters
     * @param routes the resource path from this host to each destination host
     * @param random randomness for the retry jitter
     */
    public CrpSource(int host, CrpParameters params, IntFunction<ResourcePath> routes, RandomGenerator random) {
        this.host = host;
        this.params = params;
        this.routes = routes;
        this.random = random;
        for (RetryCause c : RetryCause.values()) {
            retries.put(c, 0L);
        }
    }

    public int host() {
        return host;
    }

    /**
     * A new flow (message) of {@code units} data units to {@code destination}: its segments join the
     * destination's queue, and those that may request now do.
     *
     * @param flow the flow's id, unique among this host's flows
     * @return the requests to send
     */
    public List<Outbound> submit(long flow, int destination, long units, long now) {
        if (destination == host) {
            throw new IllegalArgumentException("crp source " + host + ": flow " + flow + " to itself");
        }
        SegmentPlan plan = SegmentPlan.of(units, params);
        ArrayDeque<Entry> q = queues.computeIfAbsent(destination, d -> new ArrayDeque<>());
        int index = 0;
        for (long data : plan.segments()) {
            add(q, new Entry(new SegmentId(flow, index++), destination, true, data, params.inflate(data)));
        }
        if (plan.unreserved() > 0) {
            add(q, new Entry(new SegmentId(flow, index), destination, false, plan.unreserved(), 0));
        }
        return activate(q, now);
    }

    private void add(ArrayDeque<Entry> q, Entry e) {
        if (entries.putIfAbsent(e.id, e) != null) {
            throw new IllegalArgumentException("crp source " + host + ": flow " + e.id.flow() + " already queued");
        }
        q.add(e);
    }

    private List<Outbound> activate(ArrayDeque<Entry> q, long now) {
        int outstanding = 0;
        for (Entry e : q) {
            if (e.requested) {
                outstanding++;
            }
        }
        List<Outbound> out = new ArrayList<>();
        for (Iterator<Entry> it = q.iterator(); it.hasNext() && outstanding < params.outstanding(); ) {
            Entry e = it.next();
            if (e.reserving && !e.requested) {
                e.requested = true;
                out.add(request(e, now));
                outstanding++;
            }
        }
        return out;
    }

    private Outbound request(Entry e, long at) {
        requestsSent++;
        e.requestSentAt = at;
        ResourcePath path = routes.apply(e.destination);
        CrpMessage.Request r = new CrpMessage.Request(e.id, host, path, 0, e.reserve,
                SlotVector.all(params.clock().slotOf(at), params.cells()), List.of(), e.attempt, at);
        return new Outbound(Address.resource(path.get(0)), r, at);
    }

    @Override
    public List<Outbound> onMessage(CrpMessage message, long now) {
        if (message.source() != host) {
            throw new IllegalArgumentException("crp source " + host + ": " + message + " belongs to host "
                    + message.source());
        }
        Entry e = entries.get(message.segment());
        if (message instanceof CrpMessage.Grant g) {
            if (e == null || g.attempt() != e.attempt || !e.awaitingAnswer()) {
                stale++;
                return List.of();
            }
            grantsReceived++;
            e.granted = true;
            e.startTick = g.startTick();
            return activate(queues.get(e.destination), now);
        }
        if (message instanceof CrpMessage.Retry r) {
            if (e == null || r.attempt() != e.attempt || !e.awaitingAnswer()) {
                stale++;
                return List.of();
            }
            retries.merge(r.cause(), 1L, Long::sum);
            long wait = params.retryWait(r.cause(), now - e.requestSentAt, random);
            e.attempt++;
            return List.of(request(e, now + wait));
        }
        if (e == null) {
            throw new IllegalArgumentException("crp source " + host + ": " + message + " for an unknown segment");
        }
        long units = message instanceof CrpMessage.Ack a ? a.units() : ((CrpMessage.Nack) message).units();
        if (units <= 0 || units > e.inFlight) {
            throw new IllegalArgumentException("crp source " + host + ": " + message + " but " + e.inFlight
                    + " units of " + e.id + " are in flight");
        }
        e.inFlight -= units;
        if (message instanceof CrpMessage.Nack) {
            speculativeNacked += units;
            e.resend += units;
            e.nacked = true;
            return List.of();
        }
        speculativeAcked += units;
        if (e.done()) {
            ArrayDeque<Entry> q = queues.get(e.destination);
            q.remove(e);
            entries.remove(e.id);
            return activate(q, now);
        }
        return List.of();
    }

    /**
     * The requests the queue to {@code destination} may send now: a carrier asks after {@link #pull}, whose last
     * packet of a segment lets the next one request.
     */
    public List<Outbound> requests(int destination, long now) {
        ArrayDeque<Entry> q = queues.get(destination);
        return q == null ? List.of() : activate(q, now);
    }

    /**
     * The next packet of the queue to {@code destination}, at most {@code maxUnits}: granted (at or after its
     * time) or small-flow data first, else speculative data; {@code null} when nothing may go now.
     */
    public Transmit pull(int destination, long now, long maxUnits) {
        ArrayDeque<Entry> q = queues.get(destination);
        if (q == null || maxUnits <= 0) {
            return null;
        }
        for (Iterator<Entry> it = q.iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.dataReady(now)) {
                long n = Math.min(maxUnits, e.unsent + e.resend);
                long fromResend = Math.min(n, e.resend);
                e.resend -= fromResend;
                e.unsent -= n - fromResend;
                if (e.done()) {
                    it.remove();
                    entries.remove(e.id);
                }
                return new Transmit(e.id, CrpClass.DATA, n);
            }
        }
        for (Entry e : q) {
            if (e.maySpeculate()) {
                long n = Math.min(maxUnits, e.unsent);
                e.unsent -= n;
                e.inFlight += n;
                speculativeSent += n;
                return new Transmit(e.id, CrpClass.SPECULATIVE, n);
            }
        }
        return null;
    }

    /**
     * The class of the packet {@link #pull} would return now for {@code destination} ({@link CrpClass#DATA} or
     * {@link CrpClass#SPECULATIVE}), without taking it; {@code null} when nothing may go. A carrier asks first when
     * each class has its own room downstream.
     */
    public CrpClass peek(int destination, long now) {
        ArrayDeque<Entry> q = queues.get(destination);
        if (q == null) {
            return null;
        }
        CrpClass found = null;
        for (Entry e : q) {
            if (e.dataReady(now)) {
                return CrpClass.DATA;
            }
            if (found == null && e.maySpeculate()) {
                found = CrpClass.SPECULATIVE;
            }
        }
        return found;
    }

    /** The earliest tick at or after {@code now} when {@link #pull} may return a packet for {@code destination}. */
    public long readyAt(int destination, long now) {
        ArrayDeque<Entry> q = queues.get(destination);
        long at = Long.MAX_VALUE;
        if (q != null) {
            for (Entry e : q) {
                if (e.maySpeculate() || e.dataReady(now)) {
                    return now;
                }
                if (e.reserving && e.granted && e.unsent + e.resend > 0) {
                    at = Math.min(at, e.startTick);
                }
            }
        }
        return at;
    }

    /** Units still to be sent or acknowledged towards {@code destination}. */
    public long backlog(int destination) {
        long sum = 0;
        for (Entry e : queues.getOrDefault(destination, new ArrayDeque<>())) {
            sum += e.unsent + e.resend + e.inFlight;
        }
        return sum;
    }

    public long requestsSent() {
        return requestsSent;
    }

    public long grantsReceived() {
        return grantsReceived;
    }

    public long retriesReceived(RetryCause cause) {
        return retries.get(cause);
    }

    /** Grants and retries that arrived for a segment no longer waiting for them. */
    public long staleResponses() {
        return stale;
    }

    public long speculativeSent() {
        return speculativeSent;
    }

    public long speculativeAcked() {
        return speculativeAcked;
    }

    public long speculativeNacked() {
        return speculativeNacked;
    }
}

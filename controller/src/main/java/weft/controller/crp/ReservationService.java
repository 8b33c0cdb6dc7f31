package weft.controller.crp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import weft.model.crp.Booking;
import weft.model.crp.CentralReservations;
import weft.model.crp.CriticalResources;
import weft.model.crp.CrpParameters;
import weft.model.crp.Decision;
import weft.model.crp.EgressPort;
import weft.model.crp.RequestProblem;
import weft.model.crp.ReserveRequest;
import weft.model.crp.ResourceSnapshot;
import weft.model.crp.RetryCause;
import weft.model.crp.Revocation;
import weft.model.crp.SlotClock;
import weft.model.crp.SlotSplit;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationBytes;
import weft.model.protocol.SlotBytes;
import weft.model.topology.Host;
import weft.model.topology.Topology;

/**
 * The controller's reservation tables, as a state machine: one table per critical resource of the routed fabric
 * ({@link CriticalResources}), the agents' {@code reserve}s answered with a {@code grant}, {@code retry} or
 * {@code refused}, unreserved traffic charged, bookings revoked when a link fails or the routes change, and a view
 * of every table for the REST API. It owns no thread, socket or clock: every call takes the controller's time
 * ({@code now}, Unix-epoch nanoseconds, the slots' time base) and returns what to send; one thread drives it.
 *
 * <p>Source: seed 001 §2 in the central form ({@link CentralReservations}: every resource of a path checked and
 * committed at once). A host pair's request is checked on the critical channels of its path and its destination's
 * switch port, the same split taken at each. What it adds (docs/crp.md, the live form): the critical set and each
 * pair's path follow the routes; requests are checked and bounded (a refusal names the problem and changes no table;
 * a source holds at most {@link ReservationOptions#maxLivePerPair} live bookings towards one destination); a failed
 * link withdraws the bookings through either of its directions and grants nothing over it until the routes change
 * (a request whose path crosses it is answered {@code retry}, cause {@code link-down}), and a route change withdraws
 * the bookings whose path it changed.
 *
 * <p>One class although long: every call changes the central tables, the owners of their bookings and the live
 * count per pair together (a grant, a revocation, a purge, a restore), and the view reads all three; split, each part
 * would need the others' private state. The CRP rules live in the model ({@link CentralReservations}); the state
 * store's part is {@link KeptBookings}.
 */
public final class ReservationService {
    /** A message for the agent of {@code host}. */
    public record Delivery(String host, ControlMessage message) {
    }

    /** What a change of the fabric did: the revocations to send, and the agents' new CRP rules if they changed. */
    public record FabricUpdate(List<Delivery> revocations, ControlMessage.Crp configOrNull) {
        public FabricUpdate {
            revocations = List.copyOf(revocations);
        }
    }

    /**
     * A live booking with its owner, as the REST API shows it and a state store keeps it.
     *
     * @param resources the path's critical resources, the destination last ({@code switch:port})
     */
    public record LiveBooking(long id, String src, String dst, String dstIp, List<String> resources, long slot,
                              long firstBytes, long secondBytes, long dataBytes) {
        public LiveBooking {
            resources = List.copyOf(resources);
        }
    }

    private record Owner(String src, String dst, String dstIp, long flow, Booking<EgressPort> booking) {
        long lastSlot() {
            return booking.lastSlot();
        }
    }

    private final ReservationOptions options;
    private final RandomGenerator random;
    private final CentralReservations<EgressPort> central;
    private final SlotClock clock;
    private CriticalResources critical;
    private ControlMessage.Crp config;
    private final Map<String, Long> flowIds = new HashMap<>();
    private final Map<Long, Owner> owners = new LinkedHashMap<>();
    private final Map<Long, Integer> livePerFlow = new HashMap<>();
    /** Link ends reported down since the routes last changed: no grant crosses them. */
    private final Set<EgressPort> down = new HashSet<>();
    private long ownersSlot = Long.MIN_VALUE;
    private final AnswerCounters counters = new AnswerCounters();

    /**
     * @param random draws the retry jitter (seed 001 §2.6); seeded by the caller
     */
    public ReservationService(ReservationOptions options, RandomGenerator random) {
        this.options = options;
        this.random = random;
        this.clock = SlotClock.of(options.slotNanos());
        // the tables check each request against two cells of every resource; N_max, which follows the slowest
        // resource of the current fabric, is checked here, so the parameters' own N_max is out of the way
        long big = 1L << 40;
        CrpParameters params = new CrpParameters(options.cells(), big, clock, 1, big, options.epsilonPpm(), 0, 0,
                options.retryNanos(), options.retryNanos(), false, options.outstanding(), 0, 0);
        this.central = new CentralReservations<>(params, options.leadSlots());
    }

    public ReservationOptions options() {
        return options;
    }

    /** The rules agents are told ({@code crp}), or null before a fabric with hosts is known. */
    public ControlMessage.Crp config() {
        return config;
    }

    /** Bytes a slot of a resource of {@code gbps} holds: {@code rate·L·(1 − headroom)}. */
    public long capacity(double gbps) {
        double bytes = gbps * options.slotNanos() / 8.0 * (1_000_000 - options.headroomPpm()) / 1_000_000.0;
        return Math.max(1, (long) Math.floor(bytes));
    }

    // ---- fabric ---------------------------------------------------------------------------------------------

    /**
     * The routes changed (or were computed for the first time) on {@code topology}: tables are added for new
     * critical resources and dropped for those no longer critical, and every booking whose path changed is revoked.
     */
    public FabricUpdate fabric(Topology topology, CriticalResources.PairChannels paths, long now) {
        CriticalResources next = CriticalResources.select(topology, paths, options.marked());
        List<Delivery> out = new ArrayList<>();
        for (EgressPort p : central.resources()) {
            CriticalResources.Resource r = next.resources().get(p);
            if (r == null || capacity(r.gbps()) != central.snapshot(p, now).capacity()) {
                notify(central.removeResource(p, now), out);
            }
        }
        for (CriticalResources.Resource r : next.resources().values()) {
            if (!central.hasResource(r.port())) {
                central.addResource(r.port(), capacity(r.gbps()), now);
            }
        }
        critical = next;
        down.clear();
        purge(now);
        for (Map.Entry<Long, Owner> e : new ArrayList<>(owners.entrySet())) {
            Owner o = e.getValue();
            Host s = next.hostById(o.src());
            Host d = next.hostByIp(o.dstIp());
            List<EgressPort> path = s == null || d == null ? null : path(next, s, d);
            if (path == null || !path.equals(o.booking().resources())) {
                Revocation r = central.revokeBooking(e.getKey(), now);
                if (r != null) {
                    notify(List.of(r), out);
                }
            }
        }
        ControlMessage.Crp before = config;
        config = rules(next);
        return new FabricUpdate(out, config != null && !config.equals(before) ? config : null);
    }

    /** The pair's critical channels then its destination, or null without a route. */
    private static List<EgressPort> path(CriticalResources c, Host src, Host dst) {
        List<EgressPort> channels = c.channels(src, dst);
        if (channels == null) {
            return null;
        }
        List<EgressPort> p = new ArrayList<>(channels);
        p.add(CriticalResources.destination(dst));
        return p;
    }

    private ControlMessage.Crp rules(CriticalResources c) {
        if (c.resources().isEmpty()) {
            return null;
        }
        long max = options.maxBytes();
        if (max == 0) {
            max = Long.MAX_VALUE;
            for (CriticalResources.Resource r : c.resources().values()) {
                max = Math.min(max, capacity(r.gbps()));
            }
        }
        long min = options.minBytes() > 0 ? options.minBytes() : Math.max(1, max / 4);
        return new ControlMessage.Crp(options.slotNanos(), options.cells(), Math.min(min, max), max,
                options.outstanding(), options.toleranceNanos(), options.sntpPort());
    }

    /**
     * A switch port went down: the bookings through it and through the other direction of its link are revoked
     * (their slots to come are given back at every resource of their paths). The tables stay until the routes
     * change; until then a request whose path crosses a failed link is answered {@code retry} (the routes that
     * follow the failure take it elsewhere), so nothing is granted on a dead link in between. A host port that
     * goes down keeps its table open: no route change follows it, and its host may come back.
     */
    public List<Delivery> portDown(EgressPort port, long now) {
        List<Delivery> out = new ArrayList<>();
        if (critical == null) {
            return out;
        }
        purge(now);
        EgressPort peer = critical.peerOf(port);
        if (peer != null) {
            down.add(port);
            down.add(peer);
        }
        for (EgressPort p : new EgressPort[] {port, peer}) {
            if (p != null && central.hasResource(p)) {
                notify(central.revoke(p, now), out);
            }
        }
        return out;
    }

    private void notify(List<Revocation> revoked, List<Delivery> out) {
        for (Revocation r : revoked) {
            Owner o = owners.remove(r.booking());
            if (o == null) {
                continue;
            }
            livePerFlow.merge(o.flow(), -1, Integer::sum);
            counters.revoked();
            if (!r.revoked().isEmpty()) {
                out.add(new Delivery(o.src(), new ControlMessage.Revoke(r.booking(), o.dstIp(),
                        r.revoked().stream().map(u -> new SlotBytes(u.slot(), u.units())).toList())));
            }
        }
    }

    /** Forgets owners whose bookings have no slot left. */
    private void purge(long now) {
        long slot = clock.slotOf(now);
        if (slot <= ownersSlot) {
            return;
        }
        ownersSlot = slot;
        for (Iterator<Map.Entry<Long, Owner>> it = owners.entrySet().iterator(); it.hasNext(); ) {
            Owner o = it.next().getValue();
            if (o.lastSlot() < slot) {
                it.remove();
                livePerFlow.merge(o.flow(), -1, Integer::sum);
            }
        }
    }

    // ---- agents ---------------------------------------------------------------------------------------------

    /**
     * Answers {@code r} from the agent of {@code src} (an authenticated session): a {@code grant}, a {@code retry}
     * with the time to wait, or a {@code refused} naming the problem, which changes no table.
     */
    public ControlMessage reserve(String src, ControlMessage.Reserve r, long now) {
        counters.requested();
        String who = "reserve " + r.id() + " from " + src + " to " + r.dst() + ": ";
        if (critical == null || config == null) {
            return refuse(r, "not-ready", who + "the controller has no routes yet");
        }
        purge(now);
        Host s = critical.hostById(src);
        Host d = critical.hostByIp(r.dst());
        if (s == null) {
            return refuse(r, "unknown-source", who + "host " + src + " is not in the routed topology");
        }
        if (d == null) {
            return refuse(r, "unknown-destination", who + "no host of the routed topology has address " + r.dst());
        }
        if (d.id().equals(src)) {
            return refuse(r, "same-host", who + "the destination is the source");
        }
        if (r.bytes() <= 0) {
            return refuse(r, "non-positive-bytes", who + r.bytes() + " bytes, expected > 0");
        }
        if (r.bytes() > config.maxBytes()) {
            return refuse(r, "too-large", who + r.bytes() + " bytes, more than N_max " + config.maxBytes()
                    + " (ask in parts)");
        }
        List<EgressPort> path = path(critical, s, d);
        if (path == null) {
            return refuse(r, "no-route", who + "the routes have no path from " + src + " to " + d.id());
        }
        long flow = flowIds.computeIfAbsent(src + "\u0000" + d.id(), k -> (long) flowIds.size() + 1);
        int live = livePerFlow.getOrDefault(flow, 0);
        if (live >= options.maxLivePerPair()) {
            return refuse(r, "too-many", who + src + " holds " + live + " live bookings towards " + d.id()
                    + ", at most " + options.maxLivePerPair());
        }
        if (path.stream().anyMatch(down::contains)) {
            // no slot of a dead channel is common to the path; the routes that follow the failure come within
            // about a window, so the wait is a destination-full one (seed 001 §2.6), not the short jittered one
            counters.retried(RetryCause.NO_COMMON_SLOT);
            return new ControlMessage.Retry(r.id(), r.dst(), "link-down", central.params().retryWait(
                    RetryCause.DESTINATION_FULL, options.rttNanos(), random));
        }
        List<EgressPort> channels = path.subList(0, path.size() - 1);
        long notBefore = r.notBefore() == null ? ReserveRequest.ASAP : r.notBefore();
        Decision decision = central.reserve(new ReserveRequest<>(flow, path.get(path.size() - 1), List.of(channels),
                r.bytes(), notBefore), now);
        if (decision instanceof Decision.Refused f) {
            return refuse(r, wire(f.problem()), who + f.message());
        }
        if (decision instanceof Decision.Retry t) {
            counters.retried(t.cause());
            long wait = central.params().retryWait(t.cause(), options.rttNanos(), random);
            return new ControlMessage.Retry(r.id(), r.dst(), t.cause().name().toLowerCase(Locale.ROOT).replace('_',
                    '-'), wait);
        }
        @SuppressWarnings("unchecked")
        Booking<EgressPort> b = ((Decision.Granted<EgressPort>) decision).booking();
        counters.granted(b.dataUnits());
        owners.put(b.id(), new Owner(src, d.id(), r.dst(), flow, b));
        livePerFlow.merge(flow, 1, Integer::sum);
        return new ControlMessage.Grant(r.id(), r.dst(), b.id(),
                b.budget().stream().map(u -> new SlotBytes(u.slot(), u.units())).toList());
    }

    private ControlMessage.Refused refuse(ControlMessage.Reserve r, String problem, String message) {
        counters.refused();
        return new ControlMessage.Refused(r.id(), r.dst(), problem, message);
    }

    private static String wire(RequestProblem p) {
        return switch (p) {
            case NON_POSITIVE_UNITS -> "non-positive-bytes";
            default -> p.name().toLowerCase(Locale.ROOT).replace('_', '-');
        };
    }

    /**
     * Charges the unreserved bytes {@code src} reports to the resources of each destination's path (seed 001 §2.5).
     *
     * @return null when every line was charged, else an {@code error} naming the lines that were not (the others
     *         are charged)
     */
    public ControlMessage charge(String src, ControlMessage.Charge c, long now) {
        List<String> bad = new ArrayList<>();
        Host s = critical == null ? null : critical.hostById(src);
        for (DestinationBytes line : c.charges()) {
            Host d = critical == null ? null : critical.hostByIp(line.dst());
            List<EgressPort> path = s == null || d == null || d == s ? null : path(critical, s, d);
            if (path == null) {
                bad.add(line.dst());
                continue;
            }
            central.chargeUnreserved(path, line.bytes(), now);
            counters.charged(line.bytes());
        }
        return bad.isEmpty() ? null : new ControlMessage.Error("charge from " + src + ": no path to " + bad
                + " (not charged; the other lines were)");
    }

    // ---- views ----------------------------------------------------------------------------------------------

    /** Every table and the totals, at {@code now}. */
    public ReservationsView view(long now) {
        purge(now);
        List<ReservationsView.Table> tables = new ArrayList<>();
        long epsilon = 0;
        if (critical != null) {
            for (EgressPort p : central.resources()) {
                ResourceSnapshot<EgressPort> s = central.snapshot(p, now);
                CriticalResources.Resource r = critical.resources().get(p);
                epsilon += s.epsilonUnits();
                tables.add(new ReservationsView.Table(p.toString(), r.kind().name().toLowerCase(Locale.ROOT),
                        r.peer(), r.gbps(), r.oversubscription(), s.capacity(), s.baseSlot(), s.free(),
                        s.occupancy(), s.requests(), s.grants(), s.retriesFull(), s.retriesNoSlot(),
                        s.committedUnits(), s.epsilonUnits(), s.chargedUnits(), s.unchargedUnits(),
                        s.releasedUnits(), s.liveBookings()));
            }
        }
        ReservationOptions o = options;
        return new ReservationsView(new ReservationsView.Settings(o.slotNanos(), o.cells(), o.leadSlots(),
                o.headroomPpm(), o.epsilonPpm(), config == null ? 0 : config.minBytes(),
                config == null ? 0 : config.maxBytes(), o.outstanding(), o.maxLivePerPair(), o.toleranceNanos(),
                clock.slotOf(now)),
                counters.totals(epsilon), tables, owners.size());
    }

    /** Every live booking with its owner (for a state store, and the REST API), oldest first. */
    public List<LiveBooking> bookings(long now) {
        purge(now);
        List<LiveBooking> out = new ArrayList<>(owners.size());
        for (Owner o : owners.values()) {
            Booking<EgressPort> b = o.booking();
            out.add(new LiveBooking(b.id(), o.src(), o.dst(), o.dstIp(),
                    b.resources().stream().map(EgressPort::toString).toList(), b.reserved().slot(),
                    b.reserved().first(), b.reserved().second(), b.dataUnits()));
        }
        return out;
    }

    /**
     * Takes back bookings another controller made (read from a state store after a failover), each into the tables
     * of its path; those whose slots have passed are skipped.
     *
     * @return the problems of the bookings that could not be restored (the others are)
     */
    public List<String> restore(List<LiveBooking> live, long now) {
        List<String> problems = new ArrayList<>();
        if (critical == null) {
            problems.add("restore: the controller has no routes yet");
            return problems;
        }
        purge(now);
        for (LiveBooking l : live) {
            try {
                Host d = critical.hostByIp(l.dstIp());
                if (d == null || critical.hostById(l.src()) == null) {
                    throw new IllegalArgumentException("booking " + l.id() + ": " + l.src() + " or " + l.dstIp()
                            + " is not in the routed topology");
                }
                long flow = flowIds.computeIfAbsent(l.src() + "\u0000" + d.id(), k -> (long) flowIds.size() + 1);
                List<EgressPort> resources = l.resources().stream().map(EgressPort::parse).toList();
                Booking<EgressPort> b = new Booking<>(l.id(), flow, resources,
                        new SlotSplit(l.slot(), l.firstBytes(), l.secondBytes()), l.dataBytes(), 0);
                if (central.restore(b, now)) {
                    owners.put(l.id(), new Owner(l.src(), d.id(), l.dstIp(), flow, b));
                    livePerFlow.merge(flow, 1, Integer::sum);
                }
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    /**
     * Withdraws booking {@code id} without telling its owner: a grant that was never sent (the cluster could not
     * keep it), or this controller's own bookings replaced by those the cluster kept when it takes over.
     */
    public void cancel(long id, long now) {
        Owner o = owners.remove(id);
        if (o != null) {
            central.revokeBooking(id, now);
            livePerFlow.merge(o.flow(), -1, Integer::sum);
        }
    }

    /** Whether the tables follow a fabric yet (a {@code reserve} before that is refused as not ready). */
    public boolean ready() {
        return critical != null;
    }

    /** The critical resources of the current fabric (empty before the first routes). */
    public Set<EgressPort> resources() {
        return critical == null ? Set.of() : critical.resources().keySet();
    }
}

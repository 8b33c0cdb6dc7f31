package weft.controller.agentlink;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import weft.controller.crp.KeptBookings;
import weft.controller.crp.ReservationService;
import weft.controller.crp.ReservationsView;
import weft.model.crp.EgressPort;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.Printable;
import weft.model.routing.ForwardingTable;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * The controller's reservation tables ({@link ReservationService}) as the agent registry drives them
 * ({@code weft controller run --reserve crp}): on the registry's thread and clock, with the fabric's current
 * topology and routes, whose pairs' paths are every branch {@link FabricPaths#branches} finds. It answers the
 * registered agents' {@code reserve} and {@code charge} lines on their sessions, sends the rules to every agent that
 * registers and revocations to the owner's session ({@link #OFF}: the controller keeps no tables, and says so).
 *
 * <p>Time: the registry's clock is monotonic; the tables count slots of the controller's Unix-epoch time, which is
 * the same reading shifted by a constant fixed when the controller started ({@code epochOffsetNanos}), so a step of
 * the wall clock while the controller runs moves no slot. The controller's SNTP server answers with that same time.
 *
 * <p>In a cluster ({@link #cluster}) the master keeps its bookings in the cluster's state ({@link KeptBookings})
 * before it sends a grant: a grant that cannot be kept is withdrawn and refused ({@code not-kept}), so no agent holds
 * a grant the next master does not know. A new master ({@link #takeOver}) drops its own tables' bookings and takes
 * the kept ones before it answers the next {@code reserve} (once it has routes): a slot granted by the old master is
 * never granted twice.
 */
public final class RegistryReservations {
    /** No tables: a {@code reserve} is refused by name, a {@code charge} ignored. */
    static final RegistryReservations OFF = new RegistryReservations(null, null, null, 0);

    private final ReservationService service;
    private final Supplier<Topology> topology;
    private final Supplier<RoutingResult> routes;
    private final long epochOffset;
    /** The registry's live sessions by host (read only). */
    private Map<String, Long> live = Map.of();
    /** Where the bookings are kept in a cluster, or null. */
    private KeptBookings kept;
    /** A takeover whose kept bookings are not restored yet (the tables had no routes). */
    private boolean restorePending;

    /**
     * @param epochOffsetNanos Unix-epoch nanoseconds minus the registry's clock
     */
    public RegistryReservations(ReservationService service, Supplier<Topology> topology,
                                Supplier<RoutingResult> routes, long epochOffsetNanos) {
        this.service = service;
        this.topology = topology;
        this.routes = routes;
        this.epochOffset = epochOffsetNanos;
    }

    /** Where the registry's sessions are (a read-only view of its map of live hosts). */
    void sessions(Map<String, Long> liveSessions) {
        this.live = liveSessions;
    }

    /** Joins a cluster: bookings are kept in its state from now on (null: not clustered). */
    void cluster(AgentCluster c) {
        kept = service == null || c == null || c.store() == null ? null : new KeptBookings(c.store());
    }

    /** This controller became master: the bookings the cluster kept replace its own before the next reserve. */
    void takeOver(long nowNanos, Outbox out) {
        restorePending = kept != null;
        restore(nowNanos, out);
    }

    private void restore(long nowNanos, Outbox out) {
        if (!restorePending || !service.ready()) {
            return;
        }
        restorePending = false;
        long now = epoch(nowNanos);
        try {
            List<ReservationService.LiveBooking> found = kept.read();
            service.bookings(now).forEach(b -> service.cancel(b.id(), now));
            List<String> problems = service.restore(found, now);
            problems.forEach(p -> out.warn("takeover: kept reservation not restored: " + p));
            out.info("takeover: " + (found.size() - problems.size()) + " of " + found.size()
                    + " kept reservations restored (those whose slots passed are dropped)");
            keep(nowNanos, out);
        } catch (RuntimeException e) {
            out.warn("takeover: cannot read the reservations the cluster kept: " + e.getMessage());
        }
    }

    /** Keeps the live bookings in the cluster; false (and a warning) when the store refuses. */
    private boolean keep(long nowNanos, Outbox out) {
        if (kept == null) {
            return true;
        }
        try {
            kept.keep(service.bookings(epoch(nowNanos)));
            return true;
        } catch (RuntimeException e) {
            out.warn("reservations not kept in the cluster's state: " + e.getMessage());
            return false;
        }
    }

    private long epoch(long nowNanos) {
        return nowNanos + epochOffset;
    }

    /** A {@code reserve} or {@code charge} of registered {@code host} on {@code session}. */
    void received(long session, String host, ControlMessage m, long nowNanos, Outbox out) {
        if (m instanceof ControlMessage.Reserve r && service == null) {
            out.send(session, new ControlMessage.Refused(r.id(), r.dst(), "off", "reserve " + r.id()
                    + ": the controller keeps no reservation tables (no --reserve crp)"));
        } else if (m instanceof ControlMessage.Reserve r) {
            restore(nowNanos, out);
            ControlMessage answer = service.reserve(host, r, epoch(nowNanos));
            if (answer instanceof ControlMessage.Grant g && !keep(nowNanos, out)) {
                service.cancel(g.booking(), epoch(nowNanos));
                answer = new ControlMessage.Refused(r.id(), r.dst(), "not-kept", "reserve " + r.id()
                        + ": the cluster's state could not keep the grant (withdrawn; ask again)");
            }
            out.send(session, answer);
        } else if (m instanceof ControlMessage.Charge c && service != null) {
            ControlMessage problem = service.charge(host, c, epoch(nowNanos));
            if (problem != null) {
                out.send(session, problem);
            }
        }
    }

    /** {@code session} registered: it gets the rules, once the tables have them. */
    void registered(long session, Outbox out) {
        if (service != null && service.config() != null) {
            out.send(session, service.config());
        }
    }

    /**
     * The routes changed: the tables follow the fabric (bookings whose path changed are revoked, new rules go to
     * every agent); nothing before the first routes.
     */
    RegistryActions routesChanged(long nowNanos) {
        Topology t = service == null ? null : topology.get();
        RoutingResult r = service == null ? null : routes.get();
        if (t == null || r == null) {
            return RegistryActions.NONE;
        }
        ForwardingTable table = ForwardingTable.of(t, r, problem -> { });
        ReservationService.FabricUpdate u = service.fabric(t, (s, d) -> FabricPaths.branches(table, s, d),
                epoch(nowNanos));
        Outbox out = new Outbox();
        deliver(u.revocations(), out);
        restore(nowNanos, out);
        if (!u.revocations().isEmpty()) {
            keep(nowNanos, out);
        }
        if (u.configOrNull() != null) {
            live.values().forEach(session -> out.send(session, u.configOrNull()));
            out.info("reservations: " + u.configOrNull());
        }
        return out.done();
    }

    /**
     * A switch port went down: the reservations through it and the other direction of its link are revoked and
     * their agents told (seed 001 in the live form: docs/crp.md).
     */
    RegistryActions portDown(String switchId, int port, long nowNanos) {
        if (service == null) {
            return RegistryActions.NONE;
        }
        List<ReservationService.Delivery> revoked = service.portDown(new EgressPort(switchId, port),
                epoch(nowNanos));
        Outbox out = new Outbox();
        deliver(revoked, out);
        if (!revoked.isEmpty()) {
            keep(nowNanos, out);
            out.info("reservations: " + Printable.of(switchId) + ":" + port + " down, " + revoked.size()
                    + " revoked");
        }
        return out.done();
    }

    private void deliver(List<ReservationService.Delivery> deliveries, Outbox out) {
        for (ReservationService.Delivery d : deliveries) {
            Long session = live.get(d.host());
            if (session != null) {
                out.send(session, d.message());
            }
        }
    }

    /** The tables, or null without them. */
    ReservationsView view(long nowNanos) {
        return service == null ? null : service.view(epoch(nowNanos));
    }

    /** The live reservations with their owners, empty without tables. */
    List<ReservationService.LiveBooking> bookings(long nowNanos) {
        return service == null ? List.of() : service.bookings(epoch(nowNanos));
    }
}

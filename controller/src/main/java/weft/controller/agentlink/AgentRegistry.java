package weft.controller.agentlink;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import weft.controller.ha.HandSetRate;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.PathSpec;
import weft.model.protocol.Printable;
import weft.model.protocol.VoqReport;
import weft.model.rate.RateAllocator;
import weft.model.routing.RoutingResult;
import weft.model.topology.Topology;

/**
 * The agent registry as a state machine (the valve style: every input comes with the time, every call returns the
 * {@link RegistryActions} to carry out): it authenticates sessions with the shared {@link AgentToken}, remembers each
 * host's registration, the rates set for it by hand and the flows it reports, and pushes per destination the rate and
 * the paths ({@link PathProvider}) the fabric's routes allow. With an {@link Allocator} it computes the rates of the
 * reported flows ({@link weft.model.rate.OnlineAllocation}) and recomputes when flows come or go and when the
 * routes change; agents get their new paths on every route change either way. It owns no thread, socket or clock:
 * {@link AgentLinkServer} moves the bytes and the time and runs every call on one thread.
 *
 * <p>Precedence: a rate set by hand ({@code weft rates set}) wins for its pair, whatever the allocator says; the
 * allocator shares what that rate leaves. Rates are pushed as changes ({@code replace = false}); a pair that loses its
 * rate (its flow ended) is pushed at 0 bit/s, so VOQs the controller never named are left alone.
 *
 * <p>Decision (restart safety): the controller keeps rates in memory only; after a controller restart an agent's first
 * report carries the rates it is still enforcing, each with its policy and whether it was set by hand, and the registry
 * adopts as hand-set the rates it has none for: all of them without an allocator, the hand-set ones with one (the
 * flows' next report recomputes the allocated ones). So a restarted controller ends in the same rates without a
 * database. Rates set while an agent is away are pushed when it registers.
 *
 * <p>Bounds (every input is the network's): a session must authenticate ({@code register} or an admin {@code set-rate}
 * with the token) in time and in few lines, a wrong token ends it and counts against its address ({@link
 * AgentSessions}); at most {@link AgentLinkLimits#maxAgents} hosts register, each with a registration {@link
 * RegistrationCheck} accepts and an address no other host holds. Text a peer chose reaches the notes only through
 * {@link Printable}; tokens never.
 */
public final class AgentRegistry {
    /**
     * Where allocated rates come from.
     *
     * @param allocator the model allocator
     * @param topology  the topology the current routes were computed on
     * @param routes    the current routes
     */
    public record Allocator(RateAllocator allocator, Supplier<Topology> topology, Supplier<RoutingResult> routes) {
    }

    private final AgentToken token;
    private final RegistrationCheck check;
    private final Consumer<ControlMessage.Register> onRegister;
    private final AgentLinkLimits limits;
    private final AgentSessions sessions;
    /** Connected hosts and their sessions. */
    private final Map<String, Long> live = new HashMap<>();
    private final RateBook book;
    private final AdminRateLines adminRates;
    private long registrations;
    /** The HA cluster this registry is part of, or null for a single controller. */
    private AgentCluster cluster;
    /** The reservation tables ({@code --reserve crp}). */
    private RegistryReservations reservations = RegistryReservations.OFF;

    /**
     * @param allocatorOrNull rates for reported flows, or null for hand-set rates only
     * @param check           what a registration must pass (e.g. {@link RegistrationCheck#syntax} and the fabric's
     *                        hosts)
     * @param onRegister      told of every accepted registration, e.g. to tell the fabric service where the host
     *                        is attached; a RuntimeException it throws is noted and the registration stands
     */
    public AgentRegistry(AgentToken token, PathProvider paths, Allocator allocatorOrNull, RegistrationCheck check,
                         Consumer<ControlMessage.Register> onRegister, AgentLinkLimits limits) {
        this.token = Objects.requireNonNull(token, "token");
        this.check = Objects.requireNonNull(check, "check");
        this.onRegister = Objects.requireNonNull(onRegister, "onRegister");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.sessions = new AgentSessions(limits);
        this.book = new RateBook(Objects.requireNonNull(paths, "paths"), allocatorOrNull, live);
        this.adminRates = new AdminRateLines(token, sessions, book, java.util.Collections.unmodifiableMap(live));
    }

    // ---- sessions -------------------------------------------------------------------------------------------

    /** A connection from {@code address:port} opened as {@code session}. */
    public RegistryActions connected(long session, String address, int port, long nowNanos) {
        Outbox out = new Outbox();
        sessions.open(session, address, port, nowNanos, out);
        return out.done();
    }

    /** A line of {@code session} that decoded to {@code m}. */
    public RegistryActions received(long session, ControlMessage m, long nowNanos) {
        return line(session, nowNanos, (s, out) -> dispatch(session, s, m, nowNanos, out));
    }

    /** A line of {@code session} that did not decode ({@code problem} says why); it is answered and skipped. */
    public RegistryActions malformed(long session, String problem, long nowNanos) {
        return line(session, nowNanos, (s, out) -> refuse(session, s, problem, out));
    }

    /**
     * A line of {@code session}: the session is looked up (which counts the line as its latest sign of life) and
     * the line handled; a line of a session that is gone or closing changes nothing.
     */
    private RegistryActions line(long session, long nowNanos, BiConsumer<AgentSessions.Session, Outbox> handle) {
        AgentSessions.Session s = sessions.read(session, nowNanos);
        if (s == null) {
            return RegistryActions.NONE;
        }
        Outbox out = new Outbox();
        handle.accept(s, out);
        return out.done();
    }

    private void dispatch(long session, AgentSessions.Session s, ControlMessage m, long nowNanos, Outbox out) {
        if (m instanceof ControlMessage.Register r) {
            onRegister(s, r, nowNanos, out);
        } else if (m instanceof ControlMessage.SetRate r) {
            adminRates.received(s, r, nowNanos, out);
        } else if (s.host == null) {
            refuse(session, s, "agent link: '" + m.type() + "' before 'register'; send register with the shared "
                    + "token first", out);
        } else if (m instanceof ControlMessage.Report r) {
            book.report(s.host, r.voqs(), nowNanos, out);
        } else if (m instanceof ControlMessage.Flows f) {
            book.flows(s.host, f, out);
        } else if (m instanceof ControlMessage.Reserve || m instanceof ControlMessage.Charge) {
            reservations.received(session, s.host, m, nowNanos, out);
        } else if (m instanceof ControlMessage.Error e) {
            out.warn("agent " + Printable.of(s.host) + ": " + Printable.of(e.message()));
        } else {
            out.send(session, new ControlMessage.Error("agent link: unexpected type '" + m.type()
                    + "' from an agent"));
        }
    }

    /**
     * A line the registry cannot use: it counts against a session that has not registered yet (which may close
     * it), and is answered with {@code error} unless the session is closing.
     */
    private void refuse(long session, AgentSessions.Session s, String error, Outbox out) {
        sessions.lineBeforeAuth(s, out);
        if (!s.closing) {
            out.send(session, new ControlMessage.Error(error));
        }
    }

    /** {@code session}'s connection has closed. */
    public RegistryActions disconnected(long session, long nowNanos) {
        AgentSessions.Session s = sessions.closed(session);
        Outbox out = new Outbox();
        if (s != null && s.host != null && live.remove(s.host, session)) {
            out.info("agent " + Printable.of(s.host) + " disconnected (" + s.peer + ")");
        }
        return out.done();
    }

    /** Closes sessions that did not authenticate in time and authenticated ones that went silent. */
    public RegistryActions tick(long nowNanos) {
        Outbox out = new Outbox();
        sessions.tick(nowNanos, out);
        return out.done();
    }

    private void onRegister(AgentSessions.Session s, ControlMessage.Register r, long now, Outbox out) {
        if (!token.matches(r.token())) {
            sessions.authFailed(s, "register " + Printable.of(r.host()), now, out);
            return;
        }
        sessions.authenticated(s);
        ControlMessage.NotMaster elsewhere = cluster == null ? null : cluster.standby();
        if (elsewhere != null) {
            out.send(s.id, elsewhere); // a standby takes no agents: go to the master
            out.close(s.id);
            s.closing = true;
            return;
        }
        String problem = problem(s, r);
        if (problem != null) {
            out.warn("agent link: refused registration from " + s.peer + ": " + problem);
            sessions.close(s, problem, out);
            return;
        }
        String host = r.host();
        s.host = host;
        book.register(r);
        Long old = live.put(host, s.id);
        AgentSessions.Session o = old == null || old == s.id ? null : sessions.get(old);
        if (o != null && !o.closing) {
            out.info("agent " + Printable.of(host) + " registered again from " + s.peer + "; closing its session "
                    + "from " + o.peer);
            sessions.close(o, "agent link: " + Printable.of(host) + " registered again from another session", out);
        }
        try {
            onRegister.accept(r);
        } catch (RuntimeException e) {
            out.warn("agent " + Printable.of(host) + ": registration hook: " + Printable.of(e.getMessage()));
        }
        out.send(s.id, new ControlMessage.Registered(host, ++registrations));
        reservations.registered(s.id, out);
        out.info("agent " + Printable.of(host) + " registered from " + s.peer + " (data " + r.ip() + ":"
                + r.dataPort() + ")");
        book.reallocate("agent " + Printable.of(host) + " registered", out);
    }

    /** Why {@code r} may not register on {@code s}, or null. */
    private String problem(AgentSessions.Session s, ControlMessage.Register r) {
        String who = "register " + Printable.of(r.host());
        if (s.host != null && !s.host.equals(r.host())) {
            return who + ": this session is registered as " + Printable.of(s.host);
        }
        String p = check.problem(r);
        if (p != null) {
            return p;
        }
        String holder = book.hostOf(r.ip());
        if (holder != null && !holder.equals(r.host())) {
            return who + ": ip " + r.ip() + " is registered by host " + Printable.of(holder);
        }
        if (!book.registered(r.host()) && book.hosts() >= limits.maxAgents()) {
            return who + ": " + book.hosts() + " hosts are registered, the most allowed";
        }
        return null;
    }

    // ---- admin and fabric -----------------------------------------------------------------------------------

    /**
     * Sets the rate of {@code src -> dst} by hand and pushes it if {@code src} is connected. A hand-set rate wins
     * over the allocator for its pair.
     *
     * @throws IllegalArgumentException when {@code src} or {@code dst} has never registered
     */
    public RegistryActions setRate(String src, String dst, long bitsPerSecond, String policy) {
        Outbox out = new Outbox();
        book.setRate(src, dst, bitsPerSecond, policy, out);
        return out.done();
    }

    /** Whether {@code src -> dst} has a rate set by hand (or adopted). */
    public boolean hasManualRate(String src, String dst) {
        return book.hasManualRate(src, dst);
    }

    /**
     * Forgets the hand-set rate of {@code src -> dst}: the pair goes back to its allocated rate (with an allocator
     * and a reported flow) or to none, pushed as 0. Nothing happens when it has none ({@link #hasManualRate}).
     */
    public RegistryActions clearRate(String src, String dst) {
        Outbox out = new Outbox();
        book.clearRate(src, dst, out);
        return out.done();
    }

    /** Joins an HA cluster: from now on {@link AgentCluster#standby()} decides whether this registry takes agents. */
    public void cluster(AgentCluster c) {
        this.cluster = c;
        book.cluster(c);
        adminRates.cluster(c);
        reservations.cluster(c);
    }

    /**
     * This controller became the cluster's master: the hand-set rates the cluster kept become this registry's
     * (the rates adopted from agents' reports give way to them), and every connected agent gets them; the CRP
     * bookings the cluster kept replace the tables' own ({@link RegistryReservations#takeOver}).
     */
    public RegistryActions takeOver(List<HandSetRate> kept, long nowNanos) {
        Outbox out = new Outbox();
        book.takeOver(kept, out);
        reservations.takeOver(nowNanos, out);
        return out.done();
    }

    /** This controller became a standby: every session is answered with the master's address and closed. */
    public RegistryActions standBy(ControlMessage.NotMaster answer) {
        Outbox out = new Outbox();
        sessions.closeAll(answer, out);
        return out.done();
    }

    /** The routes changed: paths are recomputed and, with an allocator, rates too. */
    public RegistryActions routesChanged() {
        Outbox out = new Outbox();
        book.reallocate("routes changed", out);
        return out.done();
    }

    /** Keeps reservation tables ({@code --reserve crp}) from now on: they see the live sessions. */
    public void reservations(RegistryReservations r) {
        this.reservations = r;
        r.sessions(java.util.Collections.unmodifiableMap(live));
        r.cluster(cluster);
    }

    // ---- views (immutable copies) ---------------------------------------------------------------------------

    /** Hosts with a live session, sorted. */
    public List<String> connectedHosts() {
        return List.copyOf(new TreeSet<>(live.keySet()));
    }

    /** The last report of {@code host}, empty if none. */
    public List<VoqReport> lastReport(String host) {
        return book.lastReport(host);
    }

    /** The rate pushed for {@code src -> dst} (by hand or allocated), or -1. */
    public long rate(String src, String dst) {
        return book.rate(src, dst);
    }

    /** The paths last pushed with the rate of {@code src -> dst} (empty if none or one default path). */
    public List<PathSpec> pushedPaths(String src, String dst) {
        return book.pushedPaths(src, dst);
    }

    /** How many allocations have run (each one answers a change of flows or routes). */
    public long allocations() {
        return book.allocations();
    }

    /**
     * Every registered agent with its rates, flows and last report; report times are given on the wall clock,
     * from {@code nowNanos} (this registry's clock) and {@code nowMillis} (the wall clock) read together.
     */
    public List<AgentView> view(long nowNanos, long nowMillis) {
        return book.view(nowNanos, nowMillis);
    }
}

package weft.controller.fabric;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.OFPort;
import weft.controller.discovery.Discovery;
import weft.controller.discovery.DiscoverySettle;
import weft.controller.discovery.FirstPacket;
import weft.controller.discovery.Lldp;
import weft.controller.discovery.TopologyComparison;
import weft.controller.openflow.SwitchListener;
import weft.controller.openflow.SwitchSession;
import weft.controller.program.FabricProgram;
import weft.controller.program.PairRates;
import weft.controller.program.ProgramDiff;
import weft.controller.program.ProgramException;
import weft.controller.program.RouteCompiler;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingFailure;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * Keeps every switch of a fabric programmed with verified routes for the part of the fabric that works.
 *
 * <p>All decisions run on one worker thread, in arrival order: a switch that connects is reconciled against the
 * current program; a link whose port goes down (or up), or a switch that disconnects (or returns), triggers
 * recompute, verify, compile and a fabric-wide update in three barrier-confirmed phases (see
 * {@link ProgramDiff}). A routing or verification failure keeps the previous program and is reported as an
 * event. Session callbacks only enqueue work, so the event loops never block.
 *
 * <p>Discover mode ({@link #FabricService(Config, Duration)}): there is no configured fabric. Switches come from
 * FEATURES and port-desc, links from LLDP (a first direction seen is answered at once by an LLDP frame out of the
 * receiving port, so both directions are known within a round trip), hosts from their first packets and from
 * agent registration ({@link #hostRegistered}). Each switch that connects gets the discovery entries only (LLDP
 * and table-miss to the controller); once routed, every port with neither a link nor a known host also sends its
 * packets to the controller, so a new or moved host is learned by its first packet even when its destination is
 * routed. Routes are first computed once discovery has been quiet for the settle interval
 * ({@link DiscoverySettle}), then recomputed, verified and reprogrammed with the same three-phase update whenever
 * discovery changes: at once when a link port goes down or a switch disconnects, after a short quiet time for
 * news (a link, a switch, a host, a host move).
 *
 * <p>Decision: one class over 350 lines. It is the fabric's front door: every switch callback, REST call, agent
 * registration and cluster role change enters here and is queued onto the one worker thread, so its public
 * methods are many and short. What they start is elsewhere: its {@link FabricMode} ({@link ConfiguredMode} or
 * {@link DiscoverMode}), programming and the three-phase update ({@link FabricProgrammer},
 * {@link ThreePhaseUpdate}), faults ({@link LinkFaults}), duplicate dpids ({@link DpidClaims}), counters
 * ({@link CountersPoller}), the event log ({@link EventLog}) and the observers ({@link FabricObservers}).
 */
public final class FabricService implements SwitchListener, AutoCloseable {
    /**
     * What the service runs.
     *
     * @param topology the fabric as configured (dpids must be the switches' real datapath ids)
     * @param engine   the routing engine
     * @param routing  engine options
     * @param compile  what to install besides routes
     * @param verifier checks every result before it is programmed
     * @param timeout  how long one phase of one update may take
     * @param lldpInterval how often LLDP frames go out of every port (and once when a switch connects)
     * @param statsInterval how often port and flow counters are polled
     */
    public record Config(Topology topology, RoutingEngine engine, RoutingOptions routing,
                         RouteCompiler.Options compile, RouteVerifier verifier, Duration timeout,
                         Duration lldpInterval, Duration statsInterval) {
    }

    private final Config config;
    /** The configured fabric's events, or discover mode's events and settling. */
    private final FabricMode mode;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "weft-fabric");
        t.setDaemon(true);
        return t;
    });
    private final Map<Long, String> switchByDpid = new ConcurrentHashMap<>();
    private final Map<String, SwitchSession> sessions = new ConcurrentHashMap<>();
    private final List<BiConsumer<String, Integer>> portDownListeners = new CopyOnWriteArrayList<>();
    private final EventLog log = new EventLog();
    private final FabricObservers observers = new FabricObservers();
    private final DpidClaims claims;
    private final FabricProgrammer programmer;
    private volatile boolean closing;
    private final Discovery discovery = new Discovery();
    private final CountersPoller poller;
    private final HostRegistrations registrations;
    private final ClusterRoles roles = new ClusterRoles();
    private final List<java.util.function.Consumer<PairRates>> pairRatesListeners =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ScheduledExecutorService lldpTimer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "weft-lldp");
        t.setDaemon(true);
        return t;
    });

    /** Runs the configured fabric {@code config.topology()}. */
    public FabricService(Config config) {
        this(config, null, Wiring.of(config.topology()));
        for (Switch s : config.topology().switches()) {
            switchByDpid.put(s.dpid(), s.id());
        }
    }

    /**
     * Discover mode: runs whatever fabric connects and is discovered. {@code config.topology()} only names
     * switches (by dpid) and hosts (by MAC); it may be empty. The table-miss entry and the learning entries of
     * host ports without a known host ({@link weft.controller.program.FlowClass#LEARN}) are always installed.
     *
     * @param settle how long discovery must stay unchanged before the first routes are computed
     */
    public FabricService(Config config, Duration settle) {
        this(new Config(config.topology(), config.engine(), config.routing(),
                new RouteCompiler.Options(config.compile().lldp(), true, true), config.verifier(), config.timeout(),
                config.lldpInterval(), config.statsInterval()),
                settle, Wiring.of(new Topology("", List.of(), List.of(), List.of())));
    }

    private FabricService(Config config, Duration settle, Wiring wiring) {
        this.config = config;
        LinkFaults faults = new LinkFaults(wiring, sessions);
        this.programmer = new FabricProgrammer(config, settle != null, settle != null
                ? () -> discovery.topology(config.topology()) : () -> faults.remaining(config.topology()),
                wiring, switchByDpid, sessions, log, observers, roles::mayWrite);
        this.poller = new CountersPoller(sessions, programmer::wiring, programmer::pairRates);
        this.registrations = new HostRegistrations(config.topology(), switchByDpid, discovery);
        this.claims = new DpidClaims(switchByDpid, sessions, worker, log, this::onSwitchUp);
        this.mode = settle != null
                ? new DiscoverMode(settle, config.topology(), discovery, programmer, switchByDpid, sessions, log,
                        config.lldpInterval())
                : new ConfiguredMode(config.topology(), discovery, faults, programmer, switchByDpid, sessions, log);
    }

    /** Adds an observer of route computations, updates and transactions (metrics). */
    public void addObserver(FabricObserver observer) {
        observers.add(observer);
    }

    /** True in discover mode: the fabric is known only from discovery. */
    public boolean discovering() {
        return mode instanceof DiscoverMode;
    }

    /**
     * Computes, verifies and compiles the routes of the whole fabric before any switch connects; in discover
     * mode only starts watching discovery (routes follow once it settles).
     *
     * @throws RoutingFailure or {@link ProgramException} when the configured fabric cannot be routed
     */
    public void start() {
        long round = config.lldpInterval().toMillis();
        lldpTimer.scheduleAtFixedRate(() -> {
            if (roles.mayWrite()) {
                sessions.values().forEach(LldpBeacon::send);
            }
        }, round, round, TimeUnit.MILLISECONDS);
        long poll = config.statsInterval().toMillis();
        lldpTimer.scheduleAtFixedRate(() -> sessions.forEach(poller::poll), poll, poll,
                TimeUnit.MILLISECONDS);
        if (mode instanceof DiscoverMode discover) {
            discover.watch(lldpTimer, worker);
            return;
        }
        try {
            worker.submit(() -> {
                if (!programmer.recompute("start")) {
                    throw new RoutingFailure(log.last().detail());
                }
            }).get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while computing the first routes", e);
        }
    }

    /**
     * Runs {@code listener} (on the service's worker thread; it must not block) after every successful route
     * computation, the first one included: the agent registry recomputes paths and rates then.
     */
    public void addRoutesListener(Runnable listener) {
        programmer.addRoutesListener(listener);
    }

    /**
     * Runs {@code listener} (on the service's worker thread; it must not block) with the switch id and port number
     * of every port that goes down, before the routes are recomputed around it: the reservation tables revoke the
     * bookings through it then.
     */
    public void addPortDownListener(BiConsumer<String, Integer> listener) {
        portDownListeners.add(listener);
    }

    /**
     * A host agent registered: records the host where it says it is attached (see
     * {@link #hostRegistered(String, String, String, String, int)}: in discover mode it is routed there), and
     * logs when that is malformed, unknown or differs from the configured topology.
     *
     * @param attachment {@code switch:port} as the agent was told it ({@code --attachment}), or null
     */
    public void hostRegistered(String hostId, String mac, String ip, String attachment) {
        registrations.hostRegistered(hostId, mac, ip, attachment);
    }

    /**
     * Why an agent may not register as {@code hostId} at {@code ip}, or null when it may: a configured fabric
     * names every host and its address; in discover mode a host the naming file lists must use its address, and
     * no other host may take it.
     */
    public String registrationProblem(String hostId, String ip) {
        return registrations.problem(hostId, ip, discovering());
    }

    /**
     * Sets the rated pairs: recomputes, verifies and compiles with their meters and reprograms every connected
     * switch (a fabric update like a fault's). Before {@link #start()} it only sets the table the first routes
     * are compiled with.
     *
     * @param rates a table validated against {@link #configuredTopology()}
     * @return completes with true once the fabric update ran (a switch that fails to take it is reported as an
     *         event, as for faults), false when the new program could not be computed or compiled (the previous
     *         rates and program stay; the reason is a FAILURE event)
     */
    public CompletableFuture<Boolean> setPairRates(PairRates rates) {
        if (programmer.program() == null) {
            programmer.pairRates(rates);
            return CompletableFuture.completedFuture(true);
        }
        return CompletableFuture.supplyAsync(() -> {
            PairRates before = programmer.pairRates();
            programmer.pairRates(rates);
            String reason = "rates: " + rates.rates().size() + " rated pairs";
            if (!programmer.recompute(reason)) {
                programmer.pairRates(before);
                return false;
            }
            programmer.sync(sessions.values(), "after " + reason);
            pairRatesListeners.forEach(l -> l.accept(rates));
            return true;
        }, worker);
    }

    /**
     * Runs {@code listener} (on the worker thread, before {@link #setPairRates} completes) with every rated-pair
     * table that replaced the previous one: an HA cluster keeps it for the next master.
     */
    public void addPairRatesListener(java.util.function.Consumer<PairRates> listener) {
        pairRatesListeners.add(listener);
    }

    /** The latest counters of the rated pairs' meters of every connected switch, by switch id. */
    public Map<String, List<MeterCounters>> meterCounters() {
        return poller.meterCounters();
    }

    /** The rated pairs the current program enforces. */
    public PairRates pairRates() {
        return programmer.pairRates();
    }

    // ---- views ----------------------------------------------------------------------------------------------

    public Topology configuredTopology() {
        return config.topology();
    }

    /** The topology the current routes were computed on (configured minus failures). */
    public Topology currentTopology() {
        return programmer.current();
    }

    public RoutingResult routes() {
        return programmer.routes();
    }

    public FabricProgram program() {
        return programmer.program();
    }

    /** The fabric as discovered so far (LLDP links, first-packet hosts), named after the configured one. */
    public Topology discoveredTopology() {
        return discovery.topology(config.topology());
    }

    /**
     * Differences between the configured and the discovered fabric (hosts only when {@code checkHosts}); in
     * discover mode between the naming file and the discovered fabric, none without a naming file.
     */
    public List<String> discoveryDifferences(boolean checkHosts) {
        if (discovering() && config.topology().switches().isEmpty()) {
            return List.of();
        }
        return TopologyComparison.differences(config.topology(), discoveredTopology(), checkHosts);
    }

    /** The latest transmit counters of every link direction, by {@code switch:port}. */
    public Map<String, LinkCounters> linkCounters() {
        return poller.linkCounters();
    }

    /** The latest counters of Weft's flow entries of every connected switch, by switch id. */
    public Map<String, List<FlowCounters>> flowCounters() {
        return poller.flowCounters();
    }

    /** Connected switches by switch id. */
    public Map<String, SwitchSession> sessions() {
        return Map.copyOf(sessions);
    }

    /** The most recent events, oldest first (at most {@link EventLog#DEFAULT_CAPACITY}). */
    public List<FabricEvent> events() {
        return log.events();
    }

    /** The event log: the recent events, counts by kind and live subscription. */
    public EventLog eventLog() {
        return log;
    }

    /** Errors switches reported for Weft's messages since start; a healthy fabric has none. */
    public long openflowErrors() {
        return log.openflowErrors();
    }

    /** True when every switch of the current program is connected and holds the current program. */
    public boolean isConverged() {
        return programmer.isConverged();
    }

    /** Waits until {@link #isConverged()}; false on timeout. */
    public boolean awaitConverged(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!isConverged()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    // ---- switch events (event loop threads: enqueue only) ---------------------------------------------------

    @Override
    public void switchReady(SwitchSession session) {
        if (roles.clustered()) {
            // in a cluster the switch learns our role (and generation id) before anything else is sent
            roles.claim(session, log).thenRun(() -> worker.execute(() -> onSwitchUp(session)));
            return;
        }
        worker.execute(() -> onSwitchUp(session));
    }

    // ---- cluster role (weft controller run --ha) ------------------------------------------------------------

    /**
     * The cluster gave this controller a role (any thread): it is claimed on every connected switch, and a new
     * master then reconciles every switch with the current program (read, diff, send only the difference: the
     * same update as a switch that reconnects), so the entries the previous master left stay as they are.
     * As STANDBY the service keeps its sessions and computes routes, and sends switches nothing. Calls must come
     * in the cluster's order (one thread).
     */
    public void roleChanged(weft.controller.ha.Mastership.Role role, long epoch) {
        roles.set(role, epoch); // at once: a switch that connects from now on is told this role
        worker.execute(() -> {
            long t0 = System.nanoTime();
            roles.claimAll(sessions.values(), log, config.timeout().toMillis());
            log.event(FabricEvent.Kind.ROLE, String.format("%s at generation %d on %d switches in %.1f ms", role,
                    epoch, sessions.size(), (System.nanoTime() - t0) / 1e6));
            if (roles.mayWrite()) {
                mode.becameMaster(epoch);
            }
        });
    }

    /** This controller's role in its cluster, or null without one. */
    public weft.controller.ha.Mastership.Role role() {
        return roles.role();
    }

    @Override
    public void switchDisconnected(SwitchSession session) {
        if (!closing) {
            worker.execute(() -> onSwitchDown(session));
        }
    }

    @Override
    public void portStatus(SwitchSession session, OFPortStatus status) {
        worker.execute(() -> onPortStatus(session, status));
    }

    @Override
    public void packetIn(SwitchSession session, OFPacketIn packetIn) {
        OFPort in = packetIn.getMatch().get(MatchField.IN_PORT);
        if (in == null || claims.refused(session)) {
            return;
        }
        byte[] frame = packetIn.getData();
        Optional<Lldp.Origin> origin = Lldp.parse(frame);
        if (origin.isPresent()) {
            Lldp.Origin o = origin.get();
            int port = in.getPortNumber();
            if (discovery.lldp(session.dpid(), port, o) && discovering() && roles.mayWrite()
                    && !discovery.hasDirection(session.dpid(), port, o.dpid(), o.port())) {
                LldpBeacon.answer(session, port);
            }
        } else {
            FirstPacket.parse(frame).ifPresent(s -> discovery.hostPacket(session.dpid(), in.getPortNumber(), s));
        }
    }

    @Override
    public void unsolicitedError(SwitchSession session, OFErrorMsg error) {
        log.openflowErrors(1);
        event(FabricEvent.Kind.OPENFLOW_ERROR, session + ": " + error);
    }

    // ---- worker --------------------------------------------------------------------------------------------

    private void onSwitchUp(SwitchSession session) {
        if (session.state() != SwitchSession.State.READY) {
            return;
        }
        if (claims.contested(session)) {
            return;
        }
        mode.switchUp(session);
    }

    private void onSwitchDown(SwitchSession session) {
        String id = switchByDpid.get(session.dpid());
        if (id == null || !sessions.remove(id, session)) {
            return;
        }
        programmer.switchGone(id);
        poller.switchGone(id);
        discovery.switchGone(session.dpid());
        event(FabricEvent.Kind.SWITCH_DOWN, id + " (dpid " + session.dpidHex() + ") disconnected");
        mode.switchDown(id);
    }

    private void onPortStatus(SwitchSession session, OFPortStatus status) {
        String id = switchByDpid.get(session.dpid());
        if (id == null || claims.refused(session)) {
            return;
        }
        if (PortStates.wentDown(status)) {
            int port = status.getDesc().getPortNo().getPortNumber();
            portDownListeners.forEach(l -> l.accept(id, port)); // before the routes change, which follows
        }
        mode.portStatus(session, id, status);
    }

    /**
     * A host agent registered (called by the agent registry, any thread): host {@code hostId} with this MAC and
     * IPv4 address is cabled to {@code port} of a switch. In discover mode the host is routed (after the short
     * coalesce time) and keeps {@code hostId} as its id; a registration at a new port is a move. With a
     * configured fabric it is recorded for the discovery check only.
     *
     * @param switchDpidOrId a switch id (as the controller names it: from the naming or configured topology, or
     *                       {@code dpid-<hex>}) or its datapath id in hex ({@code 0x} optional)
     * @return true when this taught the controller something (a new host, a move, a new address)
     * @throws HostRegistrationException naming the argument that is malformed, the switch that is unknown, or the
     *                                   port that is a switch link
     */
    public boolean hostRegistered(String hostId, String mac, String ip, String switchDpidOrId, int port) {
        return registrations.hostRegistered(hostId, mac, ip, switchDpidOrId, port);
    }

    private void event(FabricEvent.Kind kind, String detail) {
        log.event(kind, detail);
    }

    @Override
    public void close() {
        closing = true;
        lldpTimer.shutdownNow();
        worker.shutdownNow();
    }
}

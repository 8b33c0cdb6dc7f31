package weft.controller.fabric;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.function.Function;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.OFGroupDescStatsEntry;
import org.projectfloodlight.openflow.protocol.OFGroupDescStatsReply;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterConfig;
import org.projectfloodlight.openflow.protocol.OFMeterConfigStatsReply;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortConfig;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortReason;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFPortStatsEntry;
import org.projectfloodlight.openflow.protocol.OFPortStatsReply;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.discovery.Discovery;
import weft.controller.discovery.DiscoverySettle;
import weft.controller.discovery.FirstPacket;
import weft.controller.discovery.Lldp;
import weft.controller.discovery.TopologyComparison;
import weft.controller.openflow.OpenFlowException;
import weft.controller.openflow.SwitchListener;
import weft.controller.openflow.SwitchSession;
import weft.controller.openflow.TransactionResult;
import weft.controller.program.FabricProgram;
import weft.controller.program.FlowMods13;
import weft.controller.program.PairRate;
import weft.controller.program.PairRates;
import weft.controller.program.ProgramDiff;
import weft.controller.program.ProgramException;
import weft.controller.program.RouteCompiler;
import weft.controller.program.SwitchProgram;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingFailure;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.topology.Link;
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
 */
public final class FabricService implements SwitchListener, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FabricService.class);

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

    private static final Pattern MAC = Pattern.compile("[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}");
    private static final Pattern IPV4 = Pattern.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}"
            + "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    /** Later discovery changes are coalesced for at most this long (the settle interval if shorter). */
    private static final Duration COALESCE = Duration.ofMillis(250);
    /** How often discover mode looks at discovery's version. */
    private static final long DISCOVERY_POLL_MS = 50;

    private final Config config;
    /** Null when the fabric is configured; the settle logic when it is known only from discovery. */
    private final DiscoverySettle settle;
    private final AtomicBoolean discoveryPollQueued = new AtomicBoolean();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "weft-fabric");
        t.setDaemon(true);
        return t;
    });
    private final Map<Long, String> switchByDpid = new ConcurrentHashMap<>();
    /** The fabric link indices refer to: the configured one, or in discover mode the one last routed. */
    private volatile Wiring wiring;
    private final Map<String, SwitchSession> sessions = new ConcurrentHashMap<>();
    private final Map<String, Integer> programmedGeneration = new ConcurrentHashMap<>();
    private final List<FabricEvent> events = new CopyOnWriteArrayList<>();
    private final AtomicLong openflowErrors = new AtomicLong();
    private final Set<Integer> failedLinks = new HashSet<>();
    private final Set<String> lostSwitches = new HashSet<>();
    private volatile Topology current;
    private volatile RoutingResult routes;
    private volatile FabricProgram program;
    private volatile PairRates pairRates = PairRates.none();
    private volatile int generation;
    private volatile boolean closing;
    private final Discovery discovery = new Discovery();
    private final Map<String, LinkCounters> counters = new ConcurrentHashMap<>();
    private final Map<String, List<FlowCounters>> flowCounters = new ConcurrentHashMap<>();
    private final List<Runnable> routeListeners = new CopyOnWriteArrayList<>();
    private final Map<String, List<MeterCounters>> meterCounters = new ConcurrentHashMap<>();
    private final ScheduledExecutorService lldpTimer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "weft-lldp");
        t.setDaemon(true);
        return t;
    });

    /** A topology and its link indices by {@code switch:port}. */
    private record Wiring(Topology topology, Map<String, Integer> linkByPort) {
        static Wiring of(Topology t) {
            Map<String, Integer> byPort = new HashMap<>();
            List<Link> links = t.links();
            for (int i = 0; i < links.size(); i++) {
                byPort.put(links.get(i).a() + ":" + links.get(i).aPort(), i);
                byPort.put(links.get(i).b() + ":" + links.get(i).bPort(), i);
            }
            return new Wiring(t, Map.copyOf(byPort));
        }
    }

    /** Runs the configured fabric {@code config.topology()}. */
    public FabricService(Config config) {
        this.config = config;
        this.settle = null;
        for (Switch s : config.topology().switches()) {
            switchByDpid.put(s.dpid(), s.id());
        }
        this.wiring = Wiring.of(config.topology());
    }

    /**
     * Discover mode: runs whatever fabric connects and is discovered. {@code config.topology()} only names
     * switches (by dpid) and hosts (by MAC); it may be empty. The table-miss entry and the learning entries of
     * host ports without a known host ({@link weft.controller.program.FlowClass#LEARN}) are always installed.
     *
     * @param settle how long discovery must stay unchanged before the first routes are computed
     */
    public FabricService(Config config, Duration settle) {
        this.config = new Config(config.topology(), config.engine(), config.routing(),
                new RouteCompiler.Options(config.compile().lldp(), true, true), config.verifier(), config.timeout(),
                config.lldpInterval(), config.statsInterval());
        this.settle = new DiscoverySettle(settle, settle.compareTo(COALESCE) < 0 ? settle : COALESCE);
        this.wiring = Wiring.of(new Topology("", List.of(), List.of(), List.of()));
    }

    /** True in discover mode: the fabric is known only from discovery. */
    public boolean discovering() {
        return settle != null;
    }

    /**
     * Computes, verifies and compiles the routes of the whole fabric before any switch connects; in discover
     * mode only starts watching discovery (routes follow once it settles).
     *
     * @throws RoutingFailure or {@link ProgramException} when the configured fabric cannot be routed
     */
    public void start() {
        long round = config.lldpInterval().toMillis();
        lldpTimer.scheduleAtFixedRate(() -> sessions.values().forEach(this::sendLldp), round, round,
                TimeUnit.MILLISECONDS);
        long poll = config.statsInterval().toMillis();
        lldpTimer.scheduleAtFixedRate(() -> sessions.forEach(this::pollCounters), poll, poll,
                TimeUnit.MILLISECONDS);
        if (discovering()) {
            lldpTimer.scheduleAtFixedRate(() -> {
                if (discoveryPollQueued.compareAndSet(false, true)) {
                    worker.execute(this::pollDiscovery);
                }
            }, DISCOVERY_POLL_MS, DISCOVERY_POLL_MS, TimeUnit.MILLISECONDS);
            return;
        }
        try {
            worker.submit(() -> {
                if (!recompute("start")) {
                    throw new RoutingFailure(events.get(events.size() - 1).detail());
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
        routeListeners.add(listener);
    }

    /**
     * A host agent registered: records the host where it says it is attached (see
     * {@link #hostRegistered(String, String, String, String, int)}: in discover mode it is routed there), and
     * logs when that is malformed, unknown or differs from the configured topology.
     *
     * @param attachment {@code switch:port} as the agent was told it ({@code --attachment}), or null
     */
    public void hostRegistered(String hostId, String mac, String ip, String attachment) {
        if (attachment == null || mac == null) {
            return;
        }
        int colon = attachment.lastIndexOf(':');
        int port = -1;
        if (colon > 0) {
            try {
                port = Integer.parseInt(attachment.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
        }
        if (port < 1) {
            LOG.warn("agent {}: attachment '{}' names no switch:port of {}", hostId, attachment,
                    config.topology().name());
            return;
        }
        String sw = attachment.substring(0, colon);
        try {
            hostRegistered(hostId, mac, ip, sw, port);
        } catch (HostRegistrationException e) {
            LOG.warn("agent {}: attachment '{}': {}", hostId, attachment, e.getMessage());
            return;
        }
        for (weft.model.topology.Host h : config.topology().hosts()) {
            if (h.id().equals(hostId) && (!h.switchId().equals(sw) || h.port() != port)) {
                LOG.warn("agent {} registered at {} but the topology attaches it at {}:{}", hostId, attachment,
                        h.switchId(), h.port());
            }
        }
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
        if (program == null) {
            pairRates = rates;
            return CompletableFuture.completedFuture(true);
        }
        return CompletableFuture.supplyAsync(() -> {
            PairRates before = pairRates;
            pairRates = rates;
            String reason = "rates: " + rates.rates().size() + " rated pairs";
            if (!recompute(reason)) {
                pairRates = before;
                return false;
            }
            sync(sessions.values(), "after " + reason);
            return true;
        }, worker);
    }

    /** The latest counters of the rated pairs' meters of every connected switch, by switch id. */
    public Map<String, List<MeterCounters>> meterCounters() {
        return Map.copyOf(meterCounters);
    }

    /** The rated pairs the current program enforces. */
    public PairRates pairRates() {
        return pairRates;
    }

    // ---- views ----------------------------------------------------------------------------------------------

    public Topology configuredTopology() {
        return config.topology();
    }

    /** The topology the current routes were computed on (configured minus failures). */
    public Topology currentTopology() {
        return current;
    }

    public RoutingResult routes() {
        return routes;
    }

    public FabricProgram program() {
        return program;
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
        return Map.copyOf(counters);
    }

    /** The latest counters of Weft's flow entries of every connected switch, by switch id. */
    public Map<String, List<FlowCounters>> flowCounters() {
        return Map.copyOf(flowCounters);
    }

    /** Connected switches by switch id. */
    public Map<String, SwitchSession> sessions() {
        return Map.copyOf(sessions);
    }

    public List<FabricEvent> events() {
        return List.copyOf(events);
    }

    /** Errors switches reported for Weft's messages since start; a healthy fabric has none. */
    public long openflowErrors() {
        return openflowErrors.get();
    }

    /** True when every switch of the current program is connected and holds the current program. */
    public boolean isConverged() {
        FabricProgram p = program;
        int gen = generation;
        if (p == null) {
            return false;
        }
        for (SwitchProgram sp : p.switches()) {
            if (!sessions.containsKey(sp.switchId())
                    || programmedGeneration.getOrDefault(sp.switchId(), -1) != gen) {
                return false;
            }
        }
        return true;
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
        worker.execute(() -> onSwitchUp(session));
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
        if (in == null) {
            return;
        }
        byte[] frame = packetIn.getData();
        Optional<Lldp.Origin> origin = Lldp.parse(frame);
        if (origin.isPresent()) {
            Lldp.Origin o = origin.get();
            int port = in.getPortNumber();
            if (discovery.lldp(session.dpid(), port, o) && discovering()
                    && !discovery.hasDirection(session.dpid(), port, o.dpid(), o.port())) {
                answerLldp(session, port);
            }
        } else {
            FirstPacket.parse(frame).ifPresent(s -> discovery.hostPacket(session.dpid(), in.getPortNumber(), s));
        }
    }

    /** Polls one switch's port and Weft flow statistics; updates its link port and flow counters. */
    private void pollCounters(String switchId, SwitchSession session) {
        if (session.state() != SwitchSession.State.READY) {
            return;
        }
        FlowCounters.poll(session, switchId, System::currentTimeMillis).whenComplete((flows, failure) -> {
            if (failure != null) {
                LOG.debug("flow statistics of {} failed: {}", switchId, failure.toString());
            } else if (sessions.get(switchId) == session) {
                flowCounters.put(switchId, flows);
            }
        });
        pollMeters(switchId, session);
        session.multipart(FlowMods13.F.buildPortStatsRequest().setPortNo(OFPort.ANY).build())
                .whenComplete((parts, failure) -> {
                    if (failure != null) {
                        LOG.debug("port statistics of {} failed: {}", switchId, failure.toString());
                        return;
                    }
                    long now = System.currentTimeMillis();
                    Wiring w = wiring;
                    for (OFPortStatsReply part : parts) {
                        for (OFPortStatsEntry e : part.getEntries()) {
                            int port = e.getPortNo().getPortNumber();
                            Integer link = w.linkByPort().get(switchId + ":" + port);
                            if (link == null) {
                                continue;
                            }
                            String key = switchId + ":" + port;
                            long bytes = e.getTxBytes().getValue();
                            LinkCounters before = counters.get(key);
                            double bps = before == null || now <= before.atMillis() ? 0
                                    : 8.0 * (bytes - before.txBytes()) * 1000 / (now - before.atMillis());
                            counters.put(key, new LinkCounters(describe(w, link), switchId, port, bytes,
                                    e.getTxPackets().getValue(), e.getTxDropped().getValue(), bps, now));
                        }
                    }
                });
    }

    /** Polls the meters of the rated pairs whose source is on this switch, if there are any. */
    private void pollMeters(String switchId, SwitchSession session) {
        Map<String, String> switchOfHost = new HashMap<>();
        wiring.topology().hosts().forEach(h -> switchOfHost.put(h.id(), h.switchId()));
        Map<Long, PairRate> here = MeterCounters.pairsAt(pairRates, switchOfHost, switchId);
        if (here.isEmpty()) {
            meterCounters.remove(switchId);
            return;
        }
        MeterCounters.poll(session, switchId, here, System::currentTimeMillis).whenComplete((meters, failure) -> {
            if (failure != null) {
                LOG.debug("meter statistics of {} failed: {}", switchId, failure.toString());
            } else if (sessions.get(switchId) == session) {
                meterCounters.put(switchId, meters);
            }
        });
    }

    /** Sends LLDP back out of the port a first direction of a link arrived on: the other direction follows. */
    private void answerLldp(SwitchSession session, int port) {
        OFPortDesc d = session.ports().get(port);
        if (d == null || session.state() != SwitchSession.State.READY) {
            return;
        }
        try {
            session.send(FlowMods13.packetOut(port, Lldp.frame(session.dpid(), port, d.getHwAddr().getBytes())));
        } catch (OpenFlowException e) {
            LOG.debug("LLDP answer from {} port {} skipped: {}", session, port, e.getMessage());
        }
    }

    private void sendLldp(SwitchSession session) {
        if (session.state() != SwitchSession.State.READY) {
            return;
        }
        try {
            for (Map.Entry<Integer, OFPortDesc> p : session.ports().entrySet()) {
                if (!isDown(p.getValue())) {
                    session.send(FlowMods13.packetOut(p.getKey(),
                            Lldp.frame(session.dpid(), p.getKey(), p.getValue().getHwAddr().getBytes())));
                }
            }
        } catch (OpenFlowException e) {
            LOG.debug("LLDP to {} skipped: {}", session, e.getMessage());
        }
    }

    @Override
    public void unsolicitedError(SwitchSession session, OFErrorMsg error) {
        openflowErrors.incrementAndGet();
        event(FabricEvent.Kind.OPENFLOW_ERROR, session + ": " + error);
    }

    // ---- worker --------------------------------------------------------------------------------------------

    private void onSwitchUp(SwitchSession session) {
        if (discovering()) {
            onDiscoveredSwitchUp(session);
            return;
        }
        String id = switchByDpid.get(session.dpid());
        if (id == null) {
            event(FabricEvent.Kind.UNKNOWN_SWITCH, "dpid " + session.dpidHex() + " at " + session.remote()
                    + " is not in topology " + config.topology().name() + "; not programmed");
            return;
        }
        sessions.put(id, session);
        discovery.switchSeen(session.dpid(), session.ports().keySet());
        sendLldp(session);
        event(FabricEvent.Kind.SWITCH_UP, id + " (dpid " + session.dpidHex() + ") at " + session.remote());
        boolean changed = lostSwitches.remove(id);
        for (Map.Entry<Integer, OFPortDesc> p : session.ports().entrySet()) {
            Integer link = wiring.linkByPort().get(id + ":" + p.getKey());
            if (link != null && isDown(p.getValue()) && failedLinks.add(link)) {
                changed = true;
            } else if (link != null && !isDown(p.getValue()) && failedLinks.contains(link)
                    && peerPortUp(link, id)) {
                failedLinks.remove(link);
                changed = true;
            }
        }
        if (changed) {
            if (recompute(id + " connected")) {
                sync(sessions.values(), "after " + id + " connected");
            }
        } else {
            sync(List.of(session), id + " connected");
        }
    }

    private boolean peerPortUp(int link, String fromSwitch) {
        Link l = wiring.topology().links().get(link);
        String peer = l.a().equals(fromSwitch) ? l.b() : l.a();
        int peerPort = l.a().equals(fromSwitch) ? l.bPort() : l.aPort();
        SwitchSession s = sessions.get(peer);
        if (s == null) {
            return true;
        }
        OFPortDesc d = s.ports().get(peerPort);
        return d != null && !isDown(d);
    }

    private void onSwitchDown(SwitchSession session) {
        String id = switchByDpid.get(session.dpid());
        if (id == null || !sessions.remove(id, session)) {
            return;
        }
        programmedGeneration.remove(id);
        flowCounters.remove(id);
        meterCounters.remove(id);
        discovery.switchGone(session.dpid());
        event(FabricEvent.Kind.SWITCH_DOWN, id + " (dpid " + session.dpidHex() + ") disconnected");
        if (discovering()) {
            if (settle.settled()) {
                rediscover(id + " disconnected");
            }
            return;
        }
        lostSwitches.add(id);
        if (recompute(id + " disconnected")) {
            sync(sessions.values(), "after " + id + " disconnected");
        }
    }

    private void onPortStatus(SwitchSession session, OFPortStatus status) {
        String id = switchByDpid.get(session.dpid());
        if (id == null) {
            return;
        }
        if (discovering()) {
            onDiscoveredPortStatus(session, id, status);
            return;
        }
        int port = status.getDesc().getPortNo().getPortNumber();
        Integer link = wiring.linkByPort().get(id + ":" + port);
        boolean down = status.getReason() == OFPortReason.DELETE || isDown(status.getDesc());
        if (down) {
            discovery.portDown(session.dpid(), port);
        } else {
            sendLldp(session);
        }
        event(down ? FabricEvent.Kind.PORT_DOWN : FabricEvent.Kind.PORT_UP, id + " port " + port
                + (link == null ? " (not a switch link)" : " (" + describe(link) + ")"));
        if (link == null) {
            return;
        }
        boolean changed = down ? failedLinks.add(link) : failedLinks.contains(link) && peerPortUp(link, id)
                && failedLinks.remove(link);
        if (changed && recompute("link " + describe(link) + (down ? " down" : " up"))) {
            sync(sessions.values(), "after link " + describe(link) + (down ? " down" : " up"));
        }
    }

    // ---- discover mode (worker) ------------------------------------------------------------------------------

    /** A switch joins: it gets its program (or the discovery entries), then LLDP goes out of its ports. */
    private void onDiscoveredSwitchUp(SwitchSession session) {
        String id = switchByDpid.computeIfAbsent(session.dpid(), dpid -> config.topology().switches().stream()
                .filter(s -> s.dpid() == dpid).map(Switch::id).findFirst().orElse(Discovery.switchName(dpid)));
        sessions.put(id, session);
        discovery.switchSeenWithSpeeds(session.dpid(), speeds(session));
        event(FabricEvent.Kind.SWITCH_UP, id + " (dpid " + session.dpidHex() + ") at " + session.remote()
                + " with ports " + session.ports().keySet());
        sync(List.of(session), id + " connected");
        sendLldp(session);
    }

    /** A port changed: a link port that went down is routed around at once; one that came up sends LLDP. */
    private void onDiscoveredPortStatus(SwitchSession session, String id, OFPortStatus status) {
        int port = status.getDesc().getPortNo().getPortNumber();
        boolean down = status.getReason() == OFPortReason.DELETE || isDown(status.getDesc());
        boolean link = discovery.isSwitchPort(session.dpid(), port);
        discovery.switchSeenWithSpeeds(session.dpid(), speeds(session));
        event(down ? FabricEvent.Kind.PORT_DOWN : FabricEvent.Kind.PORT_UP, id + " port " + port
                + (link ? " (switch link)" : " (no switch link seen)"));
        if (!down) {
            sendLldp(session);
        } else if (discovery.portDown(session.dpid(), port) && settle.settled()) {
            rediscover("link port " + id + ":" + port + " down");
        }
    }

    /** Routes once discovery has settled, and again whenever it has changed and been quiet a moment. */
    private void pollDiscovery() {
        discoveryPollQueued.set(false);
        if (settle.due(discovery.version(), System.nanoTime())) {
            rediscover(settle.settled() ? "discovery changed" : "discovery settled");
        }
    }

    /** Recomputes on what is discovered now and, if that verifies, reprograms every switch in three phases. */
    private void rediscover(String reason) {
        settle.computed(discovery.version());
        if (recompute(reason)) {
            sync(sessions.values(), "after " + reason);
        }
    }

    private static Map<Integer, Long> speeds(SwitchSession session) {
        Map<Integer, Long> out = new HashMap<>();
        for (Map.Entry<Integer, OFPortDesc> p : session.ports().entrySet()) {
            out.put(p.getKey(), p.getValue().getCurrSpeed());
        }
        return out;
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
        String what = "registration of host " + hostId;
        if (hostId == null || hostId.isBlank()) {
            throw new HostRegistrationException("registration of host with MAC " + mac + ": hostId must be "
                    + "non-empty");
        }
        if (mac == null || !MAC.matcher(mac).matches() || (Integer.parseInt(mac.substring(0, 2), 16) & 1) != 0) {
            throw new HostRegistrationException(what + ": mac " + mac + " is not a unicast MAC such as "
                    + "02:00:00:00:00:01");
        }
        if (ip == null || !IPV4.matcher(ip).matches() || ip.equals("0.0.0.0")) {
            throw new HostRegistrationException(what + ": ip " + ip + " is not a dotted IPv4 host address");
        }
        if (port < 1) {
            throw new HostRegistrationException(what + ": port must be >= 1, got " + port);
        }
        long dpid = switchDpid(what, switchDpidOrId);
        try {
            return discovery.hostRegistered(hostId, mac, ip, dpid, port);
        } catch (IllegalArgumentException e) {
            throw new HostRegistrationException(what + ": " + e.getMessage());
        }
    }

    private long switchDpid(String what, String switchDpidOrId) {
        if (switchDpidOrId == null) {
            throw new HostRegistrationException(what + ": switch must be a switch id or a dpid, got null");
        }
        for (Map.Entry<Long, String> e : switchByDpid.entrySet()) {
            if (e.getValue().equals(switchDpidOrId)) {
                return e.getKey();
            }
        }
        Optional<Switch> named = config.topology().findSwitch(switchDpidOrId);
        if (named.isPresent()) {
            return named.get().dpid();
        }
        String hex = switchDpidOrId.startsWith("dpid-") ? switchDpidOrId.substring(5)
                : switchDpidOrId.startsWith("0x") ? switchDpidOrId.substring(2) : switchDpidOrId;
        if (hex.matches("[0-9a-fA-F]{1,16}")) {
            return Long.parseUnsignedLong(hex, 16);
        }
        throw new HostRegistrationException(what + ": switch '" + switchDpidOrId + "' is neither a known switch "
                + "id " + new java.util.TreeSet<>(switchByDpid.values()) + " nor a dpid (1-16 hex digits)");
    }

    private static boolean isDown(OFPortDesc d) {
        return d.getState().contains(OFPortState.LINK_DOWN) || d.getConfig().contains(OFPortConfig.PORT_DOWN);
    }

    private String describe(int link) {
        return describe(wiring, link);
    }

    private static String describe(Wiring w, int link) {
        Link l = w.topology().links().get(link);
        return l.a() + ":" + l.aPort() + "-" + l.b() + ":" + l.bPort();
    }

    /** Recomputes, verifies and compiles; on failure keeps the old program and returns false. */
    private boolean recompute(String reason) {
        long t0 = System.nanoTime();
        try {
            Topology t = discovering() ? discovery.topology(config.topology())
                    : RemainingTopology.of(config.topology(), failedLinks, lostSwitches);
            RoutingResult r = config.engine().compute(t, config.routing());
            config.verifier().verify(t, r);
            FabricProgram p = RouteCompiler.compile(t, r, config.compile(), pairRates);
            if (discovering()) {
                wiring = Wiring.of(t);
            }
            current = t;
            routes = r;
            program = p;
            generation++;
            routeListeners.forEach(Runnable::run);
            event(FabricEvent.Kind.ROUTES, String.format("%s: %s on %s (%d switches, %d links), %d layers, "
                            + "%d flows, %d groups, computed and verified in %.1f ms", reason, r.engine(), t.name(),
                    t.switches().size(), t.links().size(), r.layers(), p.flowCount(), p.groupCount(),
                    (System.nanoTime() - t0) / 1e6));
            return true;
        } catch (RoutingFailure | ProgramException | IllegalArgumentException e) {
            event(FabricEvent.Kind.FAILURE, reason + ": cannot route, keeping the previous program: "
                    + e.getMessage());
            return false;
        } catch (RuntimeException e) {
            LOG.error("{}: routing engine {} failed", reason, config.engine().name(), e);
            event(FabricEvent.Kind.FAILURE, reason + ": engine " + config.engine().name() + " failed ("
                    + e + "), keeping the previous program");
            return false;
        }
    }

    /** Reconciles the given switches with the current program: read, diff, three barrier-confirmed phases. */
    private void sync(Collection<SwitchSession> targets, String reason) {
        FabricProgram p = program;
        int gen = generation;
        long t0 = System.nanoTime();
        Map<SwitchSession, SwitchProgram> programs = new LinkedHashMap<>();
        for (SwitchSession s : targets) {
            SwitchProgram sp = programOf(p, s);
            if (sp != null && s.state() == SwitchSession.State.READY) {
                programs.put(s, sp);
            }
        }
        try {
            Map<SwitchSession, CompletableFuture<List<OFFlowStatsReply>>> flows = new LinkedHashMap<>();
            Map<SwitchSession, CompletableFuture<List<OFGroupDescStatsReply>>> groups = new LinkedHashMap<>();
            Map<SwitchSession, CompletableFuture<List<OFMeterConfigStatsReply>>> meters = new LinkedHashMap<>();
            for (SwitchSession s : programs.keySet()) {
                flows.put(s, s.multipart(FlowMods13.F.buildFlowStatsRequest().setTableId(TableId.ALL)
                        .setOutPort(OFPort.ANY).setOutGroup(OFGroup.ANY).setCookie(U64.ZERO)
                        .setCookieMask(U64.ZERO).setMatch(FlowMods13.F.buildMatch().build()).build()));
                groups.put(s, s.multipart(FlowMods13.F.buildGroupDescStatsRequest().build()));
                meters.put(s, s.<OFMeterConfigStatsReply>multipart(FlowMods13.meterConfigRequest())
                        .exceptionally(failure -> {
                            LOG.debug("{}: meter configuration not readable ({}); assuming no meters", s,
                                    failure.toString());
                            return List.of();
                        }));
            }
            Map<SwitchSession, ProgramDiff> diffs = new LinkedHashMap<>();
            for (Map.Entry<SwitchSession, SwitchProgram> e : programs.entrySet()) {
                List<OFFlowStatsEntry> installedFlows = new ArrayList<>();
                for (OFFlowStatsReply part : await(flows.get(e.getKey()))) {
                    installedFlows.addAll(part.getEntries());
                }
                List<OFGroupDescStatsEntry> installedGroups = new ArrayList<>();
                for (OFGroupDescStatsReply part : await(groups.get(e.getKey()))) {
                    installedGroups.addAll(part.getEntries());
                }
                List<OFMeterConfig> installedMeters = new ArrayList<>();
                for (OFMeterConfigStatsReply part : await(meters.get(e.getKey()))) {
                    installedMeters.addAll(part.getEntries());
                }
                diffs.put(e.getKey(), ProgramDiff.of(e.getValue(), installedFlows, installedGroups,
                        installedMeters));
            }
            int[] counts = {
                runPhase(diffs, ProgramDiff::first),
                runPhase(diffs, ProgramDiff::last),
                runPhase(diffs, ProgramDiff::cleanup)};
            for (Map.Entry<SwitchSession, SwitchProgram> e : programs.entrySet()) {
                programmedGeneration.put(e.getValue().switchId(), gen);
            }
            event(FabricEvent.Kind.PROGRAMMED, String.format("%s: %d switches, %d+%d+%d messages "
                            + "(first/ingress/cleanup) in %.1f ms", reason, programs.size(), counts[0], counts[1],
                    counts[2], (System.nanoTime() - t0) / 1e6));
        } catch (OpenFlowException | TimeoutException e) {
            event(FabricEvent.Kind.FAILURE, reason + ": programming failed: " + e.getMessage());
        }
    }

    /**
     * What a switch must hold: its part of the program; in discover mode, for a switch the program does not
     * cover yet (none computed, or it connected since), the discovery entries only.
     */
    private SwitchProgram programOf(FabricProgram p, SwitchSession s) {
        String id = switchByDpid.get(s.dpid());
        SwitchProgram sp = p == null || id == null ? null : p.bySwitch().get(id);
        if (sp == null && discovering() && id != null) {
            return RouteCompiler.discoveryOnly(new Switch(id, s.dpid(), 1), config.compile());
        }
        return sp;
    }

    private int runPhase(Map<SwitchSession, ProgramDiff> diffs, Function<ProgramDiff, List<OFMessage>> phase)
            throws TimeoutException {
        Map<SwitchSession, CompletableFuture<TransactionResult>> txs = new LinkedHashMap<>();
        int messages = 0;
        for (Map.Entry<SwitchSession, ProgramDiff> e : diffs.entrySet()) {
            List<OFMessage> msgs = phase.apply(e.getValue());
            if (!msgs.isEmpty()) {
                messages += msgs.size();
                txs.put(e.getKey(), e.getKey().transaction(msgs));
            }
        }
        for (Map.Entry<SwitchSession, CompletableFuture<TransactionResult>> e : txs.entrySet()) {
            TransactionResult r = await(e.getValue());
            if (!r.ok()) {
                openflowErrors.addAndGet(r.errors().size());
                event(FabricEvent.Kind.OPENFLOW_ERROR, e.getKey() + ": " + r.errors().size() + " of "
                        + r.messages() + " messages failed, first: " + r.errors().get(0));
            }
        }
        return messages;
    }

    private <T> T await(CompletableFuture<T> f) throws TimeoutException {
        try {
            return f.get(config.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof OpenFlowException o ? o : new OpenFlowException(e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OpenFlowException("interrupted");
        }
    }

    private void event(FabricEvent.Kind kind, String detail) {
        FabricEvent e = new FabricEvent(System.currentTimeMillis(), kind, detail);
        events.add(e);
        if (kind == FabricEvent.Kind.FAILURE || kind == FabricEvent.Kind.OPENFLOW_ERROR
                || kind == FabricEvent.Kind.UNKNOWN_SWITCH) {
            LOG.warn("{}", e);
        } else {
            LOG.info("{}", e);
        }
    }

    @Override
    public void close() {
        closing = true;
        lldpTimer.shutdownNow();
        worker.shutdownNow();
    }
}

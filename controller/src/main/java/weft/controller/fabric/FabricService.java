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
import java.util.concurrent.atomic.AtomicLong;
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

    private final Config config;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "weft-fabric");
        t.setDaemon(true);
        return t;
    });
    private final Map<Long, String> switchByDpid = new HashMap<>();
    private final Map<String, Integer> linkByPort = new HashMap<>();
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
    private final Map<String, String> switchOfHost = new HashMap<>();
    private final ScheduledExecutorService lldpTimer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "weft-lldp");
        t.setDaemon(true);
        return t;
    });

    public FabricService(Config config) {
        this.config = config;
        for (Switch s : config.topology().switches()) {
            switchByDpid.put(s.dpid(), s.id());
        }
        config.topology().hosts().forEach(h -> switchOfHost.put(h.id(), h.switchId()));
        List<Link> links = config.topology().links();
        for (int i = 0; i < links.size(); i++) {
            linkByPort.put(links.get(i).a() + ":" + links.get(i).aPort(), i);
            linkByPort.put(links.get(i).b() + ":" + links.get(i).bPort(), i);
        }
    }

    /**
     * Computes, verifies and compiles the routes of the whole fabric before any switch connects.
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
     * A host agent registered: records the host where it says it is attached, as a first packet from it would
     * (discovery), and logs when that differs from the configured topology.
     *
     * @param attachment {@code switch:port} as the agent was told it ({@code --attachment}), or null
     */
    public void hostRegistered(String hostId, String mac, String ip, String attachment) {
        if (attachment == null || mac == null) {
            return;
        }
        int colon = attachment.lastIndexOf(':');
        weft.model.topology.Switch sw = null;
        int port = -1;
        if (colon > 0) {
            for (weft.model.topology.Switch s : config.topology().switches()) {
                if (s.id().equals(attachment.substring(0, colon))) {
                    sw = s;
                }
            }
            try {
                port = Integer.parseInt(attachment.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
        }
        if (sw == null || port < 1) {
            LOG.warn("agent {}: attachment '{}' names no switch:port of {}", hostId, attachment,
                    config.topology().name());
            return;
        }
        discovery.hostPacket(sw.dpid(), port, new weft.controller.discovery.FirstPacket.Sighting(mac, ip));
        for (weft.model.topology.Host h : config.topology().hosts()) {
            if (h.id().equals(hostId) && (!h.switchId().equals(sw.id()) || h.port() != port)) {
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

    /** Differences between the configured and the discovered fabric (hosts only when {@code checkHosts}). */
    public List<String> discoveryDifferences(boolean checkHosts) {
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
            discovery.lldp(session.dpid(), in.getPortNumber(), origin.get());
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
                    for (OFPortStatsReply part : parts) {
                        for (OFPortStatsEntry e : part.getEntries()) {
                            int port = e.getPortNo().getPortNumber();
                            Integer link = linkByPort.get(switchId + ":" + port);
                            if (link == null) {
                                continue;
                            }
                            String key = switchId + ":" + port;
                            long bytes = e.getTxBytes().getValue();
                            LinkCounters before = counters.get(key);
                            double bps = before == null || now <= before.atMillis() ? 0
                                    : 8.0 * (bytes - before.txBytes()) * 1000 / (now - before.atMillis());
                            counters.put(key, new LinkCounters(describe(link), switchId, port, bytes,
                                    e.getTxPackets().getValue(), e.getTxDropped().getValue(), bps, now));
                        }
                    }
                });
    }

    /** Polls the meters of the rated pairs whose source is on this switch, if there are any. */
    private void pollMeters(String switchId, SwitchSession session) {
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
            Integer link = linkByPort.get(id + ":" + p.getKey());
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
        Link l = config.topology().links().get(link);
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
        int port = status.getDesc().getPortNo().getPortNumber();
        Integer link = linkByPort.get(id + ":" + port);
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

    private static boolean isDown(OFPortDesc d) {
        return d.getState().contains(OFPortState.LINK_DOWN) || d.getConfig().contains(OFPortConfig.PORT_DOWN);
    }

    private String describe(int link) {
        Link l = config.topology().links().get(link);
        return l.a() + ":" + l.aPort() + "-" + l.b() + ":" + l.bPort();
    }

    /** Recomputes, verifies and compiles; on failure keeps the old program and returns false. */
    private boolean recompute(String reason) {
        long t0 = System.nanoTime();
        try {
            Topology t = RemainingTopology.of(config.topology(), failedLinks, lostSwitches);
            RoutingResult r = config.engine().compute(t, config.routing());
            config.verifier().verify(t, r);
            FabricProgram p = RouteCompiler.compile(t, r, config.compile(), pairRates);
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
            SwitchProgram sp = p.bySwitch().get(switchByDpid.get(s.dpid()));
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

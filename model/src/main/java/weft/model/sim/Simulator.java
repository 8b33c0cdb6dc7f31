package weft.model.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weft.model.routing.ForwardingTable;
import weft.model.routing.RoutedPaths;
import weft.model.routing.RoutingResult;
import weft.model.sim.engine.EventQueue;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * A packet-level, discrete-event simulator of a lossless (credit or PFC) or lossy fabric that forwards by a Weft
 * routing result exactly as the switches would read it. Pure and deterministic: integer simulated time in
 * picoseconds, one event order (time, phase, sequence), one seeded random stream per host, no threads, clocks or
 * I/O. The same inputs give the same result on every run and machine.
 *
 * <p>Use: build once per (topology, routes, configuration), then {@link #run} any number of workloads, each on a
 * fresh network:
 * <pre>{@code
 * Simulator sim = new Simulator(topology, routes, SimConfig.defaults().withBufferBytes(8 * 2048));
 * SimResult r = sim.run(new Workload.OpenLoop(TrafficPatterns.parse("uniform", hosts, 1), 0.5));
 * r.accepted(); r.latencyNs().p99(); r.deadlock();
 * }</pre>
 * A reproduction swaps the hosts' injection control ({@link InjectionPolicy.Factory}) and adds its own
 * {@link SimObserver}s with {@link #run(Workload, InjectionPolicy.Factory, List)}.
 *
 * <p>What stops a run: the end of the measured interval (open loop; with {@link SimConfig#drain()} once everything
 * made has arrived, at most one more interval later), the last phase of every application (flows), the time limit
 * (warm-up plus duration, flows), or a deadlock, found by {@link DeadlockDetector} and reported with its cycle.
 */
public final class Simulator {
    private final Topology topology;
    private final RoutingResult routes;
    private final SimConfig config;
    private final Fabric fabric;
    private final ForwardingTable forwarding;
    private final long deadlockPs;
    private RoutedPaths routedPaths;

    /**
     * @throws IllegalArgumentException naming the problem when the routes do not fit the topology or the
     *                                  configuration cannot run on it
     */
    public Simulator(Topology topology, RoutingResult routes, SimConfig config) {
        this.topology = topology;
        this.routes = routes;
        this.config = config;
        if (topology.hosts().isEmpty()) {
            throw new IllegalArgumentException("fabric " + topology.name() + " has no hosts to send traffic");
        }
        if (config.flitBytes() > 0 && config.flowControl() != SimConfig.FlowControlKind.CREDIT) {
            throw new IllegalArgumentException(config.flowControl().name().toLowerCase()
                    + " flow control drops or pauses whole packets: use packets (no flit size) or credits");
        }
        long need = config.switching() == SimConfig.Switching.WORMHOLE ? config.flitBytes()
                : (long) config.flitsOf(config.packetBytes()) * config.unitBytes();
        if (config.bufferBytes() < need && config.flowControl() == SimConfig.FlowControlKind.CREDIT) {
            throw new IllegalArgumentException("buffers of " + config.bufferBytes() + " B cannot hold a packet of "
                    + need + " B, which " + config.switching().name().toLowerCase().replace('_', '-')
                    + " needs (raise --buffer-packets)");
        }
        try {
            this.forwarding = ForwardingTable.of(topology, routes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " (routes for another topology?)", e);
        }
        this.fabric = new Fabric(topology, routes, forwarding, config);
        if (fabric.vcs > 64) {
            throw new IllegalArgumentException("at most 64 virtual channels per port, got " + fabric.vcs);
        }
        this.deadlockPs = config.deadlockPs() > 0 ? config.deadlockPs() : derivedDeadlockPs();
    }

    /** Four times the slowest hop: a packet's serialisation, the link's latency both ways and the router delay. */
    private long derivedDeadlockPs() {
        long worst = 0;
        for (int c = 0; c < fabric.channels; c++) {
            worst = Math.max(worst, fabric.serPs(c, config.packetBytes()) + 2 * fabric.chLatencyPs[c]);
        }
        return 4 * (worst + config.routerDelayPs());
    }

    /** Detection time used for deadlocks (configured, or derived from the fabric). */
    public long deadlockPs() {
        return deadlockPs;
    }

    /** Virtual channels per port in this fabric. */
    public int vcs() {
        return fabric.vcs;
    }

    /** Runs a workload with no injection control at the hosts. */
    public SimResult run(Workload workload) {
        return run(workload, InjectionPolicy.noControl(), List.of());
    }

    /**
     * Runs a workload on a fresh network.
     *
     * @param policy    the hosts' injection control
     * @param observers watch the run (called after the built-in statistics)
     * @throws SimulationException when the routes send a packet into a black hole
     */
    public SimResult run(Workload workload, InjectionPolicy.Factory policy, List<SimObserver> observers) {
        return run(workload, policy, observers, null);
    }

    /**
     * Runs phase-based flows whose rates a simulated controller allocates online: every interval it reads the
     * hosts' VOQ backlogs and runs the live controller's {@link weft.model.rate.OnlineAllocation}; the hosts' rated
     * injection takes the rates after the control delay. The rounds are in {@link SimResult#allocation()}.
     *
     * @throws weft.model.rate.InfeasibleRequest when the routes have no path for a flow
     */
    public SimResult run(Workload.Phases workload, OnlineRates online, List<SimObserver> observers) {
        return run(workload, null, observers, online);
    }

    private SimResult run(Workload workload, InjectionPolicy.Factory policy, List<SimObserver> observers,
                          OnlineRates online) {
        boolean driven = workload instanceof Workload.Driven;
        boolean open = workload instanceof Workload.OpenLoop || driven;
        long end = config.warmupPs() + config.durationPs();
        Engine e = new Engine(config, fabric, forwarding, open ? config.warmupPs() : 0, end, observers, deadlockPs);
        e.switches = SwitchModel.create(e);
        if (e.recordQueues && !config.infiniteSpeedup()) {
            throw new IllegalArgumentException("a QueueObserver needs output queues: the output-queued switch "
                    + "(infinite speedup), not the input-queued crossbar");
        }
        OpenLoopSource source = null;
        PhaseSource phases = null;
        if (workload instanceof Workload.Driven d) {
            Protocol protocol = d.protocol().apply(network());
            int[] none = new int[0];
            e.hosts = new Hosts(e, none, none, none, 0, policy);
            Nic[] nics = new Nic[fabric.hosts];
            for (int h = 0; h < fabric.hosts; h++) {
                nics[h] = protocol.nic(h, Engine.mix(config.seed() * 43 + h));
            }
            e.hosts.useNics(nics, protocol.spreadsPaths());
            e.attach(protocol.switches());
            for (int h = 0; h < fabric.hosts; h++) {
                e.hosts.ready(h, 0);
            }
        } else if (workload instanceof Workload.OpenLoop o) {
            int[] hostOf = new int[fabric.hosts];
            int[] none = new int[fabric.hosts];
            for (int h = 0; h < fabric.hosts; h++) {
                hostOf[h] = h;
                none[h] = -1;
            }
            e.hosts = new Hosts(e, hostOf, none, none, 0, policy);
            source = new OpenLoopSource(e, o.pattern(), o.load(), end);
            source.start();
        } else {
            Workload.Phases p = (Workload.Phases) workload;
            phases = phases(e, p, policy, online);
            phases.start();
            if (e.controller != null) {
                e.controller.start();
            }
        }
        DeadlockDetector detector = new DeadlockDetector(e, deadlockPs);
        long watch = Math.max(1, deadlockPs / 2);
        // A lossy fabric drops what does not fit, so no buffer waits for another and no deadlock can form; an open
        // or driven run keeps its stop event queued, so leaving the watchdog out changes no other event.
        if (!(open && config.flowControl() == SimConfig.FlowControlKind.LOSSY)) {
            e.events.schedule(watch, Engine.PHASE_CHECK, Engine.EV_WATCHDOG, 0, 0, 0);
        }
        e.events.schedule(end, Engine.PHASE_END, Engine.EV_STOP, 0, 0, 0);
        long now = 0;
        long decideKey = Engine.PHASE_DECIDE;
        while (!e.stopped) {
            if (e.decisionsPending() && (e.events.isEmpty() || e.events.peekKey() > decideKey)) {
                e.runDecisions();
                continue;
            }
            if (e.events.isEmpty()) {
                break;
            }
            now = e.events.pop();
            e.now = now;
            decideKey = EventQueue.key(now, Engine.PHASE_DECIDE);
            int a = e.events.a();
            switch (e.events.type()) {
                case Engine.EV_ARRIVE -> e.arrive(a, e.events.b(), now);
                case Engine.EV_TX_DONE -> e.transmitted(a, e.events.b(), e.events.c(), now);
                case Engine.EV_CREDIT -> {
                    e.flowControl.onCredit(a, e.events.b(), e.events.c());
                    e.senderMayGo(a, now);
                }
                case Engine.EV_PAUSE -> {
                    e.flowControl.onPause(a, e.events.b(), e.events.c() == 1);
                    if (e.events.c() == 0) {
                        e.senderMayGo(a, now);
                    }
                }
                case Engine.EV_GEN -> source.generate(a, now);
                case Engine.EV_DECIDE -> e.decideNow(a);
                case Engine.EV_PHASE -> phases.phase(a, now);
                case Engine.EV_RESEQ -> e.hosts.receivers.resequencerTimer(a, now);
                case Engine.EV_ALLOCATE -> e.controller.round(now);
                case Engine.EV_RATES -> e.controller.apply(a, now);
                case Engine.EV_WATCHDOG -> {
                    DeadlockReport d = detector.check(now);
                    if (d != null) {
                        e.deadlock = d;
                        e.stop("deadlock");
                    } else {
                        e.events.schedule(now + watch, Engine.PHASE_CHECK, Engine.EV_WATCHDOG, 0, 0, 0);
                    }
                }
                case Engine.EV_STOP -> stopEvent(e, open, end, now);
                default -> throw new IllegalStateException("unknown event type " + e.events.type());
            }
        }
        if (!e.stopped) {
            e.stop("no events left");
        }
        e.stats.closeWindow(now);
        if (e.recordQueues) {
            long[] peaks = e.switches.queuePeaks();
            for (SimObserver o : observers) {
                if (o instanceof QueueObserver q) {
                    q.outputQueues(peaks.clone());
                }
            }
        }
        return result(e, workload, workload instanceof Workload.OpenLoop o ? o.load() : Double.NaN, phases, now);
    }

    private void stopEvent(Engine e, boolean open, long end, long now) {
        if (now > end) {
            e.stop(e.draining ? "drain time limit" : "time limit");
        } else if (open && config.drain() && !(e.hosts.driven())) {
            e.draining = true;
            e.events.schedule(end + config.durationPs(), Engine.PHASE_END, Engine.EV_STOP, 0, 0, 0);
            e.checkDrained();
        } else {
            e.stop(open ? "end of measurement" : "time limit");
        }
    }

    /** The network as a protocol sees it. */
    public SimNetwork network() {
        return new FabricNetwork(topology, config, fabric, forwarding);
    }

    private PhaseSource phases(Engine e, Workload.Phases p, InjectionPolicy.Factory given, OnlineRates online) {
        List<Flow> flows = p.flows();
        Map<String, Integer> hostIndex = new HashMap<>();
        for (int h = 0; h < fabric.hosts; h++) {
            hostIndex.put(topology.hosts().get(h).id(), h);
        }
        int n = flows.size();
        int[] src = new int[n];
        int[] dst = new int[n];
        for (int f = 0; f < n; f++) {
            Flow flow = flows.get(f);
            Integer s = hostIndex.get(flow.src());
            Integer d = hostIndex.get(flow.dst());
            if (s == null || d == null) {
                throw new IllegalArgumentException(p.name() + ": flow " + flow.id() + ": unknown host "
                        + (s == null ? flow.src() : flow.dst()) + " (flows for another topology?)");
            }
            src[f] = s;
            dst[f] = d;
        }
        Integer[] order = new Integer[n];
        for (int f = 0; f < n; f++) {
            order[f] = f;
        }
        java.util.Arrays.sort(order, (x, y) -> x.equals(y) ? 0 : src[x] != src[y] ? Integer.compare(src[x], src[y])
                : Integer.compare(x, y));
        int[] queueHost = new int[n];
        int[] queueDst = new int[n];
        int[] queueFlow = new int[n];
        int[] flowQueue = new int[n];
        for (int q = 0; q < n; q++) {
            int f = order[q];
            queueHost[q] = src[f];
            queueDst[q] = dst[f];
            queueFlow[q] = f;
            flowQueue[f] = q;
        }
        int[] flowTag = new int[n];
        java.util.Arrays.fill(flowTag, -1);
        for (int f = 0; f < n; f++) {
            Integer tag = p.pathTags().get(flows.get(f).id());
            if (tag != null) {
                flowTag[f] = tag;
            }
        }
        RatedInjection[] injectors = new RatedInjection[fabric.hosts];
        InjectionPolicy.Factory policy = online == null ? given : SimulatedController.hosts(online, injectors);
        e.hosts = new Hosts(e, queueHost, queueDst, queueFlow, n, policy);
        if (online != null) {
            e.controller = new SimulatedController(e, e.hosts, online, topology, routedPaths(), flows, src, flowQueue,
                    injectors);
        }
        e.hosts.paths.fixPaths(flowTag, src, dst, p.name(), flows);
        PhaseSource s = new PhaseSource(e, p, flowQueue, src);
        e.hosts.receivers.onDelivery(s);
        return s;
    }

    /** The routed paths the controller allocates over (as the live one: first ECMP port, default tag). */
    private RoutedPaths routedPaths() {
        if (routedPaths == null) {
            routedPaths = RoutedPaths.of(topology, routes, RoutedPaths.BrokenWalk.FAIL, "routes of "
                    + routes.engine());
        }
        return routedPaths;
    }

    private SimResult result(Engine e, Workload workload, double load, PhaseSource phases, long now) {
        Stats s = e.stats;
        double[] offered = s.offered(now);
        double[] accepted = s.accepted(now);
        double sumOffered = 0;
        double sumAccepted = 0;
        double minAccepted = Double.NaN;
        List<SimResult.HostLoad> hosts = new ArrayList<>(fabric.hosts);
        for (int h = 0; h < fabric.hosts; h++) {
            sumOffered += offered[h];
            sumAccepted += accepted[h];
            if (offered[h] > 0 && !(accepted[h] >= minAccepted)) {
                minAccepted = accepted[h];
            }
            hosts.add(new SimResult.HostLoad(topology.hosts().get(h).id(), offered[h], accepted[h]));
        }
        boolean open = phases == null;
        return new SimResult(workload.name(), workload instanceof Workload.OpenLoop ? load : Double.NaN,
                open ? sumOffered / fabric.hosts : Double.NaN,
                sumAccepted / fabric.hosts, minAccepted, s.latency.summaryNs(), s.networkLatency.summaryNs(),
                s.generated, s.refused, s.delivered, s.dropped, e.flowControl.pauseFrames(),
                s.measuredMade - s.measuredDelivered, e.deadlock,
                e.stopReason, now, e.events.popped(), e.flitHops, hosts, s.channels(now),
                open ? List.of() : phases.flowRates(now, ((Workload.Phases) workload).assignedGbps()),
                open ? List.of() : phases.phaseTimes,
                e.hosts.receivers.resequencing(), e.controller == null ? List.of() : e.controller.rounds());
    }
}

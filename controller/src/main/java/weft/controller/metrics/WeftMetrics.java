package weft.controller.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.fabric.FabricEvent;
import weft.controller.fabric.FabricObserver;
import weft.controller.fabric.FabricService;
import weft.controller.fabric.FlowCounters;
import weft.controller.fabric.LinkCounters;
import weft.controller.fabric.MeterCounters;
import weft.controller.openflow.SwitchSession;
import weft.controller.openflow.TransactionResult;
import weft.controller.program.PairRate;
import weft.model.topology.Link;
import weft.model.topology.Switch;
import weft.model.topology.Topology;

/**
 * The controller's metrics in a Prometheus registry (Micrometer). Events as they happen (route computations,
 * update phases, transactions, REST requests) are timers and counters fed by {@link FabricObserver} and the REST
 * server; the state of the fabric (switches, links, flows, pairs, agents, events by kind) is read from the fabric
 * service and the agent registry at each scrape, with one series per switch, link, pair or VOQ that follows the
 * fabric ({@link KeyedMeters}). Counters are exported as totals: rates are PromQL's {@code rate()}.
 */
public final class WeftMetrics implements FabricObserver, AutoCloseable {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private volatile FabricService fabric;
    private volatile AgentLinkServer agentsOrNull;
    private final JvmGcMetrics gc = new JvmGcMetrics();

    private final Timer computeTime;
    private final Timer verifyTime;
    private final Counter routeFailures;
    private final Timer updateOk;
    private final Timer updateFailed;
    private final Map<String, Timer> phaseTime = new HashMap<>();
    private final Map<String, Counter> phaseMessages = new HashMap<>();
    private final Timer transactionTime;
    private final Counter messages;
    private final Counter barriers;
    private final Counter transactionErrors;

    private final KeyedMeters switchConnected;
    private final KeyedMeters switchUnsent;
    private final KeyedMeters switchSkipped;
    private final KeyedMeters linkBytes;
    private final KeyedMeters linkPackets;
    private final KeyedMeters linkDropped;
    private final KeyedMeters linkCapacity;
    private final KeyedMeters flowPackets;
    private final KeyedMeters flowBytes;
    private final KeyedMeters pairRate;
    private final KeyedMeters pairBytes;
    private final KeyedMeters pairDropped;
    private final AgentMeters agentSeries;
    private final ReservationMeters crp;
    private final KeyedMeters events;

    /**
     * Registers the JVM's metrics and the timers and counters of route computations, updates and transactions.
     * Add it as an observer of the fabric service before {@link FabricService#start()} so the first computation
     * is counted, then {@link #bind} the service.
     */
    public WeftMetrics() {
        MeterRegistry r = registry;
        new JvmMemoryMetrics().bindTo(r);
        gc.bindTo(r);
        new JvmThreadMetrics().bindTo(r);
        new ClassLoaderMetrics().bindTo(r);
        new ProcessorMetrics().bindTo(r);
        new UptimeMetrics().bindTo(r);

        computeTime = timer("weft.routes.compute", "Routing engine time per computation", Tags.empty());
        verifyTime = timer("weft.routes.verify", "Deadlock verifier time per computation", Tags.empty());
        routeFailures = Counter.builder("weft.routes.failures").description("Computations that failed (routing, "
                + "verification or compilation); the previous program stayed").register(r);
        updateOk = timer("weft.update", "Fabric update time, read to cleanup", Tags.of("result", "ok"));
        updateFailed = timer("weft.update", "Fabric update time, read to cleanup", Tags.of("result", "failed"));
        for (String phase : List.of("read", "first", "ingress", "cleanup")) {
            phaseTime.put(phase, timer("weft.update.phase", "Time of one step of a fabric update on every switch",
                    Tags.of("phase", phase)));
            phaseMessages.put(phase, Counter.builder("weft.update.messages").tags("phase", phase)
                    .description("Flow, group and meter modifications sent per update step").register(r));
        }
        transactionTime = timer("weft.openflow.transaction", "Barrier-confirmed transaction time, first message "
                + "to barrier reply", Tags.empty());
        messages = Counter.builder("weft.openflow.mods").description("Flow, group and meter modifications sent in "
                + "transactions").register(r);
        barriers = Counter.builder("weft.openflow.barriers").description("Barrier replies received (one per "
                + "transaction)").register(r);
        transactionErrors = Counter.builder("weft.openflow.errors").description("Errors switches reported for "
                + "transaction messages").register(r);

        switchConnected = KeyedMeters.gauge(r, "weft.switch.connected", "1 when the switch is connected", null);
        switchUnsent = KeyedMeters.gauge(r, "weft.switch.unsent", "Bytes queued for the switch it has not read",
                "bytes");
        switchSkipped = KeyedMeters.counter(r, "weft.switch.skipped.frames", "Frames the decoder skipped on the "
                + "switch's connection", null);
        linkBytes = KeyedMeters.counter(r, "weft.link.tx", "Bytes a switch sent on a link port", "bytes");
        linkPackets = KeyedMeters.counter(r, "weft.link.tx.packets", "Packets a switch sent on a link port", null);
        linkDropped = KeyedMeters.counter(r, "weft.link.tx.dropped", "Packets a switch dropped on transmit on a "
                + "link port", null);
        linkCapacity = KeyedMeters.gauge(r, "weft.link.capacity", "Link capacity from the topology",
                "bits.per.second");
        flowPackets = KeyedMeters.counter(r, "weft.flow.packets", "Packets Weft's entries matched, per switch, "
                + "class and destination", null);
        flowBytes = KeyedMeters.counter(r, "weft.flow", "Bytes Weft's entries matched, per switch, class and "
                + "destination", "bytes");
        pairRate = KeyedMeters.gauge(r, "weft.pair.rate", "Rate assigned to a host pair (meter)", "bits.per.second");
        pairBytes = KeyedMeters.counter(r, "weft.pair.meter.in", "Bytes a pair's meter saw", "bytes");
        pairDropped = KeyedMeters.counter(r, "weft.pair.meter.dropped", "Bytes a pair's meter dropped", "bytes");
        agentSeries = new AgentMeters(r);
        crp = new ReservationMeters(r);
        events = KeyedMeters.counter(r, "weft.events", "Fabric events since start, by kind", null);
    }

    /** Reads the state of this fabric service at each scrape (switches, routes, links, flows, pairs, events). */
    public WeftMetrics bind(FabricService service) {
        MeterRegistry r = registry;
        this.fabric = service;
        Gauge.builder("weft.switches", service, f -> f.sessions().size()).tags("state", "connected")
                .description("Switches by state").register(r);
        Gauge.builder("weft.switches", service, f -> Math.max(0, known(f).switches().size() - f.sessions().size()))
                .tags("state", "disconnected").description("Switches by state").register(r);
        Gauge.builder("weft.routes.layers", service, f -> f.routes() == null ? 0 : f.routes().layers())
                .description("Layers (virtual channels) the current routes use").register(r);
        Gauge.builder("weft.routes.converged", service, f -> f.isConverged() ? 1 : 0)
                .description("1 when every switch holds the current program").register(r);
        return this;
    }

    /** Adds the agent registry's gauges (agents by state) and per-VOQ series. */
    public WeftMetrics agents(AgentLinkServer agents) {
        this.agentsOrNull = agents;
        Gauge.builder("weft.agents", agents, a -> a.view().stream().filter(v -> v.connected()).count())
                .tags("state", "connected").description("Agents by state").register(registry);
        Gauge.builder("weft.agents", agents, a -> a.view().stream().filter(v -> !v.connected()).count())
                .tags("state", "disconnected").description("Agents by state").register(registry);
        return this;
    }

    private Timer timer(String name, String help, Tags tags) {
        return Timer.builder(name).description(help).tags(tags).publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(60))
                .register(registry);
    }

    /** The registry, for the REST server's own meters. */
    public MeterRegistry registry() {
        return registry;
    }

    /** The Prometheus text exposition of every metric, with the fabric's state read now. */
    public String scrape() {
        refresh();
        return registry.scrape();
    }

    /**
     * The Prometheus names of the families that have series only while the fabric has something to show (a link
     * with counters, a rated pair, an agent), so a scrape of an idle fabric does not list them.
     */
    java.util.Set<String> familiesWithoutSeriesYet() {
        java.util.Set<String> out = new java.util.TreeSet<>(List.of("weft_agents"));
        for (KeyedMeters k : List.of(switchConnected, switchUnsent, switchSkipped, linkBytes, linkPackets, linkDropped,
                linkCapacity, flowPackets, flowBytes, pairRate, pairBytes, pairDropped, events)) {
            out.add(k.prometheusName());
        }
        agentSeries.all().forEach(k -> out.add(k.prometheusName()));
        crp.all().forEach(k -> out.add(k.prometheusName()));
        return out;
    }

    /** The Prometheus text format's content type. */
    public static String contentType() {
        return "text/plain; version=0.0.4; charset=utf-8";
    }

    private static Topology known(FabricService f) {
        return f.discovering() ? f.discoveredTopology() : f.configuredTopology();
    }

    /** Reads the fabric's and the agents' state into the per-switch, per-link, per-pair and per-VOQ series. */
    synchronized void refresh() {
        FabricService fabric = this.fabric;
        if (fabric == null) {
            return;
        }
        Map<String, SwitchSession> sessions = fabric.sessions();
        Map<Tags, Double> connected = new HashMap<>();
        Map<Tags, Double> unsent = new HashMap<>();
        Map<Tags, Double> skipped = new HashMap<>();
        for (Switch s : known(fabric).switches()) {
            SwitchSession session = sessions.get(s.id());
            Tags t = Tags.of("switch", s.id(), "dpid", s.dpidHex());
            connected.put(t, session == null ? 0.0 : 1.0);
            if (session != null) {
                unsent.put(Tags.of("switch", s.id()), (double) session.unsentBytes());
                skipped.put(Tags.of("switch", s.id()), (double) session.skippedFrames());
            }
        }
        switchConnected.update(connected);
        switchUnsent.update(unsent);
        switchSkipped.update(skipped);

        Map<Tags, Double> bytes = new HashMap<>();
        Map<Tags, Double> packets = new HashMap<>();
        Map<Tags, Double> dropped = new HashMap<>();
        for (LinkCounters c : fabric.linkCounters().values()) {
            Tags t = Tags.of("link", c.link(), "from", c.from(), "port", Integer.toString(c.port()));
            bytes.put(t, (double) c.txBytes());
            packets.put(t, (double) c.txPackets());
            dropped.put(t, (double) c.txDropped());
        }
        linkBytes.update(bytes);
        linkPackets.update(packets);
        linkDropped.update(dropped);
        Map<Tags, Double> capacity = new HashMap<>();
        Topology current = fabric.currentTopology();
        if (current != null) {
            for (Link l : current.links()) {
                capacity.put(Tags.of("link", l.a() + ":" + l.aPort() + "-" + l.b() + ":" + l.bPort()), l.gbps() * 1e9);
            }
        }
        linkCapacity.update(capacity);

        Map<Tags, Double> fp = new HashMap<>();
        Map<Tags, Double> fb = new HashMap<>();
        for (List<FlowCounters> perSwitch : fabric.flowCounters().values()) {
            for (FlowCounters c : perSwitch) {
                Tags t = Tags.of("switch", c.switchId(), "class", c.flowClass().name(), "destination",
                        c.destination());
                fp.merge(t, (double) c.packets(), Double::sum);
                fb.merge(t, (double) c.bytes(), Double::sum);
            }
        }
        flowPackets.update(fp);
        flowBytes.update(fb);

        Map<Long, MeterCounters> byMeter = new HashMap<>();
        fabric.meterCounters().values().forEach(list -> list.forEach(c -> byMeter.put(c.meterId(), c)));
        Map<Tags, Double> rate = new HashMap<>();
        Map<Tags, Double> in = new HashMap<>();
        Map<Tags, Double> out = new HashMap<>();
        for (PairRate p : fabric.pairRates().rates()) {
            Tags t = Tags.of("src", p.src(), "dst", p.dst());
            rate.put(t, p.kbps() * 1000.0);
            MeterCounters c = byMeter.get(p.meterId());
            if (c != null) {
                in.put(t, (double) c.bytesIn());
                out.put(t, (double) c.droppedBytes());
            }
        }
        pairRate.update(rate);
        pairBytes.update(in);
        pairDropped.update(out);

        AgentLinkServer agents = agentsOrNull;
        agentSeries.update(agents);
        crp.update(agents == null ? null : agents.reservations());

        Map<Tags, Double> byKind = new HashMap<>();
        Map<FabricEvent.Kind, Long> counts = fabric.eventLog().counts();
        for (FabricEvent.Kind k : FabricEvent.Kind.values()) {
            byKind.put(Tags.of("kind", k.name()), (double) counts.getOrDefault(k, 0L));
        }
        events.update(byKind);
    }

    @Override
    public void routesComputed(long computeNanos, long verifyNanos) {
        computeTime.record(computeNanos, TimeUnit.NANOSECONDS);
        verifyTime.record(verifyNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void routesFailed() {
        routeFailures.increment();
    }

    @Override
    public void updatePhase(String phase, long nanos, int count) {
        Timer t = phaseTime.get(phase);
        if (t != null) {
            t.record(nanos, TimeUnit.NANOSECONDS);
            phaseMessages.get(phase).increment(count);
        }
    }

    @Override
    public void update(long nanos, boolean ok) {
        (ok ? updateOk : updateFailed).record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void transaction(TransactionResult result) {
        transactionTime.record(result.nanos(), TimeUnit.NANOSECONDS);
        messages.increment(result.messages());
        barriers.increment();
        transactionErrors.increment(result.errors().size());
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}

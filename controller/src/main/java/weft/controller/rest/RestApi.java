package weft.controller.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.ssl.SslContext;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.crp.ReservationsView;
import weft.controller.fabric.FabricEvent;
import weft.controller.fabric.FabricService;
import weft.controller.fabric.FlowCounters;
import weft.controller.fabric.LinkCounters;
import weft.controller.fabric.MeterCounters;
import weft.controller.ha.ZkCluster;
import weft.controller.metrics.WeftMetrics;
import weft.controller.openflow.SwitchSession;
import weft.controller.program.PairRates;
import weft.controller.program.PairRatesException;
import weft.model.routing.io.RoutesJson;
import weft.model.topology.Switch;
import weft.model.topology.io.TopologyJson;

/**
 * The REST API over the fabric service, served by {@link RestServer}. As JSON: {@code GET /api/topology} (the
 * topology routes are computed on, in weft-topology/1, and the differences between configured and discovered
 * fabric), {@code /api/routes} (weft-routes/1), {@code /api/switches}, {@code /api/stats} (link port counters and
 * Weft flow counters per switch), {@code /api/events} and {@code /api/agents} (the embedded agent registry).
 * {@code /api/rates} also takes PUT (authenticated, see {@link RestAuth}): a {@code weft-pair-rates/1} table
 * (see {@link PairRates}) replaces the rated pairs as a fabric update; the answer is the applied table (200), the
 * validation error (400), or the reason the fabric kept its previous program (409). GET adds each pair's meter
 * counters (packets and bytes in, packets and bytes dropped) once its switch has reported them.
 * {@code GET /metrics} is the Prometheus exposition of {@link WeftMetrics}. Every endpoint is described in
 * {@code docs/openapi.yaml}.
 */
public final class RestApi implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** One-line JSON for event stream data. */
    private static final ObjectMapper EVENT_JSON = new ObjectMapper();
    /** Events a new stream starts with when it names no {@code since}. */
    static final int STREAM_BACKLOG = 100;
    /** The dashboard's files, served from the jar. */
    private static final Map<String, RestResponse> DASHBOARD = Map.of(
            "index.html", resource("dashboard/index.html", "text/html; charset=utf-8"),
            "dashboard.js", resource("dashboard/dashboard.js", "text/javascript; charset=utf-8"),
            "dashboard.css", resource("dashboard/dashboard.css", "text/css; charset=utf-8"));
    /** How long a PUT /api/rates waits for the fabric update. */
    private static final long RATES_TIMEOUT_S = 60;

    /** One switch as the API shows it. */
    public record SwitchView(String id, String dpid, boolean connected, String remote, List<Integer> ports,
                             long skippedFrames, long unsolicitedErrors) {
    }

    /** The topology answer: the routed topology as a weft-topology/1 text, and the discovery differences. */
    public record TopologyView(String topology, List<String> differences) {
    }

    /** The statistics answer: link port counters, and Weft flow counters per switch, class and destination. */
    public record StatsView(List<LinkCounters> links, Map<String, List<FlowCounters>> flows) {
    }

    /**
     * How the API is served.
     *
     * @param address   listen address (port 0 picks one)
     * @param sslOrNull server TLS context ({@link weft.controller.tls.TlsContexts#server}), or null for HTTP
     * @param auth      who may call what
     * @param limits    memory, thread and time bounds
     */
    public record Config(InetSocketAddress address, SslContext sslOrNull, RestAuth auth, HttpLimits limits) {
        /** Plain HTTP with default limits. */
        public static Config plain(InetSocketAddress address, RestAuth auth) {
            return new Config(address, null, auth, HttpLimits.defaults());
        }
    }

    /** The OpenAPI description of every endpoint (docs/openapi.yaml, packaged into the jar). */
    static final String OPENAPI = openApi();

    private final RestServer server;
    private final RestRouter router;
    private final FabricService fabric;
    private final WeftMetrics metrics;
    private final boolean ownsMetrics;
    /** The cluster this controller is a member of, or null without {@code --ha}. */
    private final ZkCluster cluster;

    private RestApi(Config config, FabricService fabric, AgentLinkServer agentsOrNull, WeftMetrics metrics,
                    boolean ownsMetrics, ZkCluster clusterOrNull) {
        this.fabric = fabric;
        this.metrics = metrics;
        this.ownsMetrics = ownsMetrics;
        this.cluster = clusterOrNull;
        this.router = new RestRouter()
                .get("/api/cluster", r -> json(clusterOrNull == null ? Map.of("ha", false, "role", "MASTER")
                        : clusterOrNull.view()))
                .get("/metrics", r -> RestResponse.text(200, WeftMetrics.contentType(), metrics.scrape()))
                .get("/api/openapi.yaml", r -> RestResponse.text(200, "application/yaml", OPENAPI))
                .get("/api/agents", r -> json(agentsOrNull == null ? List.of() : agentsOrNull.view()))
                .get("/api/reservations", r -> reservations(agentsOrNull))
                .get("/api/reservations/bookings", r -> agentsOrNull == null || agentsOrNull.reservations() == null
                        ? noReservations() : json(agentsOrNull.bookings()))
                .get("/api/topology", r -> json(new TopologyView(TopologyJson.write(fabric.currentTopology()),
                        fabric.discoveryDifferences(false))))
                .get("/api/routes", r -> fabric.routes() == null ? json(Map.of())
                        : RestResponse.text(200, "application/json", RoutesJson.write(fabric.routes())))
                .get("/api/switches", r -> json(switches()))
                .get("/api/stats", r -> json(new StatsView(fabric.linkCounters().values().stream()
                        .sorted(Comparator.comparing(LinkCounters::from).thenComparingInt(LinkCounters::port))
                        .toList(), new TreeMap<>(fabric.flowCounters()))))
                .get("/api/events", r -> json(fabric.events().stream().map(FabricEvent::toString).toList()))
                .get("/api/rates", r -> json(ratesWithCounters()))
                .get("/api/fabric", r -> json(FabricView.of(fabric)))
                .get("/api/path", this::path)
                .stream("/api/events/stream", this::events)
                .asset("/", r -> DASHBOARD.get("index.html"))
                .asset("/dashboard.js", r -> DASHBOARD.get("dashboard.js"))
                .asset("/dashboard.css", r -> DASHBOARD.get("dashboard.css"))
                .add(new RestEndpoint("PUT", "/api/rates", this::putRates));
        this.server = new RestServer(config.address(), config.sslOrNull(), config.auth(), config.limits(), router,
                metrics.registry());
    }

    /** Serves plain HTTP on the address (port 0 picks a free port) with no credentials: reads only. */
    public static RestApi start(InetSocketAddress address, FabricService fabric) {
        return start(Config.plain(address, RestAuth.none()), fabric, null);
    }

    /** {@link #start(Config, FabricService, AgentLinkServer, WeftMetrics)} with metrics of its own. */
    public static RestApi start(Config config, FabricService fabric, AgentLinkServer agentsOrNull) {
        WeftMetrics metrics = new WeftMetrics().bind(fabric);
        if (agentsOrNull != null) {
            metrics.agents(agentsOrNull);
        }
        try {
            return new RestApi(config, fabric, agentsOrNull, metrics, true, null);
        } catch (RuntimeException e) {
            metrics.close();
            throw e;
        }
    }

    /**
     * Serves as configured, with {@code GET /api/agents} (registered agents, their pushed rates and paths, reported
     * flows and last report) when the controller embeds an agent registry; without one that resource is an empty
     * list.
     *
     * @param metrics served at {@code /metrics} (the controller's, made before the fabric started)
     * @throws IllegalArgumentException naming the address when it cannot be bound
     */
    public static RestApi start(Config config, FabricService fabric, AgentLinkServer agentsOrNull,
                                WeftMetrics metrics) {
        return new RestApi(config, fabric, agentsOrNull, metrics, false, null);
    }

    /**
     * As {@link #start(Config, FabricService, AgentLinkServer, WeftMetrics)}, for one controller of a cluster
     * ({@code --ha}, or null without): {@code GET /api/cluster} shows this node, its role, the master, the epoch and
     * the live members, and a standby answers every write with 503 naming the master.
     */
    public static RestApi start(Config config, FabricService fabric, AgentLinkServer agentsOrNull,
                                WeftMetrics metrics, ZkCluster clusterOrNull) {
        return new RestApi(config, fabric, agentsOrNull, metrics, false, clusterOrNull);
    }

    /** The bound port. */
    public int port() {
        return server.port();
    }

    /** Every endpoint served. */
    public List<RestEndpoint> endpoints() {
        return router.endpoints();
    }

    private static String openApi() {
        return new String(read("openapi.yaml"), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static RestResponse resource(String name, String contentType) {
        return new RestResponse(200, contentType, read(name));
    }

    private static byte[] read(String name) {
        try (java.io.InputStream in = RestApi.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the controller jar");
            }
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code GET /api/reservations}: every table of the critical resources, 404 without {@code --reserve crp}. */
    private static RestResponse reservations(AgentLinkServer agentsOrNull) {
        ReservationsView v = agentsOrNull == null ? null : agentsOrNull.reservations();
        return v == null ? noReservations() : json(v);
    }

    private static RestResponse noReservations() {
        return RestResponse.error(404, "no reservation tables: the controller runs without --reserve crp "
                + "(and --agents-listen)");
    }

    private static RestResponse json(Object value) {
        return RestResponse.json(200, value);
    }

    private List<SwitchView> switches() {
        Map<String, SwitchSession> sessions = fabric.sessions();
        List<SwitchView> out = new ArrayList<>();
        for (Switch s : (fabric.discovering() ? fabric.discoveredTopology() : fabric.configuredTopology()).switches()) {
            SwitchSession session = sessions.get(s.id());
            out.add(new SwitchView(s.id(), s.dpidHex(), session != null,
                    session == null ? null : session.remote(),
                    session == null ? List.of() : List.copyOf(session.ports().keySet()),
                    session == null ? 0 : session.skippedFrames(), session == null ? 0 : session.unsolicitedErrors()));
        }
        return out;
    }

    /** {@code GET /api/path?src=H&dst=H}: a host pair's paths and layers. */
    private RestResponse path(RestRequest request) {
        String src = request.query().get("src");
        String dst = request.query().get("dst");
        if (src == null || dst == null) {
            return RestResponse.error(400, "GET /api/path needs ?src=HOST&dst=HOST");
        }
        try {
            return json(FabricView.path(fabric, src, dst));
        } catch (IllegalArgumentException e) {
            return RestResponse.error(404, "GET /api/path: " + e.getMessage());
        }
    }

    /**
     * {@code GET /api/events/stream[?since=SEQ]}: the kept events after {@code since} (by default the last
     * {@value #STREAM_BACKLOG}), then every new one, as server-sent events of type {@code fabric} whose data is the
     * event as JSON and whose id is its sequence number.
     */
    private Runnable events(RestRequest request, RestEndpoint.EventSink sink) {
        FabricEvent last = fabric.events().isEmpty() ? null : fabric.events().get(fabric.events().size() - 1);
        long since = last == null ? 0 : Math.max(0, last.seq() - STREAM_BACKLOG);
        String given = request.query().get("since");
        if (given != null && given.matches("\\d{1,18}")) {
            since = Long.parseLong(given);
        }
        return fabric.eventLog().subscribe(since, e -> {
            try {
                sink.send(Long.toString(e.seq()), "fabric", EVENT_JSON.writeValueAsString(e));
            } catch (com.fasterxml.jackson.core.JsonProcessingException x) {
                throw new IllegalStateException(x);
            }
        });
    }

    /** {@code PUT /api/rates}: replaces the rated pairs as one fabric update. */
    private RestResponse putRates(RestRequest request) throws Exception {
        if (cluster != null && !cluster.mastership().mayWrite()) {
            return RestResponse.error(503, cluster.notMaster("PUT /api/rates").getMessage());
        }
        PairRates rates;
        try {
            rates = PairRates.parse("PUT /api/rates", request.text(), fabric.discovering()
                    ? fabric.currentTopology() : fabric.configuredTopology());
        } catch (PairRatesException e) {
            return RestResponse.error(400, e.getMessage());
        }
        if (fabric.setPairRates(rates).get(RATES_TIMEOUT_S, TimeUnit.SECONDS)) {
            return RestResponse.text(200, "application/json", JSON.writeValueAsString(fabric.pairRates().toJson()));
        }
        String reason = fabric.events().stream().filter(e -> e.kind() == FabricEvent.Kind.FAILURE)
                .reduce((a, b) -> b).map(FabricEvent::detail).orElse("see /api/events");
        return RestResponse.error(409, "the fabric kept its previous rates: " + reason);
    }

    /** The rated pairs, each with its meter's latest counters when the switch has reported them. */
    private ObjectNode ratesWithCounters() {
        ObjectNode root = fabric.pairRates().toJson();
        Map<Long, MeterCounters> byMeter = new HashMap<>();
        fabric.meterCounters().values().forEach(list -> list.forEach(c -> byMeter.put(c.meterId(), c)));
        for (JsonNode entry : root.withArray("rates")) {
            MeterCounters c = byMeter.get(entry.get("meter_id").asLong());
            if (c != null) {
                ((ObjectNode) entry).put("packets_in", c.packetsIn()).put("bytes_in", c.bytesIn())
                        .put("dropped_packets", c.droppedPackets()).put("dropped_bytes", c.droppedBytes());
            }
        }
        return root;
    }

    @Override
    public void close() {
        server.close();
        if (ownsMetrics) {
            metrics.close();
        }
    }
}

package weft.controller.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import weft.controller.fabric.FabricEvent;
import weft.controller.fabric.FabricService;
import weft.controller.fabric.FlowCounters;
import weft.controller.fabric.LinkCounters;
import weft.controller.fabric.MeterCounters;
import weft.controller.openflow.SwitchSession;
import weft.controller.program.PairRates;
import weft.controller.program.PairRatesException;
import weft.model.routing.io.RoutesJson;
import weft.model.topology.Switch;
import weft.model.topology.io.TopologyJson;

/**
 * Serves, as JSON: {@code GET /api/topology} (the topology routes are computed on, in weft-topology/1, and the
 * differences between configured and discovered fabric), {@code /api/routes} (weft-routes/1),
 * {@code /api/switches}, {@code /api/stats} (link port counters and
 * Weft flow counters per switch), {@code /api/events} and {@code /api/agents} (the embedded agent registry).
 * Anything else is 404, anything but GET 405. {@code /api/rates} also takes PUT: a {@code weft-pair-rates/1}
 * table (see {@link PairRates}) replaces the rated pairs as a fabric update; the answer is the applied table
 * (200), the validation error (400), or the reason the fabric kept its previous program (409). GET adds each
 * pair's meter counters (packets and bytes in, packets and bytes dropped) once its switch has reported them.
 */
public final class RestApi implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
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

    private final HttpServer server;
    private final FabricService fabric;
    private weft.controller.ha.ZkCluster cluster;

    private RestApi(HttpServer server, FabricService fabric) {
        this.server = server;
        this.fabric = fabric;
    }

    /** Starts serving on the address (port 0 picks a free port). */
    public static RestApi start(InetSocketAddress address, FabricService fabric) throws IOException {
        return start(address, fabric, null);
    }

    /**
     * Starts serving, with {@code GET /api/agents} (registered agents, their pushed rates and paths, reported flows
     * and last report) when the controller embeds an agent registry; without one that resource is an empty list.
     */
    public static RestApi start(InetSocketAddress address, FabricService fabric,
                                weft.controller.agentlink.AgentLinkServer agentsOrNull) throws IOException {
        return start(address, fabric, agentsOrNull, null);
    }

    /**
     * Starts serving, with {@code GET /api/cluster} (this node, its role, the master, the epoch and the members)
     * for a controller of a cluster; a standby answers every write with 503 naming the master.
     */
    public static RestApi start(InetSocketAddress address, FabricService fabric,
                                weft.controller.agentlink.AgentLinkServer agentsOrNull,
                                weft.controller.ha.ZkCluster clusterOrNull) throws IOException {
        RestApi api = new RestApi(HttpServer.create(address, 16), fabric);
        api.cluster = clusterOrNull;
        api.route("/api/cluster", () -> clusterOrNull == null ? Map.of("ha", false, "role", "MASTER")
                : clusterOrNull.view());
        api.route("/api/agents", () -> agentsOrNull == null ? List.of() : agentsOrNull.view());
        api.route("/api/topology", () -> new TopologyView(TopologyJson.write(fabric.currentTopology()),
                fabric.discoveryDifferences(false)));
        api.route("/api/routes", () -> fabric.routes() == null ? Map.of() : RoutesJson.write(fabric.routes()));
        api.route("/api/switches", api::switches);
        api.route("/api/stats", () -> new StatsView(fabric.linkCounters().values().stream()
                .sorted(java.util.Comparator.comparing(LinkCounters::from).thenComparingInt(LinkCounters::port))
                .toList(), new java.util.TreeMap<>(fabric.flowCounters())));
        api.route("/api/events", () -> fabric.events().stream().map(FabricEvent::toString).toList());
        api.rates();
        api.server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "weft-rest");
            t.setDaemon(true);
            return t;
        }));
        api.server.start();
        return api;
    }

    /** The bound port. */
    public int port() {
        return server.getAddress().getPort();
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

    /** {@code GET /api/rates}: the rated pairs; {@code PUT /api/rates}: replaces them. */
    private void rates() {
        String path = "/api/rates";
        server.createContext(path, exchange -> {
            try (exchange) {
                String method = exchange.getRequestMethod();
                if (!exchange.getRequestURI().getPath().equals(path)) {
                    send(exchange, 404, Map.of("error", "no resource " + exchange.getRequestURI().getPath()));
                } else if (method.equals("GET")) {
                    send(exchange, 200, ratesWithCounters());
                } else if (method.equals("PUT") && cluster != null && !cluster.mastership().mayWrite()) {
                    weft.controller.ha.NotMasterException e = cluster.notMaster("PUT " + path);
                    send(exchange, 503, Map.of("error", e.getMessage(), "master",
                            e.master() == null ? "" : e.master()));
                } else if (method.equals("PUT")) {
                    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                    PairRates rates;
                    try {
                        rates = PairRates.parse("PUT " + path, body, fabric.discovering()
                                ? fabric.currentTopology() : fabric.configuredTopology());
                    } catch (PairRatesException e) {
                        send(exchange, 400, Map.of("error", e.getMessage()));
                        return;
                    }
                    if (fabric.setPairRates(rates).get(RATES_TIMEOUT_S, TimeUnit.SECONDS)) {
                        send(exchange, 200, fabric.pairRates().toJson());
                    } else {
                        String reason = fabric.events().stream()
                                .filter(e -> e.kind() == FabricEvent.Kind.FAILURE).reduce((a, b) -> b)
                                .map(FabricEvent::detail).orElse("see /api/events");
                        send(exchange, 409, Map.of("error", "the fabric kept its previous rates: " + reason));
                    }
                } else {
                    send(exchange, 405, Map.of("error", method + " " + path + ": only GET and PUT are supported"));
                }
            } catch (RuntimeException | ExecutionException | TimeoutException e) {
                send(exchange, 500, Map.of("error", String.valueOf(e)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                send(exchange, 500, Map.of("error", "interrupted"));
            }
        });
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

    private void route(String path, Supplier<Object> body) {
        server.createContext(path, exchange -> {
            try (exchange) {
                if (!exchange.getRequestURI().getPath().equals(path)) {
                    send(exchange, 404, Map.of("error", "no resource " + exchange.getRequestURI().getPath()));
                } else if (!exchange.getRequestMethod().equals("GET")) {
                    send(exchange, 405, Map.of("error", exchange.getRequestMethod() + " " + path
                            + ": only GET is supported"));
                } else {
                    Object value = body.get();
                    if (value instanceof String text) {
                        sendRaw(exchange, 200, text.getBytes(StandardCharsets.UTF_8));
                    } else {
                        send(exchange, 200, value);
                    }
                }
            } catch (RuntimeException e) {
                send(exchange, 500, Map.of("error", String.valueOf(e)));
            }
        });
    }

    private static void send(HttpExchange exchange, int status, Object value) throws IOException {
        sendRaw(exchange, status, JSON.writeValueAsBytes(value));
    }

    private static void sendRaw(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.fabric.FabricService;
import weft.controller.program.RouteCompiler;
import weft.controller.testing.BfsRoutes;
import weft.controller.testing.TestFabrics;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingOptions;

class RestApiTest {
    private static final RoutingEngine BFS = BfsRoutes.MIN_HOP_ENGINE;

    private static HttpResponse<String> get(HttpClient http, int port, String method, String path)
            throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @DisplayName("routes, topology, switches, stats and events as JSON; unknown paths 404, POST 405")
    void serves() throws Exception {
        try (FabricService fabric = new FabricService(new FabricService.Config(TestFabrics.ring(4), BFS,
                RoutingOptions.defaults(), RouteCompiler.Options.defaults(), (t, r) -> { }, Duration.ofSeconds(5),
                Duration.ofSeconds(5), Duration.ofSeconds(1)))) {
            fabric.start();
            try (RestApi api = RestApi.start(new InetSocketAddress("127.0.0.1", 0), fabric)) {
                HttpClient http = HttpClient.newHttpClient();
                assertThat(get(http, api.port(), "GET", "/api/routes").body()).contains("weft-routes/1")
                        .contains("bfs-min_hop");
                assertThat(get(http, api.port(), "GET", "/api/topology").body()).contains("weft-topology/1")
                        .contains("is configured but not connected");
                assertThat(get(http, api.port(), "GET", "/api/switches").body()).contains("\"id\" : \"s4\"")
                        .contains("\"connected\" : false");
                assertThat(get(http, api.port(), "GET", "/api/stats").body()).contains("\"links\" : [ ]")
                        .contains("\"flows\" : { }");
                assertThat(get(http, api.port(), "GET", "/api/events").body()).contains("ROUTES start");
                assertThat(get(http, api.port(), "GET", "/api/nope").statusCode()).isEqualTo(404);
                assertThat(get(http, api.port(), "GET", "/api/routes/x").statusCode()).isEqualTo(404);
                assertThat(get(http, api.port(), "POST", "/api/routes").statusCode()).isEqualTo(405);
            }
        }
    }

    @Test
    @DisplayName("operator review: a client sending one byte, or an unfinished PUT body, no longer blocks the API; "
            + "PUT /api/rates without credentials is refused and a 50 MB body is 413 before it is read")
    void hardened() throws Exception {
        try (FabricService fabric = new FabricService(new FabricService.Config(TestFabrics.ring(4), BFS,
                RoutingOptions.defaults(), RouteCompiler.Options.defaults(), (t, r) -> { }, Duration.ofSeconds(5),
                Duration.ofSeconds(5), Duration.ofSeconds(1)))) {
            fabric.start();
            try (RestApi api = RestApi.start(new InetSocketAddress("127.0.0.1", 0), fabric);
                 Socket oneByte = new Socket("127.0.0.1", api.port());
                 Socket halfBody = new Socket("127.0.0.1", api.port())) {
                oneByte.getOutputStream().write('G');
                halfBody.getOutputStream().write(("PUT /api/rates HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"
                        + "\r\n{\"rates\"").getBytes(StandardCharsets.US_ASCII));
                HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                HttpResponse<String> routes = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + api.port() + "/api/routes")).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(routes.statusCode()).isEqualTo(200);
                HttpResponse<String> put = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + api.port() + "/api/rates")).timeout(Duration.ofSeconds(10)).PUT(HttpRequest.BodyPublishers
                        .ofString("{\"rates\": [{\"src\": \"h1\", \"dst\": \"h3\", \"mbps\": 0.001}]}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(put.statusCode()).isEqualTo(403);
                assertThat(fabric.pairRates().rates()).isEmpty();
            }
        }
        try (FabricService fabric = new FabricService(new FabricService.Config(TestFabrics.ring(4), BFS,
                RoutingOptions.defaults(), RouteCompiler.Options.defaults(), (t, r) -> { }, Duration.ofSeconds(5),
                Duration.ofSeconds(5), Duration.ofSeconds(1)))) {
            fabric.start();
            String token = "hardened-test-token-0123456789";
            try (RestApi api = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0),
                    RestAuth.of(token, false, false)), fabric, null);
                 Socket big = new Socket("127.0.0.1", api.port())) {
                big.setSoTimeout(20_000);
                big.getOutputStream().write(("PUT /api/rates HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token
                        + "\r\nContent-Length: 52428800\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                byte[] head = big.getInputStream().readNBytes(12);
                assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 413");
            }
        }
    }
}

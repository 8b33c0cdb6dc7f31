package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.fabric.FabricService;
import weft.controller.testing.BfsRoutes;
import weft.controller.testing.RestClient;
import weft.controller.testing.TestFabrics;
import weft.controller.testing.TestServices;
import weft.model.routing.RoutingEngine;

class RestApiTest {
    private static final RoutingEngine BFS = BfsRoutes.MIN_HOP_ENGINE;

    @Test
    @DisplayName("routes, topology, switches, stats and events as JSON; unknown paths 404, POST 405")
    void serves() throws Exception {
        try (FabricService fabric = TestServices.service(TestFabrics.ring(4), BFS)) {
            fabric.start();
            try (RestApi api = RestApi.start(new InetSocketAddress("127.0.0.1", 0), fabric)) {
                RestClient rest = new RestClient(api.port());
                assertThat(rest.get("/api/routes").body()).contains("weft-routes/1")
                        .contains("bfs-min_hop");
                assertThat(rest.get("/api/topology").body()).contains("weft-topology/1")
                        .contains("is configured but not connected");
                assertThat(rest.get("/api/switches").body()).contains("\"id\" : \"s4\"")
                        .contains("\"connected\" : false");
                assertThat(rest.get("/api/stats").body()).contains("\"links\" : [ ]")
                        .contains("\"flows\" : { }");
                assertThat(rest.get("/api/events").body()).contains("ROUTES start");
                assertThat(rest.get("/api/nope").statusCode()).isEqualTo(404);
                assertThat(rest.get("/api/routes/x").statusCode()).isEqualTo(404);
                assertThat(rest.send("POST", "/api/routes", null).statusCode()).isEqualTo(405);
            }
        }
    }

    @Test
    @DisplayName("operator review: a client sending one byte, or an unfinished PUT body, no longer blocks the API; "
            + "PUT /api/rates without credentials is refused and a 50 MB body is 413 before it is read")
    void hardened() throws Exception {
        try (FabricService fabric = TestServices.service(TestFabrics.ring(4), BFS)) {
            fabric.start();
            try (RestApi api = RestApi.start(new InetSocketAddress("127.0.0.1", 0), fabric);
                 Socket oneByte = new Socket("127.0.0.1", api.port());
                 Socket halfBody = new Socket("127.0.0.1", api.port())) {
                oneByte.getOutputStream().write('G');
                halfBody.getOutputStream().write(("PUT /api/rates HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"
                        + "\r\n{\"rates\"").getBytes(StandardCharsets.US_ASCII));
                RestClient rest = new RestClient(api.port());
                assertThat(rest.get("/api/routes").statusCode()).isEqualTo(200);
                HttpResponse<String> put = rest.send("PUT", "/api/rates",
                        "{\"rates\": [{\"src\": \"h1\", \"dst\": \"h3\", \"mbps\": 0.001}]}");
                assertThat(put.statusCode()).isEqualTo(403);
                assertThat(fabric.pairRates().rates()).isEmpty();
            }
        }
        try (FabricService fabric = TestServices.service(TestFabrics.ring(4), BFS)) {
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

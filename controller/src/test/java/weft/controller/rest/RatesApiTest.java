package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.fabric.FabricService;
import weft.controller.program.FlowClass;
import weft.controller.program.FlowMods13;
import weft.controller.testing.RestClient;
import weft.controller.testing.TestEngine;
import weft.controller.testing.TestFabrics;
import weft.controller.testing.TestServices;
import weft.model.routing.RoutingEngine;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingFailure;

class RatesApiTest {
    private static final String TOKEN = "rates-api-test-token-0123";

    private static RestApi start(FabricService fabric) {
        return RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0),
                RestAuth.of(TOKEN, false, false)), fabric, null);
    }

    @Test
    @DisplayName("PUT /api/rates recompiles with the pair's meter and RATED entries, GET shows the table with "
            + "meter ids, a bad table is 400 naming the entry and changes nothing, DELETE is 405")
    void putAndGet() throws Exception {
        try (FabricService fabric = TestServices.updown(TestFabrics.ring(4))) {
            fabric.start();
            try (RestApi api = start(fabric)) {
                RestClient rest = new RestClient(api.port(), TOKEN);
                assertThat(rest.get("/api/rates").body()).contains("\"rates\" : [ ]");
                HttpResponse<String> put = rest.send("PUT", "/api/rates",
                        "{\"rates\": [{\"src\": \"h1\", \"dst\": \"h3\", \"mbps\": 20}]}");
                assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
                long id = FlowMods13.WEFT_METER_FIRST + 2;
                assertThat(put.body()).contains("\"meter_id\" : " + id).contains("\"burst_kbit\" : 2000");
                assertThat(fabric.program().bySwitch().get("s1").meters()).singleElement()
                        .satisfies(m -> assertThat(m.getMeterId()).isEqualTo(id));
                assertThat(fabric.program().bySwitch().get("s1").flows(FlowClass.RATED)).isNotEmpty();
                assertThat(fabric.events().get(fabric.events().size() - 1).detail())
                        .contains("rates: 1 rated pairs");
                assertThat(rest.get("/api/rates").body()).contains("\"src\" : \"h1\"")
                        .contains("\"mbps\" : 20.0");
                HttpResponse<String> bad = rest.send("PUT", "/api/rates",
                        "{\"rates\": [{\"src\": \"h1\", \"dst\": \"h7\", \"mbps\": 20}]}");
                assertThat(bad.statusCode()).isEqualTo(400);
                assertThat(bad.body()).contains("PUT /api/rates: rates[0] (h1 -> h7): unknown host h7");
                assertThat(fabric.pairRates().rates()).hasSize(1);
                assertThat(rest.send("DELETE", "/api/rates", null).statusCode()).isEqualTo(405);
                assertThat(rest.send("PUT", "/api/rates", "{\"rates\": []}").statusCode()).isEqualTo(200);
                assertThat(fabric.program().bySwitch().get("s1").meters()).isEmpty();
            }
        }
    }

    @Test
    @DisplayName("PUT /api/rates when the fabric cannot be recomputed: 409 naming the failure, rates unchanged")
    void conflict() throws Exception {
        RoutingEngine updown = RoutingEngines.byName("updown");
        AtomicInteger computed = new AtomicInteger();
        RoutingEngine onceOnly = new TestEngine("updown-once", false, (topology, options) -> {
            if (computed.incrementAndGet() > 1) {
                throw new RoutingFailure("updown-once: routes only once");
            }
            return updown.compute(topology, options);
        });
        try (FabricService fabric = TestServices.service(TestFabrics.ring(4), onceOnly)) {
            fabric.start();
            try (RestApi api = start(fabric)) {
                HttpResponse<String> put = new RestClient(api.port(), TOKEN).send("PUT", "/api/rates",
                        "{\"rates\": [{\"src\": \"h1\", \"dst\": \"h3\", \"mbps\": 20}]}");
                assertThat(put.statusCode()).isEqualTo(409);
                assertThat(put.body()).contains("the fabric kept its previous rates: rates: 1 rated pairs: cannot "
                        + "route, keeping the previous program: updown-once: routes only once");
                assertThat(fabric.pairRates().rates()).isEmpty();
                assertThat(fabric.program().bySwitch().get("s1").meters()).isEmpty();
            }
        }
    }
}

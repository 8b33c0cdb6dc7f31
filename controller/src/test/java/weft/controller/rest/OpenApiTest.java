package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.fabric.FabricService;
import weft.controller.testing.RestClient;
import weft.controller.testing.TestFabrics;
import weft.controller.testing.TestServices;

/** docs/openapi.yaml describes exactly the endpoints the API serves, and the API serves it. */
class OpenApiTest {
    @Test
    @DisplayName("every endpoint served is in the OpenAPI description and every described operation is served; "
            + "GET /api/openapi.yaml returns the description")
    void describesEveryEndpoint() throws Exception {
        JsonNode spec = new ObjectMapper(new YAMLFactory()).readTree(RestApi.OPENAPI);
        assertThat(spec.path("openapi").asText()).startsWith("3.");
        Set<String> described = new TreeSet<>();
        spec.path("paths").properties().forEach(p -> p.getValue().fieldNames()
                .forEachRemaining(m -> described.add(m.toUpperCase() + " " + p.getKey())));
        try (FabricService fabric = TestServices.updown(TestFabrics.ring(3))) {
            fabric.start();
            try (RestApi api = RestApi.start(new InetSocketAddress("127.0.0.1", 0), fabric)) {
                Set<String> served = new TreeSet<>();
                api.endpoints().forEach(e -> served.add(e.method() + " " + e.path()));
                assertThat(described).isEqualTo(served);
                HttpResponse<String> r = new RestClient(api.port()).get("/api/openapi.yaml");
                assertThat(r.headers().firstValue("Content-Type")).hasValue("application/yaml");
                assertThat(r.body()).isEqualTo(RestApi.OPENAPI);
            }
        }
    }
}

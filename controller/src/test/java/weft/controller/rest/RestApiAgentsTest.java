package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.controller.agentlink.AgentLinkServer;
import weft.controller.agentlink.PathProvider;
import weft.controller.fabric.FabricService;
import weft.controller.testing.RestClient;
import weft.controller.testing.TestFabrics;
import weft.controller.testing.TestServices;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;

class RestApiAgentsTest {
    private static final String TOKEN = "5e6f1c2a9b7d4e3f8a1b";
    @Test
    @DisplayName("GET /api/agents lists registered agents with their pushed rates; without a registry it is []; "
            + "without --reserve crp, GET /api/reservations says so")
    void listsAgents() throws Exception {
        try (FabricService fabric = TestServices.updown(TestFabrics.ring(4));
             AgentLinkServer agents = new AgentLinkServer(new InetSocketAddress("127.0.0.1", 0), TOKEN, null,
                     PathProvider.NONE, null, r -> { }).start();
             Socket s = new Socket("127.0.0.1", agents.port())) {
            fabric.start();
            ControlCodec codec = new ControlCodec();
            Writer out = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            out.write(codec.encode(new ControlMessage.Register("h1", "10.0.0.1", "02:00:00:00:00:01", 7470, "s1:1",
                    TOKEN)) + "\n");
            out.flush();
            assertThat(codec.decode(in.readLine())).isInstanceOf(ControlMessage.Registered.class);
            agents.setRate("h1", "h1", 5_000_000L, null);
            try (RestApi api = RestApi.start(RestApi.Config.plain(new InetSocketAddress("127.0.0.1", 0),
                    RestAuth.none()), fabric, agents);
                 RestApi bare = RestApi.start(new InetSocketAddress("127.0.0.1", 0), fabric)) {
                RestClient rest = new RestClient(api.port());
                RestClient restBare = new RestClient(bare.port());
                assertThat(rest.body("/api/agents")).contains("\"host\" : \"h1\"")
                        .contains("\"attachment\" : \"s1:1\"").contains("\"connected\" : true")
                        .contains("\"bitsPerSecond\" : 5000000").contains("\"source\" : \"manual\"");
                assertThat(restBare.body("/api/agents")).isEqualTo("[ ]");
                assertThat(rest.body("/api/reservations")).as("a registry without --reserve crp")
                        .contains("no reservation tables: the controller runs without --reserve crp");
                assertThat(restBare.body("/api/reservations/bookings")).contains("no reservation tables");
            }
        }
    }
}

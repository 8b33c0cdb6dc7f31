package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.controller.agentlink.LoopbackAgents.await;
import static weft.controller.agentlink.LoopbackAgents.rate;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import weft.agent.datapath.StreamCollector;
import weft.agent.datapath.StreamReceiver;
import weft.agent.datapath.StreamSender;

/**
 * "Killing and restarting the controller loses no accepted application data and ends in the same rates", on loopback
 * with the real registry and two real agents: a reliable stream runs h1 -> h2 at the controller's rate; the controller
 * dies mid-stream; the agents keep the last rate and the stream completes without it; a new controller on the same port
 * adopts the rate from the agents' reports.
 */
class ControllerRestartStreamTest extends LoopbackPairTest {
    private static final String TOKEN = "restart-token-6a1f8e3c5b";
    private static final int MESSAGES = 1500;
    ControllerRestartStreamTest() throws java.io.IOException {
        super(TOKEN);
    }

    private static byte[] message(int i) {
        byte[] m = new byte[2000];
        for (int k = 0; k < m.length; k++) {
            m[k] = (byte) (i * 17 + k);
        }
        return m;
    }

    @Test
    @Timeout(90)
    void aStreamOutlivesTheControllerAndTheRatesEndTheSame() throws Exception {
        int port = startRegistryAndPair("127.0.0.31", "127.0.0.32");
        server.setRate("h1", "h2", 50_000_000L, "sd");
        await("h1's VOQ to h2 at 50 Mbit/s", () -> rate(h1, "h2") == 50_000_000L);

        StreamReceiver rx = new StreamReceiver(h2.dataPath().localPort());
        CompletableFuture<List<StreamReceiver.Message>> got = StreamCollector.collect(rx, MESSAGES);
        await("the receiver to subscribe at h2", () -> rx.connects() == 1);
        try (StreamSender tx = StreamSender.open(h1.dataPath().localPort(), InetAddress.getByName("127.0.0.32"))) {
            for (int i = 0; i < MESSAGES; i++) {
                if (i == MESSAGES / 3) {
                    server.close(); // the controller dies mid-stream
                }
                byte[] m = message(i);
                tx.send(m, 0, m.length);
            }
            // with no controller at all, everything accepted is delivered and acknowledged at the last rate
            assertThat(tx.awaitAcked(30, TimeUnit.SECONDS)).as("stream completes while the controller is down")
                    .isTrue();
            assertThat(rate(h1, "h2")).as("h1 kept its last rate").isEqualTo(50_000_000L);

            server = new AgentLinkServer(port, TOKEN, null, PathProvider.NONE).start();
            await("the restarted controller to adopt h1 -> h2 from h1's report",
                () -> server.rate("h1", "h2") == 50_000_000L);
            assertThat(rate(h1, "h2")).as("the rates end the same").isEqualTo(50_000_000L);
        }
        List<StreamReceiver.Message> messages = got.get(30, TimeUnit.SECONDS);
        assertThat(messages).hasSize(MESSAGES);
        for (int i = 0; i < MESSAGES; i++) {
            assertThat(messages.get(i).number()).as("message %d in order", i).isEqualTo(i);
            assertThat(messages.get(i).data()).as("message %d content", i).isEqualTo(message(i));
        }
    }
}

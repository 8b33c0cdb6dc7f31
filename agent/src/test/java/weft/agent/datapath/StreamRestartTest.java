package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import weft.model.host.reseq.HybridResequencer;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.PathSpec;

/**
 * "Killing and restarting the agent loses no accepted application data": two agents on 127.0.0.1 and 127.0.0.2 with
 * real sockets; one of them is closed abruptly mid-stream (its VOQ, resequencer and application connections vanish) and
 * a new one started on the same ports; the receiving application must get every message exactly once and in order.
 */
class StreamRestartTest {
    private static final int MESSAGES = 1500;
    private final Transport transport = Transport.best();
    private final EventLoopGroup group = transport.newGroup(2);
    private DataPath a;
    private DataPath b;
    /** The shared data port and the path tags, chosen by the system; the local API ports once first bound. */
    private int dataPort;
    private int tag0;
    private int tag1;
    private int localA;
    private int localB;

    @BeforeEach
    void ports() throws Exception {
        dataPort = Loopback.freeUdpPort();
        tag0 = Loopback.freeUdpPort();
        tag1 = Loopback.freeUdpPort();
    }

    @AfterEach
    void tearDown() {
        Loopback.close(group, a, b);
    }

    private DataPath startA() throws Exception {
        DataPath d = new DataPath(DataPathConfig.defaults(InetAddress.getByName("127.0.0.1"))
                .withPorts(dataPort, localA), transport, group).start();
        localA = d.localPort(); // a restart binds the same port: the application reconnects there
        // what the controller pushes again after an agent restart: 80 Mbit/s sprayed over two paths
        d.applyRates(true, List.of(new DestinationRate("hb", "127.0.0.2", dataPort, 80_000_000L, "rr",
                List.of(new PathSpec(0, tag0, List.of()), new PathSpec(1, tag1, List.of())), 0)));
        return d;
    }

    private DataPath startB() throws Exception {
        DataPath d = new DataPath(DataPathConfig.defaults(InetAddress.getByName("127.0.0.2"))
                .withPorts(dataPort, localB)
                .withResequencing(true, HybridResequencer.LateMode.DELIVER_LATE, 20_000_000L), transport, group)
                .start();
        localB = d.localPort();
        return d;
    }

    /** Message {@code i}: 2000 bytes (two fragments) whose bytes spell its number. */
    private static byte[] message(int i) {
        byte[] m = new byte[2000];
        for (int k = 0; k < m.length; k++) {
            m[k] = (byte) (i * 31 + k);
        }
        return m;
    }

    private interface Kill {
        void at(int i) throws Exception;
    }

    /** Streams {@link #MESSAGES} messages a -> b, calling {@code kill} before each send; checks exactly-once order. */
    private StreamSender streamThrough(Kill kill) throws Exception {
        a = startA();
        b = startB();
        // nothing more than the messages may come: a duplicate would show up among them
        CompletableFuture<List<StreamReceiver.Message>> got = StreamCollector.collect(new StreamReceiver(localB),
                MESSAGES);
        DataPath receiving = b;
        Loopback.await("the receiver subscribed", Duration.ofSeconds(10), () -> receiving.subscriberCount() == 1);
        StreamSender tx = StreamSender.open(localA, InetAddress.getByName("127.0.0.2"));
        // connected before the first send, so that a kill falls in the middle of the stream and not before it began
        Loopback.await("the stream connected", Duration.ofSeconds(10), () -> tx.connects() == 1);
        for (int i = 0; i < MESSAGES; i++) {
            kill.at(i);
            byte[] m = message(i);
            assertThat(tx.send(m, 0, m.length)).isEqualTo(i);
        }
        boolean acked = tx.awaitAcked(30, TimeUnit.SECONDS);
        assertThat(acked).as("all messages acknowledged (%d unacknowledged, %d replayed, %d connects)",
                tx.unacknowledged(), tx.replayedMessages(), tx.connects()).isTrue();
        List<StreamReceiver.Message> messages = got.get(30, TimeUnit.SECONDS);
        assertThat(messages).hasSize(MESSAGES);
        for (int i = 0; i < MESSAGES; i++) {
            StreamReceiver.Message m = messages.get(i);
            assertThat(m.number()).as("message %d in order", i).isEqualTo(i);
            assertThat(m.streamId()).isEqualTo(tx.streamId());
            assertThat(m.source()).isEqualTo("127.0.0.1");
            assertThat(m.data()).as("message %d content", i).isEqualTo(message(i));
        }
        tx.close();
        return tx;
    }

    @Test
    @Timeout(60)
    void sendingAgentKilledMidStreamLosesNoAcceptedMessage() throws Exception {
        StreamSender tx = streamThrough(i -> {
            if (i == MESSAGES / 3) {
                a.close(); // VOQ contents and the application's connection are gone
                a = startA();
            }
        });
        assertThat(tx.connects()).as("the stream reconnected to the new agent").isGreaterThanOrEqualTo(2);
        assertThat(tx.replayedMessages()).as("unacknowledged messages were replayed").isPositive();
    }

    @Test
    @Timeout(60)
    void receivingAgentKilledMidStreamLosesNoAcceptedMessage() throws Exception {
        StreamSender tx = streamThrough(i -> {
            if (i == MESSAGES / 3) {
                b.close(); // its resequencer and what it had not yet delivered are gone
                b = startB();
            }
        });
        assertThat(tx.replayedMessages()).as("what the dead agent lost was replayed").isPositive();
    }

    @Test
    @Timeout(60)
    void bothAgentsKilledTwiceLoseNoAcceptedMessage() throws Exception {
        streamThrough(i -> {
            if (i == MESSAGES / 4 || i == MESSAGES / 2) {
                a.close();
                b.close();
                b = startB();
                a = startA();
            }
        });
    }
}

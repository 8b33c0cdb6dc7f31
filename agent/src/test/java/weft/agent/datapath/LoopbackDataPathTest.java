package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import weft.model.host.reseq.HybridResequencer;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.PathSpec;

/** Two agents in one JVM on 127.0.0.1 and 127.0.0.2: data in through the local API, out in order at the other. */
class LoopbackDataPathTest {
    private final Transport transport = Transport.best();
    private final EventLoopGroup group = transport.newGroup(2);
    private DataPath a;
    private DataPath b;

    @AfterEach
    void tearDown() {
        Loopback.close(group, a, b);
    }

    private DataPath start(String ip, int dataPort) throws Exception {
        // a 1 s initial age threshold: on a loaded CI machine no packet times out, so "complete and in order"
        // is exact rather than probable; the local API takes whatever port the system gives
        return new DataPath(DataPathConfig.defaults(InetAddress.getByName(ip)).withPorts(dataPort, 0)
                .withResequencing(true, HybridResequencer.LateMode.DELIVER_LATE, 1_000_000_000L), transport, group)
                .start();
    }

    /** Starts agent a on 127.0.0.1 and b on 127.0.0.2, sharing a data port the system picked; returns that port. */
    private int startBoth() throws Exception {
        int dataPort = Loopback.freeUdpPort();
        a = start("127.0.0.1", dataPort);
        b = start("127.0.0.2", dataPort);
        return dataPort;
    }

    static void frame(DataOutputStream out, byte op, int ip, byte[] data) throws Exception {
        out.writeInt(1 + 4 + data.length);
        out.writeByte(op);
        out.writeInt(ip);
        out.write(data);
    }

    static byte[] readFrame(DataInputStream in) throws Exception {
        byte[] f = new byte[in.readInt()];
        in.readFully(f);
        return f;
    }

    @Test
    @Timeout(30)
    void sprayedDataArrivesCompleteAndInOrder() throws Exception {
        int dataPort = startBoth();
        int dstB = ShimHeader.idOf(InetAddress.getByName("127.0.0.2"));
        a.applyRates(true, List.of(new DestinationRate("hb", "127.0.0.2", dataPort, 40_000_000L, "vlb",
                List.of(new PathSpec(0, Loopback.freeUdpPort(), List.of()),
                        new PathSpec(1, Loopback.freeUdpPort(), List.of())), 7)));
        try (Socket rx = new Socket(InetAddress.getLoopbackAddress(), b.localPort());
             Socket tx = new Socket(InetAddress.getLoopbackAddress(), a.localPort())) {
            DataOutputStream rxOut = new DataOutputStream(rx.getOutputStream());
            rxOut.writeInt(1);
            rxOut.writeByte(LocalFrames.SUBSCRIBE);
            rxOut.flush();
            Loopback.await("the receiving application subscribed", Duration.ofSeconds(10),
                    () -> b.subscriberCount() == 1);
            DataOutputStream out = new DataOutputStream(tx.getOutputStream());
            int messages = 200;
            for (int i = 0; i < messages; i++) {
                byte[] data = new byte[3000]; // three packets per message
                java.util.Arrays.fill(data, (byte) i);
                frame(out, LocalFrames.SEND, dstB, data);
            }
            out.flush();
            DataInputStream in = new DataInputStream(rx.getInputStream());
            int expectedByte = 0;
            int got = 0;
            while (got < messages * 3000) {
                byte[] f = readFrame(in);
                assertThat(f[0]).isEqualTo(LocalFrames.DELIVER);
                for (int i = 5; i < f.length; i++) {
                    assertThat(f[i]).as("byte %d of the stream", got).isEqualTo((byte) (got / 3000));
                    got++;
                }
                expectedByte = got / 3000;
            }
            assertThat(expectedByte).isEqualTo(messages);
            // statistics over the agents: everything sent arrived, nothing delivered out of order
            frame(out, LocalFrames.QUERY, dstB, new byte[] {0});
            out.flush();
            DataInputStream txIn = new DataInputStream(tx.getInputStream());
            byte[] reply = readFrame(txIn);
            String json = new String(reply, 1, reply.length - 1, StandardCharsets.UTF_8);
            assertThat(reply[0]).as(json).isEqualTo(LocalFrames.STATS);
            assertThat(json).contains("\"out_of_order_deliveries\":0").contains("\"packets\":" + 3 * messages);
        }
    }

    @Test
    @Timeout(30)
    void dataHeldAtRateZeroIsDeliveredWhenTheRateArrives() throws Exception {
        int dataPort = startBoth();
        InetAddress hb = InetAddress.getByName("127.0.0.2");
        try (AgentClient rx = new AgentClient(b.localPort()); AgentClient tx = new AgentClient(a.localPort())) {
            rx.subscribe();
            Loopback.await("the receiving application subscribed", Duration.ofSeconds(10),
                    () -> b.subscriberCount() == 1);
            byte[] data = "accepted while no rate was set".getBytes(StandardCharsets.UTF_8);
            tx.send(hb, data, 0, data.length);
            tx.flush();
            // no controller rate yet: the VOQ takes the data and holds it (default rate 0)
            Loopback.await("the data queued in the VOQ", Duration.ofSeconds(10),
                    () -> a.report().join().stream().anyMatch(v -> v.backlogBytes() == data.length));
            assertThat(a.report().join()).singleElement().satisfies(v -> {
                assertThat(v.backlogBytes()).isEqualTo(data.length);
                assertThat(v.sentPackets()).isZero();
            });
            a.applyRates(false, List.of(new DestinationRate("hb", "127.0.0.2", dataPort, 1_000_000L, "sd", List.of(),
                    0)));
            AgentClient.Delivery d = rx.receive();
            assertThat(d.source()).isEqualTo("127.0.0.1");
            assertThat(new String(d.data(), StandardCharsets.UTF_8)).isEqualTo("accepted while no rate was set");
            assertThat(tx.stats(hb, false)).contains("\"delivered\":1");
        }
    }
}

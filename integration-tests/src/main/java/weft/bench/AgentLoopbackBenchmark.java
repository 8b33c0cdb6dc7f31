package weft.bench;

import io.netty.channel.EventLoopGroup;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import weft.agent.datapath.DataPath;
import weft.agent.datapath.DataPathConfig;
import weft.agent.datapath.LocalFrames;
import weft.agent.datapath.ShimHeader;
import weft.agent.datapath.Transport;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.PathSpec;

/**
 * One packet through two real agents on loopback (127.0.0.1 -> 127.0.0.2, real UDP, one event loop each): the local
 * API frame in, VOQ, token bucket, Periodic Selection, path choice over two tags, shim header, UDP out and in,
 * resequencer, delivery frame out. The application side reads and writes with reused buffers, so with
 * {@code -prof gc} the allocation per operation ({@code gc.alloc.rate.norm}, counted over all threads) is what the
 * two agents allocate per packet. Time per operation is a round trip through both agents and two loopback sockets
 * per side, not a throughput figure (see {@code weft bench agent} for that).
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class AgentLoopbackBenchmark extends PacketPathBenchmark {
    private static final int DATA_PORT = 19470;

    @Param({"1400"})
    public int payloadBytes;

    private final Transport transport = Transport.best();
    private EventLoopGroup group;
    private DataPath a;
    private DataPath b;
    private Socket txSocket;
    private Socket rxSocket;
    private DataOutputStream tx;
    private DataInputStream rx;
    private byte[] data;
    private byte[] frame;
    private int dstB;

    @Setup
    public void setUp() throws Exception {
        group = transport.newGroup(2);
        a = new DataPath(DataPathConfig.defaults(InetAddress.getByName("127.0.0.1")).withPorts(DATA_PORT, 19471),
                transport, group).start();
        b = new DataPath(DataPathConfig.defaults(InetAddress.getByName("127.0.0.2")).withPorts(DATA_PORT, 19472),
                transport, group).start();
        a.applyRates(true, List.of(new DestinationRate("hb", "127.0.0.2", DATA_PORT, 10_000_000_000L, "sd",
                List.of(new PathSpec(0, 43000, List.of()), new PathSpec(1, 43001, List.of())), 0)));
        dstB = ShimHeader.idOf(InetAddress.getByName("127.0.0.2"));
        rxSocket = new Socket(InetAddress.getLoopbackAddress(), 19472);
        rx = new DataInputStream(new BufferedInputStream(rxSocket.getInputStream(), 1 << 16));
        DataOutputStream sub = new DataOutputStream(rxSocket.getOutputStream());
        sub.writeInt(1);
        sub.writeByte(LocalFrames.SUBSCRIBE);
        sub.flush();
        txSocket = new Socket(InetAddress.getLoopbackAddress(), 19471);
        txSocket.setTcpNoDelay(true);
        tx = new DataOutputStream(new BufferedOutputStream(txSocket.getOutputStream(), 1 << 16));
        data = new byte[payloadBytes];
        frame = new byte[LocalFrames.MAX_FRAME];
        Thread.sleep(200);
    }

    @TearDown
    public void tearDown() throws IOException {
        txSocket.close();
        rxSocket.close();
        a.close();
        b.close();
        group.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Sends one packet through agent a and waits for agent b to deliver it. */
    @Benchmark
    public int packetThroughTwoAgents() throws IOException {
        tx.writeInt(1 + 4 + data.length);
        tx.writeByte(LocalFrames.SEND);
        tx.writeInt(dstB);
        tx.write(data);
        tx.flush();
        int n = rx.readInt();
        rx.readFully(frame, 0, n);
        return n;
    }
}

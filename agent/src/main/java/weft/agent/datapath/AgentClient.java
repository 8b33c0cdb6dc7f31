package weft.agent.datapath;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The Java client library of the local API ({@link LocalFrames}): a blocking connection to the agent on this host.
 * {@link #send} returns once the agent has the bytes in its socket buffer; the agent's back-pressure (a full VOQ)
 * blocks it, so an application cannot outrun its rate. Not thread-safe: one connection per sending thread.
 *
 * <p>Delivery here is as good as the agents and the fabric: data in a killed agent's VOQ, or lost in the fabric,
 * is gone. For delivery that survives agent and controller restarts use {@link StreamSender} and
 * {@link StreamReceiver}.
 */
public final class AgentClient implements AutoCloseable {
    /** One packet delivered to this host, in order per sender. */
    public record Delivery(String source, byte[] data) {
    }

    private final Socket socket;
    private final DataOutputStream out;
    private final DataInputStream in;

    /** Connects to the agent's local API on {@code 127.0.0.1:port}. */
    public AgentClient(int port) throws IOException {
        this.socket = new Socket();
        socket.setSendBufferSize(DataPath.LOCAL_SOCKET_BUFFER);
        socket.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        socket.setTcpNoDelay(true);
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 1 << 16));
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 1 << 16));
    }

    /** Sends {@code data} (at most 64 KiB per call) to the host whose agent listens at {@code destination}. */
    public void send(InetAddress destination, byte[] data, int offset, int length) throws IOException {
        if (length > LocalFrames.MAX_FRAME - 5) {
            throw new IllegalArgumentException("send: " + length + " bytes in one call, at most "
                    + (LocalFrames.MAX_FRAME - 5));
        }
        out.writeInt(1 + 4 + length);
        out.writeByte(LocalFrames.SEND);
        out.writeInt(ShimHeader.idOf(destination));
        out.write(data, offset, length);
    }

    /** Pushes buffered sends to the agent. */
    public void flush() throws IOException {
        out.flush();
    }

    /** Asks the agent to deliver this host's incoming data to this connection. */
    public void subscribe() throws IOException {
        out.writeInt(1);
        out.writeByte(LocalFrames.SUBSCRIBE);
        out.flush();
    }

    /** Blocks for the next delivered packet; statistics and error frames in between are skipped. */
    public Delivery receive() throws IOException {
        while (true) {
            byte[] f = new byte[in.readInt()];
            in.readFully(f);
            if (f.length >= 5 && f[0] == LocalFrames.DELIVER) {
                int src = ((f[1] & 255) << 24) | ((f[2] & 255) << 16) | ((f[3] & 255) << 8) | (f[4] & 255);
                return new Delivery(ShimHeader.idToString(src), java.util.Arrays.copyOfRange(f, 5, f.length));
            }
        }
    }

    /**
     * Statistics of the path to {@code destination} as the agents' JSON ({@code sender}, {@code receiver},
     * {@code resequencer}); {@code reset} starts a new measurement.
     *
     * @throws IOException with the agent's message when it could not get the peer's counters
     */
    public String stats(InetAddress destination, boolean reset) throws IOException {
        out.writeInt(6);
        out.writeByte(LocalFrames.QUERY);
        out.writeInt(ShimHeader.idOf(destination));
        out.writeByte(reset ? 1 : 0);
        out.flush();
        while (true) {
            byte[] f = new byte[in.readInt()];
            in.readFully(f);
            String text = new String(f, 1, f.length - 1, StandardCharsets.UTF_8);
            if (f[0] == LocalFrames.STATS) {
                return text;
            }
            if (f[0] == LocalFrames.ERROR) {
                throw new IOException(text);
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}

package weft.agent.datapath;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.HashMap;
import java.util.Map;

/**
 * The receiving end of {@link StreamSender} streams: returns each accepted message exactly once and in order per
 * stream, surviving restarts of the local agent (it reconnects with back-off and subscribes again).
 *
 * <p>Decision, where duplicates are dropped: here, in the receiving client library, by (stream id, message number).
 * The receiving agent cannot do it, because a restarted agent has forgotten what it delivered, while this object
 * lives as long as the receiving application. Per stream it keeps the next expected message number: a fragment of
 * an older message is a duplicate (dropped, counted); a fragment of a later message, or a fragment out of place
 * within the expected message, shows a gap (dropped, counted: the sender replays from the gap, go-back-N); the
 * fragments of the expected message are joined and the message is returned. A stream seen for the first time
 * starts at the sender's {@code base} (its oldest unacknowledged message; everything before it was delivered).
 *
 * <p>Acknowledgement: a message counts as delivered when {@link #receive} returns it. The cumulative ack ("every
 * message below n") goes to the local agent, and from there to the sender, when it returns with nothing more
 * buffered from the agent, or at the latest every {@link #ACK_EVERY} messages; a duplicate or gap is answered with
 * the current position before the next blocking read (repeated at most every 50 ms while it does not advance;
 * flagged as a gap when something is missing, so that the sender replays, but not for a duplicate),
 * and after a reconnect every known stream's position is sent again, flagged as a restart, so that senders replay
 * what the restarted agent lost even from a position they replayed from before.
 *
 * <p>Not thread-safe: one receiving thread. The per-stream state (a few dozen bytes per stream seen, kept for the
 * life of this object) lives here, so a restart of the receiving application itself starts each stream again at
 * the sender's base.
 */
public final class StreamReceiver implements AutoCloseable {
    /** One delivered message. */
    public record Message(String source, long streamId, long number, byte[] data) {
    }

    static final int ACK_EVERY = 32;
    /** A position that did not advance (answer to a duplicate or a gap) is repeated at most this often. */
    static final long REPEAT_ACK_NANOS = 50_000_000L;
    private static final int TICK_MS = 50;
    /** How long {@link #close} waits for the agent to take the last acknowledgements and end the connection. */
    static final long CLOSE_DRAIN_NANOS = 5_000_000_000L;

    private final int agentPort;
    private final Map<Long, StreamState> streams = new HashMap<>();
    private Socket socket;
    private FrameReader in;
    private DataOutputStream out;
    private volatile boolean closed;
    /** The thread that receives (the first to call {@link #receive}); only it may write to the agent. */
    private volatile Thread receiving;
    private long duplicateFragments;
    private long gapFragments;
    private volatile long connects;

    private static final class StreamState {
        final int source;
        long expected;
        long acked = -1;
        boolean ackDue;
        boolean gap;
        /** The next ack is the first since a reconnect: flagged as a restart. */
        boolean restart;
        long lastAckNanos;
        int nextFragment;
        final ByteArrayOutputStream partial = new ByteArrayOutputStream();

        StreamState(int source, long expected) {
            this.source = source;
            this.expected = expected;
        }
    }

    /** Receives the streams arriving at the agent listening on loopback {@code agentPort}. */
    public StreamReceiver(int agentPort) {
        this.agentPort = agentPort;
    }

    /**
     * Blocks for the next message, reconnecting to the agent as needed.
     *
     * @throws IOException when the receiver is closed
     * @throws StreamFormatException when the agent delivers a malformed fragment
     */
    public Message receive() throws IOException {
        Message m;
        do {
            m = receive(Long.MAX_VALUE);
        } while (m == null);
        return m;
    }

    /**
     * Like {@link #receive()}, but gives up after {@code timeoutMillis} without a complete message and returns null.
     */
    public Message receive(long timeoutMillis) throws IOException {
        long deadline = timeoutMillis == Long.MAX_VALUE ? Long.MAX_VALUE
                : System.nanoTime() + timeoutMillis * 1_000_000L;
        long backoff = StreamSender.BACKOFF_MIN_MS;
        if (receiving == null) {
            receiving = Thread.currentThread();
        }
        while (true) {
            if (closed) {
                throw new IOException("stream receiver on agent port " + agentPort + " is closed");
            }
            if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline >= 0) {
                return null;
            }
            try {
                if (socket == null) {
                    connect();
                    backoff = StreamSender.BACKOFF_MIN_MS;
                }
                if (!in.ready()) {
                    sendDueAcks();
                }
                byte[] f;
                try {
                    f = in.next();
                } catch (SocketTimeoutException tick) {
                    continue;
                }
                if (f[0] == LocalFrames.STREAM_DELIVER) {
                    Message m = onFragment(f);
                    if (m != null) {
                        return m;
                    }
                }
            } catch (IOException e) {
                disconnect();
                if (closed) {
                    throw e;
                }
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while reconnecting to agent port " + agentPort, ie);
                }
                backoff = Math.min(2 * backoff, StreamSender.BACKOFF_MAX_MS);
            }
        }
    }

    /** Fragments dropped because their message was already delivered. */
    public long duplicateFragments() {
        return duplicateFragments;
    }

    /** Fragments dropped because an earlier one was missing (they come again with the sender's replay). */
    public long gapFragments() {
        return gapFragments;
    }

    /** Successful connections to the local agent (1 + reconnects). */
    public long connects() {
        return connects;
    }

    /**
     * Ends the connection to the agent. Called by the receiving thread (or before it ever received), it first hands
     * the agent the acknowledgement of every message {@link #receive} returned and ends its side of the connection
     * in order, waiting at most {@link #CLOSE_DRAIN_NANOS} while discarding what the agent still delivers: closed at
     * once with deliveries unread, the connection would be reset and the agent could drop the acknowledgements still
     * waiting in its socket, so the senders would replay what was delivered and never see it acknowledged.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Thread r = receiving;
        if (socket != null && (r == null || r == Thread.currentThread())) {
            try {
                acknowledgeAndDrain();
            } catch (IOException e) {
                // the agent went away: nothing more to hand it
            }
        }
        disconnect();
    }

    private void acknowledgeAndDrain() throws IOException {
        for (Map.Entry<Long, StreamState> e : streams.entrySet()) {
            if (e.getValue().acked != e.getValue().expected) {
                ack(e.getKey(), e.getValue());
            }
        }
        out.flush();
        socket.shutdownOutput(); // the agent reads every ack, then the end of the connection, and closes its side
        byte[] discard = new byte[1 << 14];
        long deadline = System.nanoTime() + CLOSE_DRAIN_NANOS;
        while (System.nanoTime() - deadline < 0) {
            try {
                if (socket.getInputStream().read(discard) < 0) {
                    return;
                }
            } catch (SocketTimeoutException tick) {
                // keep draining until the agent closes or the deadline passes
            }
        }
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        try {
            s.setReceiveBufferSize(DataPath.LOCAL_SOCKET_BUFFER);
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), agentPort), 1000);
            s.setTcpNoDelay(true);
            s.setSoTimeout(TICK_MS);
            in = new FrameReader(new BufferedInputStream(s.getInputStream(), 1 << 16),
                    "stream receiver <- agent 127.0.0.1:" + agentPort);
            out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream(), 4096));
            out.writeInt(1);
            out.writeByte(LocalFrames.SUBSCRIBE);
            out.flush();
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        connects++;
        for (StreamState st : streams.values()) {
            st.ackDue = true; // tell every sender where we are: what the old agent had in flight is lost
            st.gap = true;
            st.restart = true;
            st.lastAckNanos = System.nanoTime() - REPEAT_ACK_NANOS - 1;
            st.nextFragment = 0;
            st.partial.reset();
        }
    }

    private void disconnect() {
        LocalFrames.closeQuietly(socket);
        socket = null;
        in = null;
        out = null;
    }

    private Message onFragment(byte[] f) throws IOException {
        if (f.length < 5) {
            throw new StreamFormatException("stream receiver <- agent 127.0.0.1:" + agentPort + ": fragment frame of "
                    + f.length + " bytes, expected at least 5 ('F' + source)");
        }
        int src = ((f[1] & 255) << 24) | ((f[2] & 255) << 16) | ((f[3] & 255) << 8) | (f[4] & 255);
        StreamFragment.Header h = StreamFragment.parse(f, 5, f.length - 5,
                "stream fragment from " + ShimHeader.idToString(src));
        StreamState st = streams.computeIfAbsent(h.streamId(), id -> new StreamState(src, h.base()));
        if (h.number() < st.expected) {
            duplicateFragments++;
            st.ackDue = true;
            return null;
        }
        if (h.number() > st.expected || h.index() != st.nextFragment) {
            if (h.number() == st.expected && h.index() == 0) {
                st.partial.reset(); // a replay of the message being joined: start it again
                st.nextFragment = 0;
            } else {
                gapFragments++;
                st.ackDue = true;
                st.gap = true;
                return null;
            }
        }
        st.partial.write(f, h.dataOffset(), h.dataLength());
        st.nextFragment++;
        if (!h.last()) {
            return null;
        }
        byte[] data = st.partial.toByteArray();
        st.partial.reset();
        st.nextFragment = 0;
        long number = st.expected++;
        if (st.expected - st.acked >= ACK_EVERY || !in.ready()) {
            try {
                ack(h.streamId(), st);
                out.flush();
            } catch (IOException e) {
                disconnect(); // the message is delivered; the position is sent again after reconnecting
            }
        }
        return new Message(ShimHeader.idToString(src), h.streamId(), number, data);
    }

    private void sendDueAcks() throws IOException {
        boolean any = false;
        for (Map.Entry<Long, StreamState> e : streams.entrySet()) {
            StreamState st = e.getValue();
            if (st.acked != st.expected || st.ackDue && System.nanoTime() - st.lastAckNanos > REPEAT_ACK_NANOS) {
                ack(e.getKey(), st);
                any = true;
            }
        }
        if (any) {
            out.flush();
        }
    }

    private void ack(long streamId, StreamState st) throws IOException {
        out.writeInt(1 + 4 + ShimHeader.STREAM_ACK_LENGTH);
        out.writeByte(LocalFrames.STREAM_ACK);
        out.writeInt(st.source);
        out.writeLong(streamId);
        out.writeLong(st.expected);
        out.writeByte((st.gap ? ShimHeader.STREAM_ACK_GAP : 0) | (st.restart ? ShimHeader.STREAM_ACK_RESTART : 0));
        st.gap = false;
        st.restart = false;
        st.acked = st.expected;
        st.ackDue = false;
        st.lastAckNanos = System.nanoTime();
    }
}

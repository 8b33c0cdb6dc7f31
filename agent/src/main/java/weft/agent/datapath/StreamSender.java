package weft.agent.datapath;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.model.protocol.Printable;

/**
 * A reliable, ordered message stream from this host's application to one destination host, through the local
 * agent: nothing it accepted is lost when the local agent, the remote agent or the controller is killed and
 * restarted.
 *
 * <p><b>Accepted</b>: a message is accepted when {@link #send} returns. From then on the stream holds a copy in its
 * replay buffer until the receiving application's {@link StreamReceiver} has returned it from
 * {@link StreamReceiver#receive} and its cumulative acknowledgement has come back; as long as this sending process
 * lives, is not {@link #close closed}, and the receiving application keeps calling {@code receive}, every accepted
 * message is delivered to it exactly once and in order. Data still inside the application (not yet passed to
 * {@code send}) and data of a killed sending process are not accepted data.
 *
 * <p>How (end to end, the agents keep no stream state): the stream has a random 64-bit id, stable for its life
 * and across reconnects, and numbers its messages from 0. Each message is cut into {@link StreamFragment}s of one
 * packet each and handed to the agent ('M' frames). The receiving {@link StreamReceiver} drops duplicates by
 * (stream id, message number) and acknowledges cumulatively ('A'), which the receiving agent sends back to this
 * host's agent (shim kind 4) and that agent to this stream ('K', routed by the 'O' frame sent on connect).
 * Replay (go-back-N from the oldest unacknowledged message: on reconnect, a non-advancing gap ack, a restart ack,
 * a timeout, a probe's answer) is decided by {@link GoBackN} on the time this class passes in; this class is its
 * shell: threads, socket, locks, clock. Reconnects back off from {@link #BACKOFF_MIN_MS} doubling to
 * {@link #BACKOFF_MAX_MS}.
 *
 * <p>Back-pressure: the replay buffer holds at most {@code bufferBytes} of unacknowledged message data
 * ({@link #DEFAULT_BUFFER_BYTES} = 4 MiB by default); {@link #send} blocks while it is full, so a slow or absent
 * receiver slows the application instead of losing data. The agent's own VOQ back-pressure also blocks it.
 *
 * <p>Threads: {@link #open} starts them; {@link #send} may be called from one application thread at a time. Per
 * stream, one daemon thread connects (replaying on connect) and reads acknowledgements, and one replays on a gap
 * ack or a timeout, so that acknowledgements are read while a replay waits for the agent's back-pressure. The
 * connection's socket buffers are {@link DataPath#LOCAL_SOCKET_BUFFER}, so little data hides in the kernel.
 */
public final class StreamSender implements AutoCloseable {
    public static final int DEFAULT_BUFFER_BYTES = 4 << 20;
    /** Largest message: 64 KiB. */
    public static final int MAX_MESSAGE = 64 * 1024;
    static final long BACKOFF_MIN_MS = 50;
    static final long BACKOFF_MAX_MS = 2000;
    private static final int TICK_MS = 20;
    private static final Logger LOG = LoggerFactory.getLogger(StreamSender.class);

    private final int agentPort;
    private final int dstId;
    private final long streamId;
    private final Thread io;
    private final Thread replayer;
    private final Object lock = new Object(); // guards the state machine and the counter below
    private final GoBackN gbn;
    private long connects;
    private final Object outLock = new Object(); // serialises writes to the agent
    private Socket socket;
    private DataOutputStream out;
    private volatile boolean closed;

    /**
     * Opens a stream to the host whose agent is {@code destination}, through the agent listening on loopback
     * {@code agentPort}; returns at once and connects in the background (sends are buffered meanwhile).
     */
    public static StreamSender open(int agentPort, InetAddress destination) {
        return open(agentPort, destination, new SecureRandom().nextLong(), DEFAULT_BUFFER_BYTES);
    }

    /**
     * As {@link #open(int, InetAddress)}.
     *
     * @param streamId    the stream's id; must be unique among the streams the receiving host sees
     * @param bufferBytes replay buffer bound in bytes of message data (at least {@link #MAX_MESSAGE})
     */
    public static StreamSender open(int agentPort, InetAddress destination, long streamId, int bufferBytes) {
        StreamSender s = new StreamSender(agentPort, destination, streamId, bufferBytes);
        s.io.start();
        s.replayer.start();
        return s;
    }

    private StreamSender(int agentPort, InetAddress destination, long streamId, int bufferBytes) {
        if (bufferBytes < MAX_MESSAGE) {
            throw new IllegalArgumentException("stream buffer: " + bufferBytes + " bytes, expected at least "
                    + MAX_MESSAGE + " (one largest message)");
        }
        this.agentPort = agentPort;
        this.dstId = ShimHeader.idOf(destination);
        this.streamId = streamId;
        this.gbn = new GoBackN(bufferBytes, System.nanoTime());
        this.io = new Thread(this::runIo, "weft-stream-" + Long.toHexString(streamId));
        this.replayer = new Thread(this::runReplays, "weft-stream-replay-" + Long.toHexString(streamId));
        io.setDaemon(true);
        replayer.setDaemon(true);
    }

    public long streamId() {
        return streamId;
    }

    /**
     * Accepts one message (at most {@link #MAX_MESSAGE} bytes): copies it into the replay buffer, blocking while the
     * buffer is full, and hands it to the agent if connected. Returns its message number.
     *
     * @throws IllegalStateException when the stream is closed
     */
    public long send(byte[] data, int offset, int length) throws InterruptedException {
        if (length < 0 || length > MAX_MESSAGE) {
            throw new IllegalArgumentException("stream send: message of " + length + " bytes, expected 0.."
                    + MAX_MESSAGE);
        }
        byte[] copy = java.util.Arrays.copyOfRange(data, offset, offset + length);
        long number;
        long base;
        synchronized (lock) {
            while (!closed && !gbn.hasRoom(length)) {
                lock.wait();
            }
            if (closed) {
                throw new IllegalStateException("stream " + Long.toHexString(streamId) + " is closed");
            }
            number = gbn.accept(copy);
            base = gbn.acked();
        }
        synchronized (outLock) {
            if (out != null && !written(number)) { // a replay on connect may have written it already
                try {
                    writeMessage(number, base, copy);
                    out.flush();
                    synchronized (lock) {
                        gbn.wrote(number, System.nanoTime());
                    }
                } catch (IOException e) {
                    dropConnection(); // the message stays buffered; the I/O thread reconnects and replays it
                }
            }
        }
        return number;
    }

    private boolean written(long number) {
        synchronized (lock) {
            return gbn.written(number);
        }
    }

    /** Waits until every accepted message is acknowledged; says whether that happened within the timeout. */
    public boolean awaitAcked(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (lock) {
            while (gbn.unacknowledged() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            }
            return true;
        }
    }

    /** Messages accepted and not yet acknowledged. */
    public int unacknowledged() {
        synchronized (lock) {
            return gbn.unacknowledged();
        }
    }

    /** Messages handed to an agent again (on reconnect, fast replay or timeout), in total. */
    public long replayedMessages() {
        synchronized (lock) {
            return gbn.replayedMessages();
        }
    }

    /** Successful connections to the local agent, in total (1 + reconnects). */
    public long connects() {
        synchronized (lock) {
            return connects;
        }
    }

    /** Stops the stream; unacknowledged messages are abandoned. */
    @Override
    public void close() {
        closed = true;
        synchronized (lock) {
            lock.notifyAll();
        }
        dropConnection();
        io.interrupt();
        replayer.interrupt();
    }

    // ---- I/O thread -----------------------------------------------------------------------------------------

    private void runIo() {
        long backoff = BACKOFF_MIN_MS;
        while (!closed) {
            Socket s = new Socket();
            try {
                s.setSendBufferSize(DataPath.LOCAL_SOCKET_BUFFER);
                s.setReceiveBufferSize(DataPath.LOCAL_SOCKET_BUFFER);
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), agentPort), 1000);
                s.setTcpNoDelay(true);
                s.setSoTimeout(TICK_MS);
                FrameReader in = new FrameReader(new java.io.BufferedInputStream(s.getInputStream()),
                        "stream " + Long.toHexString(streamId) + " <- agent 127.0.0.1:" + agentPort);
                synchronized (lock) {
                    connects++;
                    gbn.connected(System.nanoTime());
                }
                synchronized (outLock) {
                    socket = s;
                    out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream(), 1 << 16));
                    out.writeInt(9);
                    out.writeByte(LocalFrames.STREAM_OPEN);
                    out.writeLong(streamId);
                    replay(Integer.MAX_VALUE); // everything not acknowledged, in order, before any new send
                }
                backoff = BACKOFF_MIN_MS;
                readAcks(in);
            } catch (IOException | RuntimeException e) {
                if (!closed) {
                    LOG.debug("stream {}: agent connection: {}; reconnecting in {} ms", Long.toHexString(streamId),
                            e.toString(), backoff);
                }
            }
            dropConnection();
            if (closed) {
                return;
            }
            try {
                Thread.sleep(backoff);
            } catch (InterruptedException e) {
                return;
            }
            backoff = Math.min(2 * backoff, BACKOFF_MAX_MS);
        }
    }

    private void readAcks(FrameReader in) throws IOException {
        while (!closed) {
            byte[] f;
            try {
                f = in.next();
            } catch (SocketTimeoutException tick) {
                f = null;
            }
            if (f != null && f[0] == LocalFrames.STREAM_ACKED) {
                if (f.length != 1 + ShimHeader.STREAM_ACK_LENGTH) {
                    throw new StreamFormatException("stream " + Long.toHexString(streamId) + ": ack frame of "
                            + f.length + " bytes, expected 18 ('K' + stream id + next + flags)");
                }
                ByteBuffer b = ByteBuffer.wrap(f, 1, ShimHeader.STREAM_ACK_LENGTH);
                if (b.getLong() == streamId) {
                    long next = b.getLong();
                    int flags = b.get();
                    synchronized (lock) {
                        gbn.onAck(next, (flags & ShimHeader.STREAM_ACK_GAP) != 0,
                                (flags & ShimHeader.STREAM_ACK_RESTART) != 0, System.nanoTime());
                        lock.notifyAll(); // senders waiting for room, the replayer for a replay
                    }
                }
            } else if (f != null && f[0] == LocalFrames.ERROR) {
                LOG.warn("stream {}: agent rejected a frame: {}", Long.toHexString(streamId),
                        Printable.of(new String(f, 1, f.length - 1, java.nio.charset.StandardCharsets.UTF_8)));
            }
        }
    }

    /** The replay thread: replays what {@link GoBackN#replayDue} says, checking every tick. */
    private void runReplays() {
        while (!closed) {
            try {
                synchronized (lock) {
                    lock.wait(TICK_MS);
                }
                synchronized (outLock) { // decided under the write lock: a replay on connect may just have run
                    int limit;
                    synchronized (lock) {
                        limit = out == null ? 0 : gbn.replayDue(System.nanoTime());
                    }
                    if (limit > 0) {
                        replay(limit);
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (IOException e) {
                dropConnection(); // the I/O thread reconnects and replays
            }
        }
    }

    /** Writes the oldest {@code limit} unacknowledged messages; caller holds {@link #outLock}. */
    private void replay(int limit) throws IOException {
        GoBackN.Batch batch;
        synchronized (lock) {
            batch = gbn.replay(limit);
        }
        for (int i = 0; i < batch.messages().size(); i++) {
            writeMessage(batch.first() + i, batch.first(), batch.messages().get(i));
        }
        out.flush();
        synchronized (lock) {
            gbn.replayEnded(System.nanoTime());
        }
    }

    /** Writes one message as 'M' frames of one fragment each; caller holds {@link #outLock}. */
    private void writeMessage(long number, long base, byte[] data) throws IOException {
        int fragments = Math.max(1, (data.length + StreamFragment.MAX_DATA - 1) / StreamFragment.MAX_DATA);
        ByteBuffer header = ByteBuffer.allocate(StreamFragment.LENGTH);
        for (int i = 0; i < fragments; i++) {
            int from = i * StreamFragment.MAX_DATA;
            int len = Math.min(StreamFragment.MAX_DATA, data.length - from);
            header.clear();
            StreamFragment.write(header, i == fragments - 1, i, streamId, number, base);
            out.writeInt(1 + 4 + StreamFragment.LENGTH + len);
            out.writeByte(LocalFrames.STREAM_SEND);
            out.writeInt(dstId);
            out.write(header.array(), 0, StreamFragment.LENGTH);
            out.write(data, from, len);
        }
    }

    private void dropConnection() {
        synchronized (outLock) {
            LocalFrames.closeQuietly(socket);
            socket = null;
            out = null;
        }
    }
}

package weft.agent.datapath;

import io.netty.buffer.ByteBuf;

/**
 * The Weft data shim header, carried at the start of every UDP payload between agents, and its flyweight
 * accessors (static, no allocation).
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------+---------------+-------------------------------+
 * |  magic 0x57   |  version = 2  |            tenant             |  0
 * +---------------+---------------+-------------------------------+
 * |                 source agent id (IPv4 address)                |  4
 * +---------------------------------------------------------------+
 * |              destination agent id (IPv4 address)              |  8
 * +---------------------------------------------------------------+
 * |              sequence number (per source->destination)        | 12
 * +---------------------------------------------------------------+
 * |                 sender timestamp, ns since the epoch          | 16
 * |                            (64 bit)                           |
 * +---------------+---------------+-------------------------------+
 * |    path id    |     kind      |        payload length         | 24
 * +---------------+---------------+-------------------------------+
 * |                  payload (payload length bytes)               | 28
 * </pre>
 * All fields big-endian. {@code kind} 0 is application data (resequenced); 1 and 2 are a statistics request and reply
 * between agents (not resequenced: control packets bypass the VOQs, seed 004 §4.3.1); 3 is a fragment of a reliable
 * stream message (resequenced like data; its payload starts with a {@link StreamFragment} header) and 4 a stream's
 * cumulative acknowledgement from the receiving agent back to the sending one (payload: stream id (8), next expected
 * message number (8), flags (1); not resequenced).
 *
 * <p>Versions: version 2 added kinds 3 and 4. A version-1 datagram (kinds 0-2) is still accepted; a version-1
 * datagram of kind 3 or 4 is {@link Problem#UNKNOWN_KIND}, and any other version {@link Problem#UNKNOWN_VERSION}.
 *
 * <p>Source: seed 004 App. A (8 bytes of
 * sequence number and timestamp per packet; the thesis shows 4 bytes each suffice, the timestamp is 8 here so that
 * agents on one machine can measure one-way delay) and §3.4.3 (what the resequencer needs).
 */
public final class ShimHeader {
    public static final int LENGTH = 28;
    public static final int MAGIC = 0x57;
    public static final int VERSION = 2;
    /** Oldest version still accepted on receive. */
    public static final int OLDEST_VERSION = 1;
    /**
     * Width of the sequence number; the resequencer compares it with serial arithmetic, so packets less than 2^31
     * apart are told apart (seed 004 §3.4.3 needs 14 bits at 10 Gbit/s with a 1 ms age threshold).
     */
    public static final int SEQUENCE_BITS = 32;
    /** Width of the sender timestamp, in nanoseconds (seed 004 §3.4.3 needs 17 bits at 10 ns for 1 ms). */
    public static final int TIMESTAMP_BITS = 64;
    public static final int KIND_DATA = 0;
    public static final int KIND_STATS_REQUEST = 1;
    public static final int KIND_STATS_REPLY = 2;
    public static final int KIND_STREAM = 3;
    public static final int KIND_STREAM_ACK = 4;
    /**
     * Payload length of a {@link #KIND_STREAM_ACK} datagram: stream id (8), next expected message number (8), flags
     * (1, bit 0 = {@link #STREAM_ACK_GAP}, bit 1 = {@link #STREAM_ACK_RESTART}).
     */
    public static final int STREAM_ACK_LENGTH = 17;
    /** Ack flag: the receiver lacks messages from {@code next} on (a gap, or it reconnected to a restarted agent). */
    public static final int STREAM_ACK_GAP = 1;
    /**
     * Ack flag: the receiver's first ack after it reconnected to its agent, which may have restarted and lost what it
     * held; the sender replays from {@code next} even if it replayed from there before.
     */
    public static final int STREAM_ACK_RESTART = 2;
    /** Largest payload: a 1500 B IP MTU minus IP (20), UDP (8) and this header (28). */
    public static final int MAX_PAYLOAD = 1500 - 20 - 8 - LENGTH;

    /** Why a datagram was rejected. */
    public enum Problem { NONE, TRUNCATED, BAD_MAGIC, UNKNOWN_VERSION, UNKNOWN_KIND, LENGTH_MISMATCH, OVERSIZE }

    private ShimHeader() {
    }

    /** Writes a header for {@code payloadLength} bytes of payload at the writer index of {@code out}. */
    public static void write(ByteBuf out, int tenant, int src, int dst, int seq, long timestampNanos, int pathId,
                             int kind, int payloadLength) {
        out.writeByte(MAGIC);
        out.writeByte(VERSION);
        out.writeShort(tenant);
        out.writeInt(src);
        out.writeInt(dst);
        out.writeInt(seq);
        out.writeLong(timestampNanos);
        out.writeByte(pathId);
        out.writeByte(kind);
        out.writeShort(payloadLength);
    }

    /** Checks the datagram starting at the reader index of {@code in}. */
    public static Problem check(ByteBuf in) {
        int n = in.readableBytes();
        if (n < LENGTH) {
            return Problem.TRUNCATED;
        }
        int r = in.readerIndex();
        if (in.getUnsignedByte(r) != MAGIC) {
            return Problem.BAD_MAGIC;
        }
        int version = in.getUnsignedByte(r + 1);
        if (version < OLDEST_VERSION || version > VERSION) {
            return Problem.UNKNOWN_VERSION;
        }
        if (kind(in) > (version == 1 ? KIND_STATS_REPLY : KIND_STREAM_ACK)) {
            return Problem.UNKNOWN_KIND;
        }
        int len = payloadLength(in);
        if (len > MAX_PAYLOAD) {
            return Problem.OVERSIZE;
        }
        if (len != n - LENGTH) {
            return Problem.LENGTH_MISMATCH;
        }
        return Problem.NONE;
    }

    public static int tenant(ByteBuf in) {
        return in.getUnsignedShort(in.readerIndex() + 2);
    }

    public static int source(ByteBuf in) {
        return in.getInt(in.readerIndex() + 4);
    }

    public static int destination(ByteBuf in) {
        return in.getInt(in.readerIndex() + 8);
    }

    public static int sequence(ByteBuf in) {
        return in.getInt(in.readerIndex() + 12);
    }

    public static long timestamp(ByteBuf in) {
        return in.getLong(in.readerIndex() + 16);
    }

    public static int pathId(ByteBuf in) {
        return in.getUnsignedByte(in.readerIndex() + 24);
    }

    public static int kind(ByteBuf in) {
        return in.getUnsignedByte(in.readerIndex() + 25);
    }

    public static int payloadLength(ByteBuf in) {
        return in.getUnsignedShort(in.readerIndex() + 26);
    }

    /** Formats an agent id as a dotted IPv4 address. */
    public static String idToString(int id) {
        return ((id >>> 24) & 255) + "." + ((id >>> 16) & 255) + "." + ((id >>> 8) & 255) + "." + (id & 255);
    }

    /** Parses a dotted IPv4 address into an agent id. */
    public static int idOf(java.net.InetAddress address) {
        byte[] b = address.getAddress();
        if (b.length != 4) {
            throw new IllegalArgumentException("agent id: " + address + " is not an IPv4 address");
        }
        return ((b[0] & 255) << 24) | ((b[1] & 255) << 16) | ((b[2] & 255) << 8) | (b[3] & 255);
    }
}

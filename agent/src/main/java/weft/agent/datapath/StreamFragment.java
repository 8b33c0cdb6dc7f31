package weft.agent.datapath;

import java.nio.ByteBuffer;

/**
 * The header of one fragment of a reliable stream message ({@link StreamSender} to {@link StreamReceiver}). It is
 * the start of the payload of a shim {@link ShimHeader#KIND_STREAM} packet, and the agents never look inside it
 * beyond checking its length and version: reliability is end to end between the two client libraries.
 *
 * <pre>
 *  0               1               2               3
 * +---------------+---------------+-------------------------------+
 * |  version = 1  |  flags (bit 0 = last fragment) | fragment idx  |  0
 * +---------------+---------------+-------------------------------+
 * |                     stream id (64 bit)                        |  4
 * +---------------------------------------------------------------+
 * |                 message number (64 bit, from 0)               | 12
 * +---------------------------------------------------------------+
 * |      base: oldest message the sender still holds (64 bit)     | 20
 * +---------------------------------------------------------------+
 * |                 data (up to {@link #MAX_DATA} bytes)          | 28
 * </pre>
 * All fields big-endian; the fragment index is 16 bit, so a message has at most 65535 fragments (it is at most
 * {@link StreamSender#MAX_MESSAGE} bytes anyway). {@code base} lets a receiver that has never seen the stream start
 * at the right message: everything below it was acknowledged, so delivered once already.
 */
public final class StreamFragment {
    public static final int VERSION = 1;
    public static final int LENGTH = 28;
    /** Data bytes per fragment, so that a fragment fills exactly one shim packet. */
    public static final int MAX_DATA = ShimHeader.MAX_PAYLOAD - LENGTH;
    static final int FLAG_LAST = 1;

    /** A parsed header; {@code dataOffset}/{@code dataLength} locate the data in the buffer it was parsed from. */
    public record Header(boolean last, int index, long streamId, long number, long base, int dataOffset,
                         int dataLength) {
    }

    private StreamFragment() {
    }

    /** Writes a header at {@code out}'s position. */
    static void write(ByteBuffer out, boolean last, int index, long streamId, long number, long base) {
        out.put((byte) VERSION).put((byte) (last ? FLAG_LAST : 0)).putShort((short) index).putLong(streamId)
                .putLong(number).putLong(base);
    }

    /**
     * Why a fragment of {@code length} bytes starting with {@code version} cannot be used, or null when it can.
     * The agent checks fragments with this before accepting them from an application.
     */
    static String problem(int length, int version) {
        if (length < LENGTH) {
            return "stream fragment of " + length + " bytes, expected at least the " + LENGTH + "-byte header";
        }
        if (length > ShimHeader.MAX_PAYLOAD) {
            return "stream fragment of " + length + " bytes, expected at most " + ShimHeader.MAX_PAYLOAD
                    + " (one shim packet)";
        }
        if (version != VERSION) {
            return "stream fragment version " + version + ", expected " + VERSION;
        }
        return null;
    }

    /**
     * Parses the fragment in {@code b[offset, offset + length)}.
     *
     * @param where names the fragment's origin for the error message
     * @throws StreamFormatException when it is too short, too long or of another version
     */
    public static Header parse(byte[] b, int offset, int length, String where) {
        String problem = problem(length, length > 0 ? b[offset] & 255 : -1);
        if (problem != null) {
            throw new StreamFormatException(where + ": " + problem);
        }
        ByteBuffer in = ByteBuffer.wrap(b, offset, length);
        in.get();
        boolean last = (in.get() & FLAG_LAST) != 0;
        int index = in.getShort() & 0xFFFF;
        return new Header(last, index, in.getLong(), in.getLong(), in.getLong(), offset + LENGTH, length - LENGTH);
    }
}

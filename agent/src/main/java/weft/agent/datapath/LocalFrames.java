package weft.agent.datapath;

import java.io.IOException;
import java.net.Socket;

/**
 * The local API's frames between an application and its agent over loopback TCP. Each frame is a 4-byte
 * big-endian length followed by that many bytes, the first of which is the operation:
 *
 * <pre>
 * app -> agent
 *   'S' | dst IPv4 (4) | data ...         send data to the agent at dst (segmented into packets by the agent)
 *   'R'                                   subscribe: deliver every packet this host receives to this connection
 *   'Q' | dst IPv4 (4) | reset (1)        statistics of the path to dst; reset=1 starts a measurement
 *   'O' | stream id (8)                   this connection sends stream id: route its acknowledgements here
 *   'M' | dst IPv4 (4) | fragment ...     one reliable-stream fragment ({@link StreamFragment}), one packet
 *   'A' | src IPv4 (4) | stream id (8) | next (8) | flags (1)
 *                                         cumulative ack: every message of the stream below next was delivered;
 *                                         flags bit 0: messages from next on are missing (a gap)
 * agent -> app
 *   'D' | src IPv4 (4) | data ...         one delivered packet, in order per sender
 *   'F' | src IPv4 (4) | fragment ...     one delivered stream fragment, in order per sender
 *   'K' | stream id (8) | next (8) | flags (1)
 *                                         a cumulative ack from the receiving application, for an 'O' stream
 *   'T' | UTF-8 JSON ...                  statistics reply
 *   'E' | UTF-8 message ...               a rejected frame; the session continues
 * </pre>
 * The reliable-stream frames ('O', 'M', 'A', 'F', 'K') are spoken by {@link StreamSender} and
 * {@link StreamReceiver}; the agent relays them (fragments as shim kind 3, acks as shim kind 4) and keeps no
 * stream state beyond which connection owns which stream id.
 * The agent stops reading a connection whose destination VOQ is full and resumes when it drains, so accepted data
 * is never dropped at the VOQ (back-pressure to the application instead of loss).
 */
public final class LocalFrames {
    public static final byte SEND = 'S';
    public static final byte SUBSCRIBE = 'R';
    public static final byte QUERY = 'Q';
    public static final byte DELIVER = 'D';
    public static final byte STATS = 'T';
    public static final byte ERROR = 'E';
    public static final byte STREAM_OPEN = 'O';
    public static final byte STREAM_SEND = 'M';
    public static final byte STREAM_ACK = 'A';
    public static final byte STREAM_DELIVER = 'F';
    public static final byte STREAM_ACKED = 'K';
    /** Longest frame body accepted. */
    public static final int MAX_FRAME = 64 * 1024 + 16;

    private LocalFrames() {
    }

    /** Ends an application's connection to its agent, if it has one; one that fails to close was already broken. */
    static void closeQuietly(Socket socket) {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // a broken connection: nothing more to end
            }
        }
    }

    /**
     * Why an application's frame cannot be taken, or null when it can: its operation must be one of S, R, Q, O, M
     * and A, and its length the operation's.
     *
     * @param bodyLength      bytes after the operation byte
     * @param fragmentVersion for 'M', the first byte of the stream fragment (after the destination), else ignored
     */
    static String problem(byte op, int bodyLength, int fragmentVersion) {
        int frame = bodyLength + 1;
        return switch (op) {
            case SEND -> bodyLength >= 4 ? null : "local api: send frame of " + frame + " bytes, expected at least 5 "
                    + "(op + IPv4 destination)";
            case SUBSCRIBE -> null;
            case QUERY -> bodyLength >= 5 ? null : "local api: query frame of " + frame + " bytes, expected 6 (op + "
                    + "IPv4 destination + reset flag)";
            case STREAM_OPEN -> bodyLength == 8 ? null : "local api: stream open frame of " + frame + " bytes, "
                    + "expected 9 (op + stream id)";
            case STREAM_SEND -> {
                String p = bodyLength < 4 ? "frame of " + frame + " bytes, expected the IPv4 destination and a "
                        + "fragment" : StreamFragment.problem(bodyLength - 4, fragmentVersion);
                yield p == null ? null : "local api: 'M' frame: " + p;
            }
            case STREAM_ACK -> bodyLength == 4 + ShimHeader.STREAM_ACK_LENGTH ? null : "local api: stream ack frame "
                    + "of " + frame + " bytes, expected 22 (op + source IPv4 + stream id + next + flags)";
            default -> "local api: unknown operation 0x" + Integer.toHexString(op & 255) + ", expected S, R, Q, O, "
                    + "M or A";
        };
    }
}

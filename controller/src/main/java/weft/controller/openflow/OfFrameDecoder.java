package weft.controller.openflow;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import org.projectfloodlight.openflow.exceptions.OFParseError;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMessageReader;

/**
 * Cuts the OpenFlow byte stream into frames by the header's length field and parses each frame on its own, so
 * that a message openflowj cannot parse costs that one frame and never the rest of the stream.
 *
 * <pre>
 *  0        1        2                 4                                  8
 * +--------+--------+-----------------+----------------------------------+
 * |version |  type  |  length (u16)   |            xid (u32)             |
 * +--------+--------+-----------------+----------------------------------+
 * |                  body: length - 8 bytes                              |
 * +----------------------------------------------------------------------+
 * </pre>
 *
 * <p>Outputs {@link OFMessage}s and, for frames it skips, {@link OfFrameError} values. A frame is handed to openflowj's
 * generic reader as a slice of exactly {@code length} bytes: the reader throws {@code OFParseError} for unknown types
 * and {@code IllegalArgumentException} for unknown versions (docs/sources.md §5), and such a frame is skipped whole. A
 * frame longer than {@code maxFrameLength} is discarded unread, across reads if need be. Decision: a length below 8
 * leaves no way to find the next frame, so the decoder reports {@link OfFrameError.Kind#BAD_LENGTH}, drops everything
 * buffered and closes the connection; the switch reconnects (Netty's {@code LengthFieldBasedFrameDecoder} fails such a
 * stream the same way).
 */
public final class OfFrameDecoder extends ByteToMessageDecoder {
    /** Size of the fixed OpenFlow header. */
    public static final int HEADER_LENGTH = 8;
    /** Largest frame the 16-bit length field can describe. */
    public static final int MAX_WIRE_LENGTH = 0xffff;

    private final int maxFrameLength;
    private final OFMessageReader<OFMessage> reader = OFFactories.getGenericReader();
    private long bytesToDiscard;
    private boolean failed;
    private int lastFrameLength;

    /** A decoder that accepts every frame the length field can describe. */
    public OfFrameDecoder() {
        this(MAX_WIRE_LENGTH);
    }

    /**
     * @param maxFrameLength longest frame to parse, {@code 8..65535}; longer frames are skipped
     */
    public OfFrameDecoder(int maxFrameLength) {
        if (maxFrameLength < HEADER_LENGTH || maxFrameLength > MAX_WIRE_LENGTH) {
            throw new IllegalArgumentException("maxFrameLength must be in " + HEADER_LENGTH + ".."
                    + MAX_WIRE_LENGTH + ", got " + maxFrameLength);
        }
        this.maxFrameLength = maxFrameLength;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (bytesToDiscard > 0) {
            int n = (int) Math.min(bytesToDiscard, in.readableBytes());
            in.skipBytes(n);
            bytesToDiscard -= n;
            return;
        }
        if (in.readableBytes() < HEADER_LENGTH) {
            return;
        }
        int start = in.readerIndex();
        int version = in.getUnsignedByte(start);
        int type = in.getUnsignedByte(start + 1);
        int length = in.getUnsignedShort(start + 2);
        long xid = in.getUnsignedInt(start + 4);
        if (length < HEADER_LENGTH) {
            failed = true;
            in.skipBytes(in.readableBytes());
            out.add(new OfFrameError(OfFrameError.Kind.BAD_LENGTH, version, type, length, xid,
                    "length field below the " + HEADER_LENGTH + "-byte header; stream closed"));
            ctx.close();
            return;
        }
        if (length > maxFrameLength) {
            int n = Math.min(length, in.readableBytes());
            in.skipBytes(n);
            bytesToDiscard = length - n;
            out.add(new OfFrameError(OfFrameError.Kind.OVERSIZE, version, type, length, xid,
                    "longer than the maximum of " + maxFrameLength + " bytes; skipped"));
            return;
        }
        if (in.readableBytes() < length) {
            return;
        }
        ByteBuf frame = in.readSlice(length);
        lastFrameLength = length;
        out.add(parse(frame, version, type, length, xid));
    }

    /**
     * The wire length of the frame behind the message this decoder emitted last. Each call of {@code decode}
     * emits at most one message and Netty passes it on before decoding the next, so the handler reading a message
     * sees its own frame's length here (the session charges multipart parts by it).
     */
    public int lastFrameLength() {
        return lastFrameLength;
    }

    private Object parse(ByteBuf frame, int version, int type, int length, long xid) {
        try {
            OFMessage message = reader.readFrom(frame);
            if (message == null) {
                return new OfFrameError(OfFrameError.Kind.UNPARSABLE, version, type, length, xid,
                        "body shorter than its own fields say");
            }
            return message;
        } catch (OFParseError | RuntimeException e) {
            return new OfFrameError(OfFrameError.Kind.UNPARSABLE, version, type, length, xid, String.valueOf(
                    e.getMessage()));
        }
    }
}

package weft.controller.openflow;

/**
 * A frame the decoder could not turn into a message. It is passed down the pipeline as a value, the way Netty's
 * {@code DecoderResult} carries a failure, so the session counts and logs it and keeps running.
 *
 * @param kind    what was wrong
 * @param version the header's version byte
 * @param type    the header's type byte
 * @param length  the header's length field
 * @param xid     the header's transaction id
 * @param detail  the parser's message, or what was expected
 */
public record OfFrameError(Kind kind, int version, int type, int length, long xid, String detail) {
    /** Why a frame was skipped. */
    public enum Kind {
        /** The length field is below the 8-byte header: frame boundaries are lost and the connection is closed. */
        BAD_LENGTH,
        /** The frame is longer than the configured maximum and was discarded unread. */
        OVERSIZE,
        /** openflowj rejected the frame (unknown type, unknown version, bad body); it was skipped whole. */
        UNPARSABLE
    }

    @Override
    public String toString() {
        return kind + " frame (version " + version + ", type " + type + ", length " + length + ", xid " + xid
                + "): " + detail;
    }
}

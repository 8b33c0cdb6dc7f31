package weft.model.tcp;

/**
 * A data segment a {@link TcpSender} puts on the wire.
 *
 * @param seq            offset of its first byte
 * @param length         bytes it carries
 * @param retransmission whether any of its bytes were sent before
 */
public record Segment(long seq, int length, boolean retransmission) {
    /** Offset one past its last byte. */
    public long end() {
        return seq + length;
    }
}

package weft.model.protocol;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Splits a byte stream into {@code \n}-terminated lines of at most {@code maxLineBytes} bytes, the framing of the
 * control channel (parsing is {@link ControlCodec}'s). Bytes arrive in pieces of any size; a line split anywhere
 * comes out whole.
 *
 * <pre>
 * stream:  line \n line \r\n line \n ...     a line is the bytes before \n, without a \r right before it
 * </pre>
 *
 * <p>Bounds: the framer holds at most {@code maxLineBytes} bytes of an unfinished line (its buffer grows from 256
 * bytes as lines need it). A longer line is dropped up to its {@code \n} and reported once as {@link Sink#tooLong};
 * the lines after it come out as usual, as Netty's {@code LineBasedFrameDecoder} does without fail-fast.
 */
public final class LineFramer {
    /** Receives the framer's output. */
    public interface Sink {
        /** One complete line in {@code line[0, length)}; the array is reused after the call returns. */
        void line(byte[] line, int length);

        /** A line of more than the maximum was dropped; {@code length} counts its bytes (without delimiter). */
        void tooLong(long length);
    }

    private static final int INITIAL = 256;

    private final int maxLineBytes;
    private byte[] buffer;
    private int length;
    /** Bytes of an oversize line dropped so far, or -1 while the current line fits. */
    private long discarding = -1;

    /** @param maxLineBytes longest line accepted, delimiter excluded, at least 1 */
    public LineFramer(int maxLineBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maxLineBytes must be >= 1, got " + maxLineBytes);
        }
        this.maxLineBytes = maxLineBytes;
        this.buffer = new byte[Math.min(INITIAL, maxLineBytes + 1)];
    }

    /** Consumes every remaining byte of {@code in}, passing complete lines and dropped ones to {@code out}. */
    public void feed(ByteBuffer in, Sink out) {
        while (in.hasRemaining()) {
            byte b = in.get();
            if (b == '\n') {
                endOfLine(out);
            } else if (discarding >= 0) {
                discarding++;
            } else if (length == maxLineBytes + 1) {
                // one byte over the limit is kept so that a trailing \r can still be stripped; a second one is not
                discarding = length + 1L;
                length = 0;
            } else {
                append(b);
            }
        }
    }

    /** Bytes of an unfinished line held now (at most {@code maxLineBytes + 1}). */
    public int buffered() {
        return length;
    }

    private void endOfLine(Sink out) {
        if (discarding >= 0) {
            out.tooLong(discarding);
            discarding = -1;
            return;
        }
        int n = length > 0 && buffer[length - 1] == '\r' ? length - 1 : length;
        length = 0;
        if (n > maxLineBytes) {
            out.tooLong(n);
        } else {
            out.line(buffer, n);
        }
    }

    private void append(byte b) {
        if (length == buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.min(2 * buffer.length, maxLineBytes + 1));
        }
        buffer[length++] = b;
    }
}

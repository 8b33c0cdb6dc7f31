package weft.agent.datapath;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads {@link LocalFrames} (4-byte length, then the body) from a socket that may have a read timeout: a
 * {@link java.net.SocketTimeoutException} leaves the partly read frame in place and the next call continues it, so a
 * client can wake up periodically without losing its place in the byte stream.
 */
final class FrameReader {
    private final InputStream in;
    private final String where;
    private final byte[] length = new byte[4];
    private int lengthRead;
    private byte[] body;
    private int bodyRead;

    FrameReader(InputStream in, String where) {
        this.in = in;
        this.where = where;
    }

    /** The next frame's body (operation byte first). */
    byte[] next() throws IOException {
        while (lengthRead < 4) {
            lengthRead += fill(length, lengthRead, 4 - lengthRead);
        }
        if (body == null) {
            int n = ((length[0] & 255) << 24) | ((length[1] & 255) << 16) | ((length[2] & 255) << 8)
                    | (length[3] & 255);
            if (n < 1 || n > LocalFrames.MAX_FRAME) {
                throw new StreamFormatException(where + ": local frame of " + n + " bytes, expected 1.."
                        + LocalFrames.MAX_FRAME);
            }
            body = new byte[n];
            bodyRead = 0;
        }
        while (bodyRead < body.length) {
            bodyRead += fill(body, bodyRead, body.length - bodyRead);
        }
        byte[] f = body;
        body = null;
        lengthRead = 0;
        return f;
    }

    /** Whether bytes are waiting to be read without blocking. */
    boolean ready() throws IOException {
        return in.available() > 0;
    }

    private int fill(byte[] b, int off, int len) throws IOException {
        int r = in.read(b, off, len);
        if (r < 0) {
            throw new EOFException(where + ": the agent closed the connection");
        }
        return r;
    }
}

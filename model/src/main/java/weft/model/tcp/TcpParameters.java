package weft.model.tcp;

/**
 * The knobs of a TCP connection: sizes in bytes, times in picoseconds.
 *
 * @param mssBytes            sender maximum segment size (SMSS)
 * @param receiveWindowBytes  the receiver's advertised window (fixed), at least one segment
 * @param initialRtoPs        retransmission timeout before the first round-trip sample (RFC 6298 §2.1: 1 s)
 * @param minRtoPs            lower bound of the timeout (RFC 6298 §2.4: 1 s; stacks use 200 ms)
 * @param maxRtoPs            upper bound of the timeout after backoff (RFC 6298 §2.5: at least 60 s)
 */
public record TcpParameters(int mssBytes, long receiveWindowBytes, long initialRtoPs, long minRtoPs, long maxRtoPs) {
    /** Duplicate acknowledgements that trigger fast retransmit (RFC 5681 §3.2). */
    public static final int DUPACK_THRESHOLD = 3;
    /** One second in picoseconds. */
    public static final long SECOND_PS = 1_000_000_000_000L;

    public TcpParameters {
        if (mssBytes < 1 || receiveWindowBytes < mssBytes) {
            throw new IllegalArgumentException("tcp: MSS must be >= 1 B and the receive window at least one MSS, got "
                    + mssBytes + " B and " + receiveWindowBytes + " B");
        }
        if (minRtoPs < 1 || initialRtoPs < minRtoPs || maxRtoPs < initialRtoPs) {
            throw new IllegalArgumentException("tcp: timeouts must satisfy 1 <= min <= initial <= max, got min "
                    + minRtoPs + " ps, initial " + initialRtoPs + " ps, max " + maxRtoPs + " ps");
        }
    }

    /** RFC 6298's: 1 s initial and minimum timeout, 60 s maximum; a 64 KiB window (no window scaling). */
    public static TcpParameters rfc(int mssBytes) {
        return new TcpParameters(mssBytes, 65_535, SECOND_PS, SECOND_PS, 60 * SECOND_PS);
    }

    /** The same with another minimum (and initial) timeout. */
    public TcpParameters withMinRtoPs(long ps) {
        return new TcpParameters(mssBytes, receiveWindowBytes, ps, ps, Math.max(maxRtoPs, ps));
    }

    /** The same with another receive window. */
    public TcpParameters withReceiveWindowBytes(long bytes) {
        return new TcpParameters(mssBytes, bytes, initialRtoPs, minRtoPs, maxRtoPs);
    }

    /**
     * The initial window of RFC 5681 §3.1: 4 segments up to 1,095 B, 3 up to 2,190 B, 2 above; never above the
     * receive window.
     */
    public long initialWindowBytes() {
        int segments = mssBytes > 2190 ? 2 : mssBytes > 1095 ? 3 : 4;
        return Math.min((long) segments * mssBytes, receiveWindowBytes);
    }
}

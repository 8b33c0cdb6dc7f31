package weft.model.host.shaping;

/**
 * A token bucket with exact integer arithmetic: tokens accrue at {@code rate} bit/s up to {@code depth} bytes and
 * a packet of {@code n} bytes may leave when the bucket holds at least {@code n} bytes of tokens.
 *
 * <p>Source: seed 004 §4.5.3 paces each VOQ by {@code next = last + len/rate}; Weft turns that into a bucket whose
 * depth is about one MTU on the wire (1538 B) and at most a few MTUs, because deeper buckets make the departure process
 * "loose" (bursty, §3.3.1, Fig. 3.10). Decisions in docs/sources.md. Tokens are kept in bit-nanoseconds (bits x 10^9)
 * so that {@code rate x elapsedNanos} adds exactly, with no rounding drift over long runs.
 *
 * <p>Decision: a rate change first settles the tokens earned at the old rate up to {@code nowNanos}, then applies the
 * new rate from then on; the bucket is never refilled retroactively. Deadlines are compared as {@code a - b <= 0} so
 * {@link System#nanoTime()} wrap is harmless. Not thread-safe: one owner thread.
 */
public final class TokenBucket {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private long rateBitsPerSecond;
    private final long depthBitNanos;
    private long tokensBitNanos;
    private long lastNanos;

    /**
     * @param rateBitsPerSecond initial rate, >= 0 (0 holds every packet)
     * @param depthBytes        bucket depth in bytes, at least one packet; 1538 to 3076 is the intended range
     * @param nowNanos          the current time; the bucket starts full
     */
    public TokenBucket(long rateBitsPerSecond, int depthBytes, long nowNanos) {
        if (depthBytes <= 0 || depthBytes > 1 << 24) {
            throw new IllegalArgumentException("depthBytes must be in 1.." + (1 << 24) + ", got " + depthBytes);
        }
        checkRate(rateBitsPerSecond);
        this.rateBitsPerSecond = rateBitsPerSecond;
        this.depthBitNanos = depthBytes * 8L * NANOS_PER_SECOND;
        this.tokensBitNanos = depthBitNanos;
        this.lastNanos = nowNanos;
    }

    private static void checkRate(long rateBitsPerSecond) {
        if (rateBitsPerSecond < 0 || rateBitsPerSecond > 400_000_000_000L) {
            throw new IllegalArgumentException("rateBitsPerSecond must be in 0..4e11, got " + rateBitsPerSecond);
        }
    }

    /** Settles tokens at the old rate up to {@code nowNanos}, then uses {@code rateBitsPerSecond}. */
    public void setRate(long rateBitsPerSecond, long nowNanos) {
        checkRate(rateBitsPerSecond);
        refill(nowNanos);
        this.rateBitsPerSecond = rateBitsPerSecond;
    }

    public long rateBitsPerSecond() {
        return rateBitsPerSecond;
    }

    public int depthBytes() {
        return (int) (depthBitNanos / 8 / NANOS_PER_SECOND);
    }

    /** Takes {@code bytes} of tokens if the bucket holds them, and says whether it did. */
    public boolean tryConsume(int bytes, long nowNanos) {
        refill(nowNanos);
        long need = bytes * 8L * NANOS_PER_SECOND;
        if (tokensBitNanos < need) {
            return false;
        }
        tokensBitNanos -= need;
        return true;
    }

    /**
     * The earliest time at which {@code bytes} conform: {@code nowNanos} if they do now, {@link Long#MAX_VALUE}
     * at rate 0 or when {@code bytes} exceed the depth.
     */
    public long conformingAtNanos(int bytes, long nowNanos) {
        refill(nowNanos);
        long need = bytes * 8L * NANOS_PER_SECOND;
        if (tokensBitNanos >= need) {
            return nowNanos;
        }
        if (rateBitsPerSecond == 0 || need > depthBitNanos) {
            return Long.MAX_VALUE;
        }
        long missing = need - tokensBitNanos;
        return nowNanos + (missing + rateBitsPerSecond - 1) / rateBitsPerSecond;
    }

    /** Tokens held at {@code nowNanos}, in whole bytes. */
    public long tokensBytes(long nowNanos) {
        refill(nowNanos);
        return tokensBitNanos / 8 / NANOS_PER_SECOND;
    }

    private void refill(long nowNanos) {
        long elapsed = nowNanos - lastNanos;
        if (elapsed <= 0) {
            return;
        }
        lastNanos = nowNanos;
        if (rateBitsPerSecond == 0) {
            return;
        }
        long room = depthBitNanos - tokensBitNanos;
        // cap elapsed so the product cannot overflow: beyond room/rate the bucket is full anyway
        long fillNanos = room / rateBitsPerSecond + 1;
        long add = (elapsed >= fillNanos) ? room : elapsed * rateBitsPerSecond;
        tokensBitNanos = Math.min(depthBitNanos, tokensBitNanos + add);
    }
}

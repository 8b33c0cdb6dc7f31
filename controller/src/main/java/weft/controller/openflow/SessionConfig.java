package weft.controller.openflow;

import java.time.Duration;

/**
 * Timers and memory bounds of a {@link SwitchSession}.
 *
 * @param echoInterval      how often the session checks the connection; a quiet interval sends an ECHO_REQUEST
 * @param echoMisses        quiet intervals in a row after which the switch is declared dead and disconnected; also
 *                          the intervals in a row a switch may leave our messages unread without progress
 * @param requestTimeout    how long a request, multipart request or transaction barrier may wait for its reply
 * @param handshakeTimeout  how long HELLO, FEATURES and port description may take together
 * @param maxMultipartBytes wire bytes of multipart reply parts (REPLY_MORE) one connection may have gathered for
 *                          requests not yet complete; more closes the connection
 */
public record SessionConfig(Duration echoInterval, int echoMisses, Duration requestTimeout,
                            Duration handshakeTimeout, long maxMultipartBytes) {
    /** 32 MiB: a full flow-table dump of 100,000 entries is about 10 MB on the wire. */
    public static final long DEFAULT_MAX_MULTIPART_BYTES = 32L << 20;

    public SessionConfig {
        requirePositive("echoInterval", echoInterval);
        requirePositive("requestTimeout", requestTimeout);
        requirePositive("handshakeTimeout", handshakeTimeout);
        if (echoMisses < 1) {
            throw new IllegalArgumentException("echoMisses must be >= 1, got " + echoMisses);
        }
        if (maxMultipartBytes < 1) {
            throw new IllegalArgumentException("maxMultipartBytes must be >= 1, got " + maxMultipartBytes);
        }
    }

    /** The timers, with the default multipart bound. */
    public SessionConfig(Duration echoInterval, int echoMisses, Duration requestTimeout, Duration handshakeTimeout) {
        this(echoInterval, echoMisses, requestTimeout, handshakeTimeout, DEFAULT_MAX_MULTIPART_BYTES);
    }

    private static void requirePositive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration, got " + d);
        }
    }

    /** The same timers with another multipart bound. */
    public SessionConfig withMaxMultipartBytes(long bytes) {
        return new SessionConfig(echoInterval, echoMisses, requestTimeout, handshakeTimeout, bytes);
    }

    /**
     * Echo every 2 s, dead after 3 quiet intervals, 10 s per request and for the handshake, 32 MiB of multipart
     * parts. OVS's own inactivity probe is 5 s, so a healthy switch is never quiet for a whole interval for long.
     */
    public static SessionConfig defaults() {
        return new SessionConfig(Duration.ofSeconds(2), 3, Duration.ofSeconds(10), Duration.ofSeconds(10));
    }
}

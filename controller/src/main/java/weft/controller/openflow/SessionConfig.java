package weft.controller.openflow;

import java.time.Duration;

/**
 * Timers of a {@link SwitchSession}.
 *
 * @param echoInterval     how often the session checks the connection; a quiet interval sends an ECHO_REQUEST
 * @param echoMisses       quiet intervals in a row after which the switch is declared dead and disconnected
 * @param requestTimeout   how long a request, multipart request or transaction barrier may wait for its reply
 * @param handshakeTimeout how long HELLO, FEATURES and port description may take together
 */
public record SessionConfig(Duration echoInterval, int echoMisses, Duration requestTimeout,
                            Duration handshakeTimeout) {
    public SessionConfig {
        requirePositive("echoInterval", echoInterval);
        requirePositive("requestTimeout", requestTimeout);
        requirePositive("handshakeTimeout", handshakeTimeout);
        if (echoMisses < 1) {
            throw new IllegalArgumentException("echoMisses must be >= 1, got " + echoMisses);
        }
    }

    private static void requirePositive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration, got " + d);
        }
    }

    /**
     * Echo every 2 s, dead after 3 quiet intervals, 10 s per request and for the handshake. OVS's own
     * inactivity probe is 5 s, so a healthy switch is never quiet for a whole interval for long.
     */
    public static SessionConfig defaults() {
        return new SessionConfig(Duration.ofSeconds(2), 3, Duration.ofSeconds(10), Duration.ofSeconds(10));
    }
}

package weft.controller.rest;

import java.time.Duration;

/**
 * The bounds of the REST server: what one client can cost it in memory, threads and time.
 *
 * @param maxBodyBytes   largest request body; a larger one is answered 413 and never buffered
 * @param requestTimeout from the first byte of a request to its last; a slower request is answered 408 and its
 *                       connection closed, so a client that sends one byte and waits holds nothing for long
 * @param idleTimeout    how long a keep-alive connection may sit between requests
 * @param maxConnections open connections at once; more are closed on accept
 * @param workers        threads that run endpoints (an endpoint may wait for a fabric update)
 * @param queue          requests waiting for a worker; more are answered 503
 */
public record HttpLimits(int maxBodyBytes, Duration requestTimeout, Duration idleTimeout, int maxConnections,
                         int workers, int queue) {
    public HttpLimits {
        positive("maxBodyBytes", maxBodyBytes);
        positive("maxConnections", maxConnections);
        positive("workers", workers);
        positive("queue", queue);
        if (requestTimeout == null || requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("requestTimeout must be positive, got " + requestTimeout);
        }
        if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idleTimeout must be positive, got " + idleTimeout);
        }
    }

    /**
     * 1 MiB bodies (a rate table of 10,000 pairs is about 600 KB), 10 s per request, 60 s idle, 256 connections,
     * 4 workers with 64 waiting requests.
     */
    public static HttpLimits defaults() {
        return new HttpLimits(1 << 20, Duration.ofSeconds(10), Duration.ofSeconds(60), 256, 4, 64);
    }

    /** The same limits with another body limit. */
    public HttpLimits withMaxBodyBytes(int bytes) {
        return new HttpLimits(bytes, requestTimeout, idleTimeout, maxConnections, workers, queue);
    }

    /** The same limits with other timeouts. */
    public HttpLimits withTimeouts(Duration request, Duration idle) {
        return new HttpLimits(maxBodyBytes, request, idle, maxConnections, workers, queue);
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, got " + value);
        }
    }
}

package weft.controller.agentlink;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Failed authentications per peer address in fixed windows: a peer with {@code maxFailures} failures within
 * {@code windowNanos} of its first one is refused until that window ends. Remembers at most {@code maxPeers}
 * addresses (the least recently failing is forgotten first), so a flood of addresses costs bounded memory. Time is
 * passed in; deadlines are compared as {@code a - b < 0}, which survives the clock's wrap.
 */
final class AuthFailures {
    private static final class Window {
        long start;
        int failures;
    }

    private final int maxFailures;
    private final long windowNanos;
    private final Map<String, Window> peers;

    AuthFailures(int maxFailures, long windowNanos, int maxPeers) {
        if (maxFailures < 1 || windowNanos <= 0 || maxPeers < 1) {
            throw new IllegalArgumentException("auth failures: need maxFailures >= 1, windowNanos > 0, maxPeers >= 1, "
                    + "got " + maxFailures + ", " + windowNanos + ", " + maxPeers);
        }
        this.maxFailures = maxFailures;
        this.windowNanos = windowNanos;
        this.peers = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Window> eldest) {
                return size() > maxPeers;
            }
        };
    }

    /** Records one failure of {@code peer}; returns its failures in the current window. */
    int fail(String peer, long nowNanos) {
        Window w = peers.get(peer);
        if (w == null || nowNanos - w.start >= windowNanos) {
            w = new Window();
            w.start = nowNanos;
            peers.put(peer, w);
        }
        return ++w.failures;
    }

    /** Nanoseconds until {@code peer} may try again, 0 when it may now. */
    long refusedFor(String peer, long nowNanos) {
        Window w = peers.get(peer);
        if (w == null || w.failures < maxFailures) {
            return 0;
        }
        long left = w.start + windowNanos - nowNanos;
        return Math.max(0, left);
    }

    int maxFailures() {
        return maxFailures;
    }
}

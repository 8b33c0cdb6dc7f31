package weft.controller.rest;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Rate limit of failed authentication per client address: each address has a bucket of {@code burst} failures
 * that refills one failure per {@code refillNanos}. While an address's bucket is empty its requests are refused
 * (429) without looking at their credentials, so guessing a token costs the guesser time, not the controller
 * CPU. At most {@code maxPeers} addresses are tracked; the least recently seen is forgotten first. Time is passed
 * in.
 */
final class AuthFailures {
    /** What to do with a request from an address. */
    enum Verdict {
        /** Check its credentials. */
        CHECK,
        /** Refuse it unchecked; the first refusal of a blocked period (log it). */
        BLOCKED_FIRST,
        /** Refuse it unchecked; already logged. */
        BLOCKED
    }

    private final int burst;
    private final long refillNanos;
    private final Map<String, Bucket> buckets;

    private static final class Bucket {
        double tokens;
        long at;
        boolean logged;

        Bucket(double tokens, long at) {
            this.tokens = tokens;
            this.at = at;
        }
    }

    AuthFailures(int burst, long refillNanos, int maxPeers) {
        if (burst < 1 || refillNanos < 1 || maxPeers < 1) {
            throw new IllegalArgumentException("burst, refillNanos and maxPeers must be >= 1, got " + burst + ", "
                    + refillNanos + ", " + maxPeers);
        }
        this.burst = burst;
        this.refillNanos = refillNanos;
        this.buckets = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
                return size() > maxPeers;
            }
        };
    }

    /** Whether to check a request from {@code peer} now. */
    synchronized Verdict admit(String peer, long nowNanos) {
        Bucket b = buckets.get(peer);
        if (b == null) {
            return Verdict.CHECK;
        }
        refill(b, nowNanos);
        if (b.tokens >= 1) {
            b.logged = false;
            return Verdict.CHECK;
        }
        if (!b.logged) {
            b.logged = true;
            return Verdict.BLOCKED_FIRST;
        }
        return Verdict.BLOCKED;
    }

    /** Records a failed attempt from {@code peer}. */
    synchronized void failed(String peer, long nowNanos) {
        Bucket b = buckets.computeIfAbsent(peer, p -> new Bucket(burst, nowNanos));
        refill(b, nowNanos);
        b.tokens = Math.max(0, b.tokens - 1);
    }

    /** Seconds until {@code peer} may try again (at least 1). */
    synchronized long retryAfterSeconds(String peer, long nowNanos) {
        Bucket b = buckets.get(peer);
        if (b == null) {
            return 1;
        }
        refill(b, nowNanos);
        return Math.max(1, (long) Math.ceil((1 - b.tokens) * refillNanos / 1e9));
    }

    private void refill(Bucket b, long nowNanos) {
        if (nowNanos > b.at) {
            b.tokens = Math.min(burst, b.tokens + (double) (nowNanos - b.at) / refillNanos);
            b.at = nowNanos;
        }
    }
}

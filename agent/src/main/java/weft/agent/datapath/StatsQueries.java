package weft.agent.datapath;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The sending agent's side of the statistics query ({@link LocalFrames#QUERY}) as a state machine on a clock passed in:
 * an application asks for the path to {@code dst}; without {@code reset} the query first waits for the destination's
 * VOQ to drain (at most {@link #DRAIN_NANOS}, looking every {@link #POLL_NANOS}) and then {@link #SETTLE_NANOS} more
 * for the last packets to arrive, then asks the receiving agent (shim kind 1); a request unanswered for {@link
 * #RETRY_NANOS} is sent again, and after {@link #ATTEMPTS} the application gets an error. A request whose retry
 * deadline is handled more than {@link #LATE_NANOS} after it fell due is not counted: this agent was not running
 * meanwhile (a starved machine, a long pause), so neither, in all likelihood, was the peer that should answer, and the
 * silence says nothing about the path; it is sent again with a full interval, at most {@link #LATE_RETRIES} times per
 * query, so a query still ends. A start ({@code reset}) is asked at once. One query per destination: a newer one takes
 * its place and the older application is told. The shell sends what {@link Out} asks, arms one timer for {@link
 * #nextDeadline} and calls {@link #tick} when it fires. Deadlines compare as {@code a - b <= 0}, which survives the
 * clock's wrap.
 *
 * @param <A> the application connection
 */
final class StatsQueries<A> {
    static final long DRAIN_NANOS = 5_000_000_000L;
    static final long POLL_NANOS = 5_000_000L;
    static final long SETTLE_NANOS = 50_000_000L;
    static final long RETRY_NANOS = 1_000_000_000L;
    static final int ATTEMPTS = 3;
    static final long LATE_NANOS = RETRY_NANOS / 2;
    static final int LATE_RETRIES = 10;

    /** What the machine asks the shell to do. */
    interface Out<A> {
        /** Send a statistics request for {@code dst} (starting a measurement with {@code reset}). */
        void ask(int dst, boolean reset);

        /** Answer {@code app} with an error frame. */
        void fail(A app, String message);
    }

    /** A query waiting for its reply, as {@link #replied} hands it back. */
    record Pending<A>(A app, boolean reset) {
    }

    private enum Phase { DRAINING, SETTLING, ASKED }

    private static final class Query<A> {
        final A app;
        final boolean reset;
        final String peer;
        final long drainUntil;
        Phase phase;
        long due;
        int attempts;
        int lateRetries;

        Query(A app, boolean reset, String peer, long drainUntil) {
            this.app = app;
            this.reset = reset;
            this.peer = peer;
            this.drainUntil = drainUntil;
        }
    }

    private final Map<Integer, Query<A>> queries = new HashMap<>();

    /**
     * {@code app} asks for the statistics of the path to {@code dst} ({@code peer} names it for errors).
     *
     * @param backlogged whether a destination's VOQ still holds packets
     */
    void query(A app, int dst, boolean reset, String peer, long now, IntPredicate backlogged, Out<A> out) {
        Query<A> q = new Query<>(app, reset, peer, now + DRAIN_NANOS);
        q.phase = reset ? Phase.SETTLING : Phase.DRAINING;
        q.due = now;
        Query<A> old = queries.put(dst, q);
        if (old != null && old.app != app) {
            out.fail(old.app, "local api: statistics query for " + old.peer + " replaced by a newer one for the "
                    + "same destination");
        }
        tick(now, backlogged, out);
    }

    /** Does what is due at {@code now}. */
    void tick(long now, IntPredicate backlogged, Out<A> out) {
        List<Integer> failed = new ArrayList<>();
        for (Map.Entry<Integer, Query<A>> e : queries.entrySet()) {
            int dst = e.getKey();
            Query<A> q = e.getValue();
            if (q.due - now > 0) {
                continue;
            }
            switch (q.phase) {
                case DRAINING -> {
                    if (backlogged.test(dst) && now - q.drainUntil < 0) {
                        q.due = now + POLL_NANOS;
                    } else {
                        q.phase = Phase.SETTLING;
                        q.due = now + SETTLE_NANOS;
                    }
                }
                case SETTLING, ASKED -> {
                    if (q.phase == Phase.ASKED && now - q.due > LATE_NANOS && q.lateRetries < LATE_RETRIES) {
                        q.lateRetries++;
                        q.due = now + RETRY_NANOS;
                        out.ask(dst, q.reset);
                    } else if (q.attempts == ATTEMPTS) {
                        failed.add(dst);
                        out.fail(q.app, "local api: no statistics reply from " + q.peer + " after " + ATTEMPTS
                                + " requests, " + RETRY_NANOS / 1_000_000_000L + " s apart");
                    } else {
                        q.phase = Phase.ASKED;
                        q.attempts++;
                        q.due = now + RETRY_NANOS;
                        out.ask(dst, q.reset);
                    }
                }
                default -> throw new IllegalStateException(q.phase.name());
            }
        }
        failed.forEach(queries::remove);
    }

    /** The reply from {@code dst} arrived: the query it answers, or null when none was asked. */
    Pending<A> replied(int dst) {
        Query<A> q = queries.get(dst);
        if (q == null || q.phase != Phase.ASKED) {
            return null;
        }
        queries.remove(dst);
        return new Pending<>(q.app, q.reset);
    }

    /** {@code app} went away: its queries are dropped. */
    void forget(A app) {
        queries.values().removeIf(q -> q.app == app);
    }

    /**
     * When {@link #tick} has something to do next; meaningful only while {@link #size} is not 0 (every long is a
     * possible time, so none is set aside to mean "never").
     */
    long nextDeadline() {
        long next = 0;
        boolean any = false;
        for (Query<A> q : queries.values()) {
            if (!any || q.due - next < 0) {
                next = q.due;
                any = true;
            }
        }
        return next;
    }

    /** Queries waiting. */
    int size() {
        return queries.size();
    }
}

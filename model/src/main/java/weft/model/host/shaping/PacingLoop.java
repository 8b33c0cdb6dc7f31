package weft.model.host.shaping;

/**
 * The injector's decision loop, kept apart from sockets and threads: it takes every decision that has fallen due
 * by the wall-clock time of a wake-up, each at the time it was due, and says when the next one falls due.
 *
 * <p>Source: seed 004 §4.5.3 (each VOQ paced by {@code next = last + len/rate}; a real implementation must trade timer
 * precision for overhead), realised as an event-loop pacer with nanoTime deadlines that releases all due packets per
 * wake-up. Decision: a host thread wakes up late (timer slack, scheduling); if the scheduler and the token buckets were
 * asked at the late wall-clock time, a bucket of one or two MTUs would already be full and the tokens of the rest of
 * the delay would be thrown away, so the rate would fall with the host's load. Here the late decisions are taken at
 * their due times, so lateness costs no rate, and only two kinds of time are lost:
 * <ul>
 *   <li>a slot in which no flow may send (nothing queued, bucket not conforming, rate 0), as Periodic Selection
 *       prescribes (seed 000 §5.2.1 rule 3): the scheduler sees it in decision time and restarts its period;</li>
 *   <li>lateness beyond {@code catchUpNanos}: the excess is dropped from the schedule and counted in
 *       {@link #lostNanos()}, which bounds the catch-up burst of a source to {@code R x catchUpNanos}.</li>
 * </ul>
 * A wake-up before the pending decision is due (new data, new rates) decides at the wall-clock time, so idle time is
 * never banked. Allocation-free; one owner thread.
 */
public final class PacingLoop {
    /** Sends the head packet of a flow as decided at {@code decisionNanos}; returns its size in bytes. */
    @FunctionalInterface
    public interface Emitter {
        int emit(int flow, long decisionNanos);
    }

    private final long catchUpNanos;
    private long dueAt = Long.MAX_VALUE;
    private long lostNanos;

    public PacingLoop(long catchUpNanos) {
        if (catchUpNanos < 0) {
            throw new IllegalArgumentException("catchUpNanos must be >= 0, got " + catchUpNanos);
        }
        this.catchUpNanos = catchUpNanos;
    }

    /**
     * Takes the decisions due by {@code nowNanos}, at most {@code maxPackets}, and returns how many packets went.
     * Afterwards {@link #nextDueNanos()} is when the next decision falls due.
     */
    public int run(long nowNanos, InjectionScheduler scheduler, Backlog backlog, Emitter emitter, int maxPackets) {
        long t = firstDecision(nowNanos);
        int sent = 0;
        while (sent < maxPackets) {
            int f = scheduler.select(backlog, t);
            if (f < 0) {
                long next = scheduler.nextSelectNanos(backlog, t);
                if (next == Long.MAX_VALUE || next - nowNanos > 0 || next - t <= 0) {
                    break;
                }
                t = next; // fell due while this wake-up was late: take it at its own time
                continue;
            }
            int bytes = emitter.emit(f, t);
            scheduler.sent(f, bytes, t);
            sent++;
        }
        dueAt = scheduler.nextSelectNanos(backlog, t);
        return sent;
    }

    private long firstDecision(long nowNanos) {
        long due = dueAt;
        if (due == Long.MAX_VALUE || nowNanos - due <= 0) {
            return nowNanos;
        }
        long late = nowNanos - due;
        if (late <= catchUpNanos) {
            return due;
        }
        lostNanos += late - catchUpNanos;
        return nowNanos - catchUpNanos;
    }

    /** When the next decision falls due, {@link Long#MAX_VALUE} when nothing is queued that may ever go. */
    public long nextDueNanos() {
        return dueAt;
    }

    /** Total lateness beyond the catch-up window, whose sending time was lost. */
    public long lostNanos() {
        return lostNanos;
    }
}

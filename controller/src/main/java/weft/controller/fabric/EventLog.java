package weft.controller.fabric;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fabric service's record of what it did and saw: the most recent {@link FabricEvent}s in a ring of fixed
 * capacity (older ones are overwritten and counted), a count per kind since start, live subscribers, and the log.
 *
 * <p>Memory is bounded whatever a peer sends: the ring holds at most {@code capacity} events and adding one copies
 * nothing. Logging is bounded too: each kind may log {@value #LOG_BURST} lines at once and {@value #LOG_PER_SECOND}
 * per second after that; the lines it holds back are counted and reported in the next line of that kind that is
 * logged. Every event still enters the ring, the counts and the stream.
 *
 * <p>Subscribers are called in event order, under the log's lock, on the thread that recorded the event: they
 * must only hand the event on (the REST event stream writes it to a channel without waiting).
 */
public final class EventLog {
    /** Logs as the service, so log lines read as they always have. */
    private static final Logger LOG = LoggerFactory.getLogger(FabricService.class);
    /** Events kept by default: about 1 MB of detail lines at most. */
    public static final int DEFAULT_CAPACITY = 4096;
    static final int LOG_BURST = 50;
    static final int LOG_PER_SECOND = 10;

    private final FabricEvent[] ring;
    private final LongSupplier clockMillis;
    private final Map<FabricEvent.Kind, Long> counts = new EnumMap<>(FabricEvent.Kind.class);
    private final Map<FabricEvent.Kind, LogBudget> budgets = new EnumMap<>(FabricEvent.Kind.class);
    private final List<Consumer<FabricEvent>> subscribers = new CopyOnWriteArrayList<>();
    private final AtomicLong openflowErrors = new AtomicLong();
    private long next = 1;

    /** Log lines one kind may still write, refilled with time. */
    private static final class LogBudget {
        double lines = LOG_BURST;
        long atMillis;
        long held;
    }

    EventLog() {
        this(DEFAULT_CAPACITY, System::currentTimeMillis);
    }

    /**
     * @param capacity    events kept
     * @param clockMillis wall clock for event times and the log budget
     */
    EventLog(int capacity, LongSupplier clockMillis) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
        }
        this.ring = new FabricEvent[capacity];
        this.clockMillis = clockMillis;
    }

    /** Records an event: into the ring, the counts, the subscribers and (within the budget) the log. */
    synchronized void event(FabricEvent.Kind kind, String detail) {
        long now = clockMillis.getAsLong();
        FabricEvent e = new FabricEvent(next, now, kind, detail);
        ring[(int) (next % ring.length)] = e;
        next++;
        counts.merge(kind, 1L, Long::sum);
        log(e, now);
        for (Consumer<FabricEvent> s : subscribers) {
            s.accept(e);
        }
    }

    private void log(FabricEvent e, long now) {
        LogBudget b = budgets.computeIfAbsent(e.kind(), k -> new LogBudget());
        b.lines = Math.min(LOG_BURST, b.lines + (now - b.atMillis) * LOG_PER_SECOND / 1000.0);
        b.atMillis = now;
        if (b.lines < 1) {
            b.held++;
            return;
        }
        b.lines--;
        String held = b.held == 0 ? "" : " (" + b.held + " earlier " + e.kind() + " events not logged)";
        b.held = 0;
        if (e.kind() == FabricEvent.Kind.FAILURE || e.kind() == FabricEvent.Kind.OPENFLOW_ERROR
                || e.kind() == FabricEvent.Kind.UNKNOWN_SWITCH || e.kind() == FabricEvent.Kind.DUPLICATE_DPID) {
            LOG.warn("{}{}", e, held);
        } else {
            LOG.info("{}{}", e, held);
        }
    }

    /** Counts {@code n} errors a switch reported for Weft's messages. */
    void openflowErrors(int n) {
        openflowErrors.addAndGet(n);
    }

    long openflowErrors() {
        return openflowErrors.get();
    }

    synchronized FabricEvent last() {
        return next == 1 ? null : ring[(int) ((next - 1) % ring.length)];
    }

    /** The events kept, oldest first. */
    public synchronized List<FabricEvent> events() {
        return since(0);
    }

    /** The events kept whose sequence number is above {@code seq}, oldest first. */
    public synchronized List<FabricEvent> since(long seq) {
        long first = Math.max(Math.max(1, next - ring.length), seq + 1);
        List<FabricEvent> out = new ArrayList<>((int) Math.max(0, next - first));
        for (long s = first; s < next; s++) {
            out.add(ring[(int) (s % ring.length)]);
        }
        return out;
    }

    /** Events recorded since start, by kind (including those the ring no longer holds). */
    public synchronized Map<FabricEvent.Kind, Long> counts() {
        return Map.copyOf(counts);
    }

    /** Events recorded since start that the ring no longer holds. */
    public synchronized long overwritten() {
        return Math.max(0, next - 1 - ring.length);
    }

    /**
     * Calls {@code subscriber} with every event recorded from now on, and first with the kept events after
     * {@code sinceSeq} (so nothing is missed or repeated between the backlog and the live events).
     *
     * @return unsubscribes
     */
    public synchronized Runnable subscribe(long sinceSeq, Consumer<FabricEvent> subscriber) {
        since(sinceSeq).forEach(subscriber);
        subscribers.add(subscriber);
        return () -> subscribers.remove(subscriber);
    }
}

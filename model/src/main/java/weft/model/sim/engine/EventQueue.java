package weft.model.sim.engine;

import java.util.Arrays;

/**
 * The simulator's event list: a 4-ary heap on primitive arrays, ordered by (time, phase, sequence number), so the
 * order of events is total and the same on every run. Scheduling and popping allocate nothing once the arrays have
 * grown to the run's peak.
 *
 * <p>Time is an integer (picoseconds in the simulator). The phase orders events of one instant: state changes
 * (arrivals, credits, pauses) run before decisions (arbitration), and decisions before bookkeeping, as the
 * evaluate/update split of a cycle-accurate router does. The sequence number breaks the remaining ties in
 * scheduling order, as htsim's event list and BookSim's cycle loop do.
 *
 * <p>An event carries a type (0..255), two int arguments and a third of 24 bits. After {@link #pop()} they are read
 * with {@link #type()}, {@link #a()}, {@link #b()} and {@link #c()}. Decision: a 4-ary heap (half the depth of a
 * binary heap) whose entries are four adjacent longs (key, sequence, packed arguments), so that the children of a
 * node share two cache lines, since popping dominates the simulator's profile.
 */
public final class EventQueue {
    /** Number of phases per instant. */
    public static final int PHASES = 4;
    private static final int PHASE_BITS = 2;
    /** Latest time that can be scheduled. */
    public static final long MAX_TIME = Long.MAX_VALUE >>> PHASE_BITS;
    /** Largest value of the third argument. */
    public static final int MAX_C = (1 << 24) - 1;

    /** Entries of 4 longs each: ordering key, sequence number, arguments a and b, type and argument c. */
    private long[] heap = new long[4 * 1024];
    private int size;
    private long nextSeq;
    private long popped;

    private long time;
    private long currentAb;
    private long currentTc;

    /**
     * Adds an event.
     *
     * @param at    time, {@code 0..MAX_TIME}
     * @param phase {@code 0..PHASES-1}; lower phases of one instant run first
     * @param argC  {@code 0..MAX_C}
     */
    public void schedule(long at, int phase, int eventType, int argA, int argB, int argC) {
        if (at < 0 || at > MAX_TIME) {
            throw new IllegalArgumentException("event time " + at + " outside 0.." + MAX_TIME);
        }
        if (argC < 0 || argC > MAX_C || eventType < 0 || eventType > 255) {
            throw new IllegalArgumentException("event type " + eventType + " or argument " + argC + " out of range");
        }
        if (4 * size == heap.length) {
            heap = Arrays.copyOf(heap, 2 * heap.length);
        }
        long[] h = heap;
        long k = at << PHASE_BITS | phase;
        long s = nextSeq++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            int pi = 4 * parent;
            long pk = h[pi];
            if (pk < k || (pk == k && h[pi + 1] < s)) {
                break;
            }
            System.arraycopy(h, pi, h, 4 * i, 4);
            i = parent;
        }
        int e = 4 * i;
        h[e] = k;
        h[e + 1] = s;
        h[e + 2] = (long) argA << 32 | (argB & 0xFFFFFFFFL);
        h[e + 3] = (long) eventType << 24 | argC;
    }

    /** The ordering key of an instant and phase, comparable with {@link #peekKey()}. */
    public static long key(long time, int phase) {
        return time << PHASE_BITS | phase;
    }

    /** Ordering key (time and phase) of the next event; only valid when not empty. */
    public long peekKey() {
        return heap[0];
    }

    /** True when no event is pending. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Pending events. */
    public int size() {
        return size;
    }

    /** Events popped so far. */
    public long popped() {
        return popped;
    }

    /** Time of the next event; only valid when not empty. */
    public long peekTime() {
        return heap[0] >>> PHASE_BITS;
    }

    /** Removes the earliest event and makes it current; returns its time. */
    public long pop() {
        if (size == 0) {
            throw new IllegalStateException("pop on an empty event queue");
        }
        long[] h = heap;
        time = h[0] >>> PHASE_BITS;
        currentAb = h[2];
        currentTc = h[3];
        popped++;
        int last = --size;
        if (last > 0) {
            int le = 4 * last;
            long k = h[le];
            long s = h[le + 1];
            int i = 0;
            while (true) {
                int first = 4 * i + 1;
                if (first >= last) {
                    break;
                }
                int best = first;
                long bk = h[4 * first];
                long bs = h[4 * first + 1];
                int end = Math.min(first + 4, last);
                for (int c = first + 1; c < end; c++) {
                    long ck = h[4 * c];
                    if (ck < bk || (ck == bk && h[4 * c + 1] < bs)) {
                        best = c;
                        bk = ck;
                        bs = h[4 * c + 1];
                    }
                }
                if (k < bk || (k == bk && s < bs)) {
                    break;
                }
                System.arraycopy(h, 4 * best, h, 4 * i, 4);
                i = best;
            }
            System.arraycopy(h, le, h, 4 * i, 4);
        }
        return time;
    }

    /** Time of the current (last popped) event. */
    public long time() {
        return time;
    }

    /** Type of the current event. */
    public int type() {
        return (int) (currentTc >>> 24);
    }

    /** First argument of the current event. */
    public int a() {
        return (int) (currentAb >> 32);
    }

    /** Second argument of the current event. */
    public int b() {
        return (int) currentAb;
    }

    /** Third argument of the current event. */
    public int c() {
        return (int) (currentTc & MAX_C);
    }
}

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
 * binary heap, children of a node adjacent in memory) with the payload packed into one long and one int, since
 * popping dominates the simulator's profile.
 */
public final class EventQueue {
    /** Number of phases per instant. */
    public static final int PHASES = 4;
    private static final int PHASE_BITS = 2;
    /** Latest time that can be scheduled. */
    public static final long MAX_TIME = Long.MAX_VALUE >>> PHASE_BITS;
    /** Largest value of the third argument. */
    public static final int MAX_C = (1 << 24) - 1;

    private long[] key = new long[1024];
    private long[] seq = new long[1024];
    private long[] ab = new long[1024];
    private int[] tc = new int[1024];
    private int size;
    private long nextSeq;
    private long popped;

    private long time;
    private long currentAb;
    private int currentTc;

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
        if (size == key.length) {
            grow();
        }
        long k = at << PHASE_BITS | phase;
        long s = nextSeq++;
        long p = (long) argA << 32 | (argB & 0xFFFFFFFFL);
        int t = eventType << 24 | argC;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pk = key[parent];
            if (pk < k || (pk == k && seq[parent] < s)) {
                break;
            }
            key[i] = pk;
            seq[i] = seq[parent];
            ab[i] = ab[parent];
            tc[i] = tc[parent];
            i = parent;
        }
        key[i] = k;
        seq[i] = s;
        ab[i] = p;
        tc[i] = t;
    }

    /** The ordering key of an instant and phase, comparable with {@link #peekKey()}. */
    public static long key(long time, int phase) {
        return time << PHASE_BITS | phase;
    }

    /** Ordering key (time and phase) of the next event; only valid when not empty. */
    public long peekKey() {
        return key[0];
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
        return key[0] >>> PHASE_BITS;
    }

    /** Removes the earliest event and makes it current; returns its time. */
    public long pop() {
        if (size == 0) {
            throw new IllegalStateException("pop on an empty event queue");
        }
        time = key[0] >>> PHASE_BITS;
        currentAb = ab[0];
        currentTc = tc[0];
        popped++;
        int last = --size;
        if (last > 0) {
            long k = key[last];
            long s = seq[last];
            long p = ab[last];
            int t = tc[last];
            int i = 0;
            while (true) {
                int first = 4 * i + 1;
                if (first >= last) {
                    break;
                }
                int best = first;
                long bk = key[first];
                long bs = seq[first];
                int end = Math.min(first + 4, last);
                for (int c = first + 1; c < end; c++) {
                    long ck = key[c];
                    if (ck < bk || (ck == bk && seq[c] < bs)) {
                        best = c;
                        bk = ck;
                        bs = seq[c];
                    }
                }
                if (k < bk || (k == bk && s < bs)) {
                    break;
                }
                key[i] = bk;
                seq[i] = bs;
                ab[i] = ab[best];
                tc[i] = tc[best];
                i = best;
            }
            key[i] = k;
            seq[i] = s;
            ab[i] = p;
            tc[i] = t;
        }
        return time;
    }

    /** Time of the current (last popped) event. */
    public long time() {
        return time;
    }

    /** Type of the current event. */
    public int type() {
        return currentTc >>> 24;
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
        return currentTc & MAX_C;
    }

    private void grow() {
        int n = key.length * 2;
        key = Arrays.copyOf(key, n);
        seq = Arrays.copyOf(seq, n);
        ab = Arrays.copyOf(ab, n);
        tc = Arrays.copyOf(tc, n);
    }
}

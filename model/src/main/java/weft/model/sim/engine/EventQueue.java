package weft.model.sim.engine;

import java.util.Arrays;

/**
 * The simulator's event list, ordered by (time, phase, sequence number), so the order of events is total and the
 * same on every run. Scheduling and popping allocate nothing once the arrays have grown to the run's peak.
 *
 * <p>Time is an integer (picoseconds in the simulator). The phase orders events of one instant: state changes
 * (arrivals, credits, pauses) run before decisions (arbitration), and decisions before bookkeeping, as the
 * evaluate/update split of a cycle-accurate router does. The sequence number breaks the remaining ties in
 * scheduling order, as htsim's event list and BookSim's cycle loop do.
 *
 * <p>An event carries a type (0..255), two int arguments and a third of 24 bits. After {@link #pop()} they are read
 * with {@link #type()}, {@link #a()}, {@link #b()} and {@link #c()}.
 *
 * <p>Decision: events of one (time, phase) key share a bucket, a first-in first-out list, and only the pending
 * keys are kept in a 4-ary heap (a hash table finds the bucket of a pending key). Since the sequence number grows
 * with every scheduling, first-in first-out within a key is exactly the sequence order, so the order is the one of
 * a heap of single events. A fabric of equal links and packets makes its events at few distinct instants: in a
 * packet simulation of a k-ary 3-tree 98-99% of pops take the key of the pop before, so a pop is a list step
 * instead of a sift-down through thousands of events, which dominated the simulator's profile.
 */
public final class EventQueue {
    /** Number of phases per instant. */
    public static final int PHASES = 4;
    private static final int PHASE_BITS = 2;
    /** Latest time that can be scheduled. */
    public static final long MAX_TIME = Long.MAX_VALUE >>> PHASE_BITS;
    /** Largest value of the third argument. */
    public static final int MAX_C = (1 << 24) - 1;
    private static final int NONE = -1;

    /** Events: packed arguments a and b, type and argument c, the next event of the same bucket (or free list). */
    private long[] eventAb = new long[1024];
    private int[] eventTc = new int[1024];
    private int[] eventNext = new int[1024];
    private int freeEvent = NONE;
    private int usedEvents;

    /** Buckets: first and last event; {@code bucketNext} chains the free buckets. */
    private int[] bucketHead = new int[64];
    private int[] bucketTail = new int[64];
    private int[] bucketNext = new int[64];
    private int freeBucket = NONE;
    private int usedBuckets;

    /** 4-ary min-heap of the pending keys (distinct: one per bucket). */
    private long[] heap = new long[64];
    private int keys;
    /** The bucket of the last key looked up at the top of the heap, or {@code NONE}. */
    private long topKey;
    private int topBucket = NONE;

    /** Open-addressing table (linear probing) from a pending key to its bucket; {@code NONE} marks a free slot. */
    private long[] tableKey = new long[128];
    private int[] tableBucket = filled(128);

    private int size;
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
        long k = at << PHASE_BITS | phase;
        int e = newEvent();
        eventAb[e] = (long) argA << 32 | (argB & 0xFFFFFFFFL);
        eventTc[e] = eventType << 24 | argC;
        eventNext[e] = NONE;
        int slot = slot(k);
        int b = tableBucket[slot];
        if (b == NONE) {
            b = newBucket(e);
            tableKey[slot] = k;
            tableBucket[slot] = b;
            pushKey(k);
            if (2 * keys > tableKey.length) {
                rehash(2 * tableKey.length);
            }
        } else {
            eventNext[bucketTail[b]] = e;
            bucketTail[b] = e;
        }
        size++;
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
        long k = heap[0];
        if (topBucket == NONE || topKey != k) {
            topKey = k;
            topBucket = tableBucket[slot(k)];
        }
        int b = topBucket;
        int e = bucketHead[b];
        time = k >>> PHASE_BITS;
        currentAb = eventAb[e];
        currentTc = eventTc[e];
        popped++;
        size--;
        bucketHead[b] = eventNext[e];
        eventNext[e] = freeEvent;
        freeEvent = e;
        if (bucketHead[b] == NONE) {
            popKey();
            removeKey(k);
            topBucket = NONE;
            bucketNext[b] = freeBucket;
            freeBucket = b;
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

    private int newEvent() {
        int e = freeEvent;
        if (e != NONE) {
            freeEvent = eventNext[e];
            return e;
        }
        if (usedEvents == eventAb.length) {
            int n = 2 * usedEvents;
            eventAb = Arrays.copyOf(eventAb, n);
            eventTc = Arrays.copyOf(eventTc, n);
            eventNext = Arrays.copyOf(eventNext, n);
        }
        return usedEvents++;
    }

    private int newBucket(int e) {
        int b = freeBucket;
        if (b != NONE) {
            freeBucket = bucketNext[b];
        } else {
            if (usedBuckets == bucketHead.length) {
                int n = 2 * usedBuckets;
                bucketHead = Arrays.copyOf(bucketHead, n);
                bucketTail = Arrays.copyOf(bucketTail, n);
                bucketNext = Arrays.copyOf(bucketNext, n);
            }
            b = usedBuckets++;
        }
        bucketHead[b] = e;
        bucketTail[b] = e;
        return b;
    }

    /** Adds key k, not yet pending, to the heap. */
    private void pushKey(long k) {
        if (keys == heap.length) {
            heap = Arrays.copyOf(heap, 2 * keys);
        }
        long[] h = heap;
        int i = keys++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            if (h[parent] < k) {
                break;
            }
            h[i] = h[parent];
            i = parent;
        }
        h[i] = k;
    }

    /** Removes the heap's least key. */
    private void popKey() {
        long[] h = heap;
        int last = --keys;
        long k = h[last];
        int i = 0;
        while (true) {
            int first = 4 * i + 1;
            if (first >= last) {
                break;
            }
            int best = first;
            int end = Math.min(first + 4, last);
            for (int c = first + 1; c < end; c++) {
                if (h[c] < h[best]) {
                    best = c;
                }
            }
            if (k < h[best]) {
                break;
            }
            h[i] = h[best];
            i = best;
        }
        h[i] = k;
    }

    /** The table slot holding key k, or the free slot where it would go. */
    private int slot(long k) {
        int mask = tableKey.length - 1;
        int i = hash(k) & mask;
        while (tableBucket[i] != NONE && tableKey[i] != k) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** Removes pending key k from the table, shifting back the entries its slot displaced. */
    private void removeKey(long k) {
        int mask = tableKey.length - 1;
        int hole = slot(k);
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            if (tableBucket[i] == NONE) {
                break;
            }
            int home = hash(tableKey[i]) & mask;
            // Entry i may fill the hole when its home slot is not cyclically within (hole, i].
            if (((i - home) & mask) >= ((i - hole) & mask)) {
                tableKey[hole] = tableKey[i];
                tableBucket[hole] = tableBucket[i];
                hole = i;
            }
        }
        tableBucket[hole] = NONE;
    }

    private void rehash(int capacity) {
        long[] keys = tableKey;
        int[] values = tableBucket;
        tableKey = new long[capacity];
        tableBucket = filled(capacity);
        for (int i = 0; i < keys.length; i++) {
            if (values[i] != NONE) {
                int s = slot(keys[i]);
                tableKey[s] = keys[i];
                tableBucket[s] = values[i];
            }
        }
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32);
    }

    private static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, NONE);
        return a;
    }
}

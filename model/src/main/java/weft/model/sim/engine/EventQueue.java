package weft.model.sim.engine;

/**
 * The simulator's event list: a binary heap on primitive arrays, ordered by (time, phase, sequence number), so the
 * order of events is total and the same on every run. Scheduling and popping allocate nothing once the arrays have
 * grown to the run's peak.
 *
 * <p>Time is an integer (picoseconds in the simulator). The phase orders events of one instant: state changes
 * (arrivals, credits, pauses) run before decisions (arbitration), and decisions before bookkeeping, as the
 * evaluate/update split of a cycle-accurate router does. The sequence number breaks the remaining ties in
 * scheduling order, as htsim's event list and BookSim's cycle loop do.
 *
 * <p>An event carries a type and three int arguments. After {@link #pop()} they are read with {@link #type()},
 * {@link #a()}, {@link #b()} and {@link #c()}.
 */
public final class EventQueue {
    /** Number of phases per instant. */
    public static final int PHASES = 4;
    private static final int PHASE_BITS = 2;
    /** Latest time that can be scheduled. */
    public static final long MAX_TIME = Long.MAX_VALUE >>> PHASE_BITS;

    private long[] key = new long[1024];
    private long[] seq = new long[1024];
    private int[] types = new int[1024];
    private int[] as = new int[1024];
    private int[] bs = new int[1024];
    private int[] cs = new int[1024];
    private int size;
    private long nextSeq;
    private long popped;

    private long time;
    private int type;
    private int a;
    private int b;
    private int c;

    /**
     * Adds an event.
     *
     * @param at    time, {@code 0..MAX_TIME}
     * @param phase {@code 0..PHASES-1}; lower phases of one instant run first
     */
    public void schedule(long at, int phase, int eventType, int argA, int argB, int argC) {
        if (at < 0 || at > MAX_TIME) {
            throw new IllegalArgumentException("event time " + at + " outside 0.." + MAX_TIME);
        }
        if (size == key.length) {
            grow();
        }
        long k = at << PHASE_BITS | phase;
        long s = nextSeq++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (key[parent] < k || (key[parent] == k && seq[parent] < s)) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, k, s, eventType, argA, argB, argC);
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
        type = types[0];
        a = as[0];
        b = bs[0];
        c = cs[0];
        popped++;
        int last = --size;
        if (last > 0) {
            long k = key[last];
            long s = seq[last];
            int t = types[last];
            int la = as[last];
            int lb = bs[last];
            int lc = cs[last];
            int i = 0;
            int half = last >>> 1;
            while (i < half) {
                int child = 2 * i + 1;
                int right = child + 1;
                if (right < last && (key[right] < key[child]
                        || (key[right] == key[child] && seq[right] < seq[child]))) {
                    child = right;
                }
                if (k < key[child] || (k == key[child] && s < seq[child])) {
                    break;
                }
                move(child, i);
                i = child;
            }
            set(i, k, s, t, la, lb, lc);
        }
        return time;
    }

    /** Time of the current (last popped) event. */
    public long time() {
        return time;
    }

    /** Type of the current event. */
    public int type() {
        return type;
    }

    /** First argument of the current event. */
    public int a() {
        return a;
    }

    /** Second argument of the current event. */
    public int b() {
        return b;
    }

    /** Third argument of the current event. */
    public int c() {
        return c;
    }

    private void move(int from, int to) {
        key[to] = key[from];
        seq[to] = seq[from];
        types[to] = types[from];
        as[to] = as[from];
        bs[to] = bs[from];
        cs[to] = cs[from];
    }

    private void set(int i, long k, long s, int t, int va, int vb, int vc) {
        key[i] = k;
        seq[i] = s;
        types[i] = t;
        as[i] = va;
        bs[i] = vb;
        cs[i] = vc;
    }

    private void grow() {
        int n = key.length * 2;
        key = java.util.Arrays.copyOf(key, n);
        seq = java.util.Arrays.copyOf(seq, n);
        types = java.util.Arrays.copyOf(types, n);
        as = java.util.Arrays.copyOf(as, n);
        bs = java.util.Arrays.copyOf(bs, n);
        cs = java.util.Arrays.copyOf(cs, n);
    }
}

package weft.model.sim;

import java.util.Arrays;

/**
 * The pool of packets and flits in flight, as records in primitive arrays indexed by a handle: nothing is allocated per
 * packet once the pool has grown to the run's peak. A packet that travels whole is one flit marked both head and
 * tail; a packet split into flits has one record waiting at its host and one per flit in the network, each flit
 * carrying the packet's fields it needs (BookSim's flits do the same).
 *
 * <p>Decision: a record's 16 int fields are adjacent in one array and its 5 long fields in another (64 and 40
 * bytes), so that handling a flit touches two or three cache lines rather than one per field; a protocol's payload
 * object sits in an array of its own.
 */
final class Flits {
    static final int HEAD = 1;
    static final int TAIL = 2;
    /** Created inside the measurement window: counted in latency statistics. */
    static final int MEASURED = 4;
    /** Congestion-marked by a switch (ECN's forward notification). */
    static final int MARKED = 8;
    /** A protocol's control packet: not counted as data in the built-in statistics. */
    static final int CONTROL = 16;
    private static final int IS = 16;
    private static final int LS = 5;
    private static final int SRC = 0;
    private static final int DST = 1;
    private static final int DST_SWITCH = 2;
    private static final int LAYER = 3;
    private static final int CLS = 4;
    private static final int TAG = 5;
    private static final int FLOW = 6;
    private static final int SEQ = 7;
    private static final int BYTES = 8;
    private static final int PACKET_BYTES = 9;
    private static final int FLAGS = 10;
    private static final int VC = 11;
    private static final int BUFFER = 12;
    private static final int OUT = 13;
    private static final int PENDING = 14;
    private static final int NEXT = 15;
    private static final int CREATED = 0;
    private static final int INJECTED = 1;
    private static final int TAIL_ARRIVE = 2;
    private static final int ELIGIBLE = 3;
    private static final int WAITED = 4;

    private int[] ints = new int[0];
    private long[] longs = new long[0];
    private Object[] payloads = new Object[0];
    private int[] free = new int[0];
    private int freeCount;
    private int capacity;
    private int live;

    /** Source host. */
    int src(int f) {
        return ints[f * IS + SRC];
    }

    void src(int f, int v) {
        ints[f * IS + SRC] = v;
    }

    /** Destination host (-1: addressed to a switch). */
    int dst(int f) {
        return ints[f * IS + DST];
    }

    void dst(int f, int v) {
        ints[f * IS + DST] = v;
    }

    /** Switch of the destination. */
    int dstSwitch(int f) {
        return ints[f * IS + DST_SWITCH];
    }

    void dstSwitch(int f, int v) {
        ints[f * IS + DST_SWITCH] = v;
    }

    /** Routing layer; -1 until the path is chosen. */
    int layer(int f) {
        return ints[f * IS + LAYER];
    }

    void layer(int f, int v) {
        ints[f * IS + LAYER] = v;
    }

    /** Traffic class ({@link SimConfig#classPriorities()}); the lane is {@code class * layers + layer}. */
    int cls(int f) {
        return ints[f * IS + CLS];
    }

    void cls(int f, int v) {
        ints[f * IS + CLS] = v;
    }

    /** Path tag (0 when the host set none). */
    int tag(int f) {
        return ints[f * IS + TAG];
    }

    void tag(int f, int v) {
        ints[f * IS + TAG] = v;
    }

    /** Flow index, or -1. */
    int flow(int f) {
        return ints[f * IS + FLOW];
    }

    void flow(int f, int v) {
        ints[f * IS + FLOW] = v;
    }

    /** Sequence number within the flow (or the pair of hosts). */
    int seq(int f) {
        return ints[f * IS + SEQ];
    }

    void seq(int f, int v) {
        ints[f * IS + SEQ] = v;
    }

    /** Bytes of this flit (of the packet when it travels whole). */
    int bytes(int f) {
        return ints[f * IS + BYTES];
    }

    void bytes(int f, int v) {
        ints[f * IS + BYTES] = v;
    }

    /** Bytes of the whole packet. */
    int packetBytes(int f) {
        return ints[f * IS + PACKET_BYTES];
    }

    void packetBytes(int f, int v) {
        ints[f * IS + PACKET_BYTES] = v;
    }

    /** {@link #HEAD}, {@link #TAIL}, {@link #MEASURED}, {@link #MARKED}, {@link #CONTROL}. */
    int flags(int f) {
        return ints[f * IS + FLAGS];
    }

    void flags(int f, int v) {
        ints[f * IS + FLAGS] = v;
    }

    /** Virtual channel of the buffer the flit is in, or is travelling to. */
    int vc(int f) {
        return ints[f * IS + VC];
    }

    void vc(int f, int v) {
        ints[f * IS + VC] = v;
    }

    /** Input buffer ({@code channel * vcs + vc}) the flit is in, -1 at a host. */
    int buffer(int f) {
        return ints[f * IS + BUFFER];
    }

    void buffer(int f, int v) {
        ints[f * IS + BUFFER] = v;
    }

    /** Output channel chosen at the current switch, -1 before routing. */
    int out(int f) {
        return ints[f * IS + OUT];
    }

    void out(int f, int v) {
        ints[f * IS + OUT] = v;
    }

    /** Flits of the packet not yet sent by its host (host records only). */
    int pending(int f) {
        return ints[f * IS + PENDING];
    }

    void pending(int f, int v) {
        ints[f * IS + PENDING] = v;
    }

    /** Next record in the queue the flit is in, -1 for none. */
    int next(int f) {
        return ints[f * IS + NEXT];
    }

    void next(int f, int v) {
        ints[f * IS + NEXT] = v;
    }

    /** Time the packet was made. */
    long created(int f) {
        return longs[f * LS + CREATED];
    }

    void created(int f, long v) {
        longs[f * LS + CREATED] = v;
    }

    /** Time the packet left its host. */
    long injected(int f) {
        return longs[f * LS + INJECTED];
    }

    void injected(int f, long v) {
        longs[f * LS + INJECTED] = v;
    }

    /** When the tail reaches (or reached) the buffer the flit is travelling to. */
    long tailArrive(int f) {
        return longs[f * LS + TAIL_ARRIVE];
    }

    void tailArrive(int f, long v) {
        longs[f * LS + TAIL_ARRIVE] = v;
    }

    /** Earliest time the flit may cross its current switch. */
    long eligible(int f) {
        return longs[f * LS + ELIGIBLE];
    }

    void eligible(int f, long v) {
        longs[f * LS + ELIGIBLE] = v;
    }

    /** Time spent waiting in switches before the current one (from its first chance to leave to its leaving). */
    long waited(int f) {
        return longs[f * LS + WAITED];
    }

    void waited(int f, long v) {
        longs[f * LS + WAITED] = v;
    }

    /** What a protocol's packet carries (a control message), null for plain data. */
    Object payload(int f) {
        return payloads[f];
    }

    void payload(int f, Object v) {
        payloads[f] = v;
    }

    /** A fresh record with every field cleared; grows the pool when needed. */
    int allocate() {
        if (freeCount == 0) {
            grow();
        }
        int f = free[--freeCount];
        live++;
        int b = f * IS;
        Arrays.fill(ints, b, b + IS, 0);
        ints[b + NEXT] = -1;
        ints[b + OUT] = -1;
        ints[b + BUFFER] = -1;
        ints[b + FLOW] = -1;
        ints[b + TAG] = -1;
        longs[f * LS + WAITED] = 0;
        return f;
    }

    /** Copies every packet field of {@code from} into a fresh record (a flit of that packet). */
    int copyOf(int from) {
        int f = allocate();
        int s = from * IS;
        int d = f * IS;
        ints[d + SRC] = ints[s + SRC];
        ints[d + DST] = ints[s + DST];
        ints[d + DST_SWITCH] = ints[s + DST_SWITCH];
        ints[d + LAYER] = ints[s + LAYER];
        ints[d + CLS] = ints[s + CLS];
        ints[d + TAG] = ints[s + TAG];
        ints[d + FLOW] = ints[s + FLOW];
        ints[d + SEQ] = ints[s + SEQ];
        ints[d + BYTES] = ints[s + BYTES];
        ints[d + PACKET_BYTES] = ints[s + PACKET_BYTES];
        ints[d + FLAGS] = ints[s + FLAGS] & (MEASURED | CONTROL);
        payloads[f] = payloads[from];
        longs[f * LS + CREATED] = longs[from * LS + CREATED];
        longs[f * LS + INJECTED] = longs[from * LS + INJECTED];
        return f;
    }

    void release(int f) {
        payloads[f] = null;
        free[freeCount++] = f;
        live--;
    }

    /** Records in use. */
    int live() {
        return live;
    }

    /** Records ever allocated (the pool's peak). */
    int capacity() {
        return capacity;
    }

    boolean isHead(int f) {
        return (ints[f * IS + FLAGS] & HEAD) != 0;
    }

    boolean isTail(int f) {
        return (ints[f * IS + FLAGS] & TAIL) != 0;
    }

    private void grow() {
        int n = Math.max(1024, capacity * 2);
        ints = Arrays.copyOf(ints, n * IS);
        longs = Arrays.copyOf(longs, n * LS);
        payloads = Arrays.copyOf(payloads, n);
        free = Arrays.copyOf(free, n);
        for (int i = n - 1; i >= capacity; i--) {
            free[freeCount++] = i;
        }
        capacity = n;
    }
}

package weft.model.sim;

import java.util.Arrays;

/**
 * The pool of packets and flits in flight, as parallel primitive arrays indexed by a handle: nothing is allocated per
 * packet once the pool has grown to the run's peak. A packet that travels whole is one flit marked both head and
 * tail; a packet split into flits has one record waiting at its host and one per flit in the network, each flit
 * carrying the packet's fields it needs (BookSim's flits do the same).
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

    int[] src = new int[0];
    int[] dst = new int[0];
    int[] dstSwitch = new int[0];
    int[] layer = new int[0];
    /** Traffic class ({@link SimConfig#classPriorities()}); the lane is {@code class * layers + layer}. */
    int[] cls = new int[0];
    /** What a protocol's packet carries (a control message), null for plain data. */
    Object[] payload = new Object[0];
    int[] tag = new int[0];
    int[] flow = new int[0];
    int[] seq = new int[0];
    int[] bytes = new int[0];
    /** Bytes of the whole packet (equal to {@link #bytes} when it travels whole). */
    int[] packetBytes = new int[0];
    int[] flags = new int[0];
    /** Virtual channel of the input buffer the flit is in, or is travelling to. */
    int[] vc = new int[0];
    /** Input buffer ({@code channel * vcs + vc}) the flit is in, -1 at a host. */
    int[] buffer = new int[0];
    /** Output channel chosen at the current switch, -1 before routing. */
    int[] out = new int[0];
    /** Flits of the packet not yet sent by its host (host records only). */
    int[] pending = new int[0];
    int[] hops = new int[0];
    int[] next = new int[0];
    long[] created = new long[0];
    long[] injected = new long[0];
    /** When the tail reaches (or reached) the buffer the flit is travelling to. */
    long[] tailArrive = new long[0];
    /** Earliest time the flit may cross its current switch. */
    long[] eligible = new long[0];
    /** Time spent waiting in switches before the current one (from its first chance to leave to its leaving). */
    long[] waited = new long[0];

    private int[] free = new int[0];
    private int freeCount;
    private int capacity;
    private int live;

    /** A fresh record with every field cleared; grows the pool when needed. */
    int allocate() {
        if (freeCount == 0) {
            grow();
        }
        int f = free[--freeCount];
        live++;
        next[f] = -1;
        out[f] = -1;
        buffer[f] = -1;
        hops[f] = 0;
        flags[f] = 0;
        flow[f] = -1;
        seq[f] = 0;
        tag[f] = -1;
        pending[f] = 0;
        cls[f] = 0;
        waited[f] = 0;
        return f;
    }

    /** Copies every packet field of {@code from} into a fresh record (a flit of that packet). */
    int copyOf(int from) {
        int f = allocate();
        src[f] = src[from];
        dst[f] = dst[from];
        dstSwitch[f] = dstSwitch[from];
        layer[f] = layer[from];
        cls[f] = cls[from];
        payload[f] = payload[from];
        tag[f] = tag[from];
        flow[f] = flow[from];
        seq[f] = seq[from];
        bytes[f] = bytes[from];
        packetBytes[f] = packetBytes[from];
        flags[f] = flags[from] & (MEASURED | CONTROL);
        created[f] = created[from];
        injected[f] = injected[from];
        return f;
    }

    void release(int f) {
        payload[f] = null;
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
        return (flags[f] & HEAD) != 0;
    }

    boolean isTail(int f) {
        return (flags[f] & TAIL) != 0;
    }

    private void grow() {
        int n = Math.max(1024, capacity * 2);
        src = Arrays.copyOf(src, n);
        dst = Arrays.copyOf(dst, n);
        dstSwitch = Arrays.copyOf(dstSwitch, n);
        layer = Arrays.copyOf(layer, n);
        cls = Arrays.copyOf(cls, n);
        payload = Arrays.copyOf(payload, n);
        tag = Arrays.copyOf(tag, n);
        flow = Arrays.copyOf(flow, n);
        seq = Arrays.copyOf(seq, n);
        bytes = Arrays.copyOf(bytes, n);
        packetBytes = Arrays.copyOf(packetBytes, n);
        flags = Arrays.copyOf(flags, n);
        vc = Arrays.copyOf(vc, n);
        buffer = Arrays.copyOf(buffer, n);
        out = Arrays.copyOf(out, n);
        pending = Arrays.copyOf(pending, n);
        hops = Arrays.copyOf(hops, n);
        next = Arrays.copyOf(next, n);
        created = Arrays.copyOf(created, n);
        injected = Arrays.copyOf(injected, n);
        tailArrive = Arrays.copyOf(tailArrive, n);
        eligible = Arrays.copyOf(eligible, n);
        waited = Arrays.copyOf(waited, n);
        free = Arrays.copyOf(free, n);
        for (int i = n - 1; i >= capacity; i--) {
            free[freeCount++] = i;
        }
        capacity = n;
    }
}

package weft.model.sim;

/**
 * The input buffers of every switch port, one per (channel into a switch, virtual channel), indexed
 * {@code channel * vcs + vc}: bytes held (from arrival until the tail leaves the switch), the FIFO of flits for
 * switches with one queue per input virtual channel, and when each buffer last sent something (deadlock detection).
 */
final class Buffers {
    final long capacity;
    final long[] occupancy;
    private final FlitQueues fifo;
    /** Time the current front flit became the front. */
    final long[] frontSince;
    final long[] lastDeparture;

    Buffers(int count, long capacity) {
        this.capacity = capacity;
        occupancy = new long[count];
        fifo = new FlitQueues(count);
        frontSince = new long[count];
        lastDeparture = new long[count];
    }

    /** The front flit of buffer b, -1 when it is empty. */
    int front(int b) {
        return fifo.front(b);
    }

    /** Appends flit f to the FIFO of buffer b; returns true when it became the front. */
    boolean append(Flits flits, int b, int f, long now) {
        if (fifo.append(flits, b, f)) {
            frontSince[b] = now;
            return true;
        }
        return false;
    }

    /** Puts flit f back at the front of buffer b, the front from {@code now} (a packet turned into a reply). */
    void pushFront(Flits flits, int b, int f, long now) {
        fifo.pushFront(flits, b, f);
        frontSince[b] = now;
    }

    /** Removes the front flit of buffer b; the next one becomes the front at {@code now}. */
    int pop(Flits flits, int b, long now) {
        int f = fifo.pop(flits, b);
        frontSince[b] = now;
        return f;
    }
}

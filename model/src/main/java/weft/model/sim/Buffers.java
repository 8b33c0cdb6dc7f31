package weft.model.sim;

/**
 * The input buffers of every switch port, one per (channel into a switch, virtual channel), indexed
 * {@code channel * vcs + vc}: bytes held (from arrival until the tail leaves the switch), the FIFO of flits for
 * switches with one queue per input virtual channel, and when each buffer last sent something (deadlock detection).
 */
final class Buffers {
    final long capacity;
    final long[] occupancy;
    final int[] head;
    final int[] tail;
    /** Time the current front flit became the front. */
    final long[] frontSince;
    final long[] lastDeparture;
    /** Output channel and virtual channel held by the packet in progress (wormhole), -1 when none. */
    final int[] outCh;
    final int[] outVc;

    Buffers(int count, long capacity) {
        this.capacity = capacity;
        occupancy = new long[count];
        head = new int[count];
        tail = new int[count];
        frontSince = new long[count];
        lastDeparture = new long[count];
        outCh = new int[count];
        outVc = new int[count];
        java.util.Arrays.fill(head, -1);
        java.util.Arrays.fill(tail, -1);
        java.util.Arrays.fill(outCh, -1);
        java.util.Arrays.fill(outVc, -1);
    }

    /** Appends flit f to the FIFO of buffer b; returns true when it became the front. */
    boolean append(Flits flits, int b, int f, long now) {
        flits.next(f, -1);
        if (tail[b] < 0) {
            head[b] = f;
            tail[b] = f;
            frontSince[b] = now;
            return true;
        }
        flits.next(tail[b], f);
        tail[b] = f;
        return false;
    }

    /** Puts flit f back at the front of buffer b, the front from {@code now} (a packet turned into a reply). */
    void pushFront(Flits flits, int b, int f, long now) {
        flits.next(f, head[b]);
        head[b] = f;
        if (tail[b] < 0) {
            tail[b] = f;
        }
        frontSince[b] = now;
    }

    /** Removes the front flit of buffer b; the next one becomes the front at {@code now}. */
    int pop(Flits flits, int b, long now) {
        int f = head[b];
        int n = flits.next(f);
        head[b] = n;
        if (n < 0) {
            tail[b] = -1;
        }
        frontSince[b] = now;
        flits.next(f, -1);
        return f;
    }
}

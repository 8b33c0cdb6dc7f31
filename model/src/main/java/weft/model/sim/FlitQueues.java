package weft.model.sim;

import java.util.Arrays;

/**
 * First-in first-out queues of packet records linked through {@link Flits#next}: per queue its front and its last
 * record, -1 when it is empty. The one queue of the switch models: the input buffers ({@link Buffers}, and through
 * them {@link OutputBuffers}), the output queues of {@link OutputQueuedSwitch} and the virtual output queues of
 * {@link VoqSwitch}. A record is in at most one queue at a time; one that leaves has no successor.
 */
final class FlitQueues {
    private final int[] head;
    private final int[] tail;

    /** {@code count} empty queues. */
    FlitQueues(int count) {
        head = new int[count];
        tail = new int[count];
        Arrays.fill(head, -1);
        Arrays.fill(tail, -1);
    }

    /** The front record of queue q, -1 when the queue is empty. */
    int front(int q) {
        return head[q];
    }

    /** Appends record f to queue q; returns true when it became the front (the queue was empty). */
    boolean append(Flits flits, int q, int f) {
        flits.next(f, -1);
        if (tail[q] < 0) {
            head[q] = f;
            tail[q] = f;
            return true;
        }
        flits.next(tail[q], f);
        tail[q] = f;
        return false;
    }

    /** Puts record f back at the front of queue q. */
    void pushFront(Flits flits, int q, int f) {
        flits.next(f, head[q]);
        head[q] = f;
        if (tail[q] < 0) {
            tail[q] = f;
        }
    }

    /** Takes the front record out of queue q, which must not be empty, and returns it. */
    int pop(Flits flits, int q) {
        int f = head[q];
        int n = flits.next(f);
        head[q] = n;
        if (n < 0) {
            tail[q] = -1;
        }
        flits.next(f, -1);
        return f;
    }
}

package weft.model.rate.distributed;

import java.util.List;

/**
 * How a distributed protocol's messages reach its {@link Node}s: queued by {@link #send}, handed over one at a time
 * by {@link #runUntilIdle}. {@link MessageScheduler} gives every delivery the same delay, in FIFO or seeded-random
 * order (for results under any interleaving); {@link TimedScheduler} times each message on the fabric (for how long
 * a calculation takes).
 *
 * @param <M> message type
 */
public interface Delivery<M> {
    /** Queues messages for delivery. */
    void send(List<Envelope<M>> messages);

    /** Handles the next pending message (or step of one); returns false when none is pending. */
    boolean step();

    /**
     * Delivers until nothing is pending; returns the deliveries made.
     *
     * @throws IllegalStateException when more than {@code limit} deliveries happen (a protocol that does not
     *                               converge), naming the limit
     */
    default long runUntilIdle(long limit) {
        long start = delivered();
        while (step()) {
            if (delivered() - start > limit) {
                throw new IllegalStateException("messages: still busy after " + limit
                        + " deliveries (protocol did not converge)");
            }
        }
        return delivered() - start;
    }

    /** Messages delivered so far. */
    long delivered();

    /** The current time, picoseconds: the latest delivery's once {@link #runUntilIdle} returns. */
    long nowPicos();

    /** Refuses a message to a node outside {@code 0..nodes-1}, naming the message and the node. */
    static void checkAddress(Envelope<?> e, int nodes) {
        if (e.to() < 0 || e.to() >= nodes) {
            throw new IllegalArgumentException("message " + e.message() + " to node " + e.to() + ": outside 0.."
                    + (nodes - 1));
        }
    }
}

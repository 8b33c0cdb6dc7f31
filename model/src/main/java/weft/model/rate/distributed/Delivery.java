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

    /**
     * Delivers until nothing is pending; returns the deliveries made.
     *
     * @throws IllegalStateException when more than {@code limit} deliveries happen (a protocol that does not
     *                               converge), naming the limit
     */
    long runUntilIdle(long limit);

    /** Messages delivered so far. */
    long delivered();

    /** Time of the latest delivery, in picoseconds. */
    long nowPicos();
}

package weft.model.rate.distributed;

import java.util.List;

/**
 * A protocol participant: a state machine that handles one message at a time and returns the messages to send.
 * Handling is atomic, as the seeds assume of a link processing a control packet (seed 000 §4.1.2).
 *
 * @param <M> message type
 */
public interface Node<M> {
    List<Envelope<M>> onMessage(M message, long nowNanos);
}

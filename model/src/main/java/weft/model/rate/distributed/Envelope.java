package weft.model.rate.distributed;

/**
 * A message on its way to a node.
 *
 * @param to      destination node index
 * @param message the message
 * @param <M>     message type
 */
public record Envelope<M>(int to, M message) {
}

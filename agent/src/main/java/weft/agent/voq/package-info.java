/**
 * The agent's virtual output queues: the model's {@code weft.model.host.voq} queues holding Netty payload buffers,
 * each with the destination agent's UDP address; the queues release the buffers they drop or still hold at
 * shutdown.
 *
 * <p>Source: seed 004 §4.1 (one VOQ per destination server, below the network layer; tail drop when full) and
 * §4.5.3 (per-VOQ pacing).
 */
package weft.agent.voq;

/**
 * Virtual output queues: one bounded queue per destination host with its token bucket, path tags, sequence counter
 * and counters ({@link weft.model.host.voq.VirtualOutputQueue}), the per-host table that finds them by destination
 * id ({@link weft.model.host.voq.VoqTable}), and the boxing-free int map behind it. Queues hold opaque packet
 * handles: the agent keeps Netty buffers in them, the simulator its packet records.
 *
 * <p>Source: seed 004 §4.1: outgoing packets are steered into VOQs, one per destination server, below the network
 * layer; congestion is moved out of the fabric into these queues, which tail-drop when full.
 */
package weft.model.host.voq;

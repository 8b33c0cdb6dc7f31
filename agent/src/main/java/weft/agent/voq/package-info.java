/**
 * Virtual output queues: one bounded queue per destination host, with its token bucket, path set and counters.
 *
 * <p>Source: seed 004 §4.1-4.2 and §4.5.3: outgoing packets are steered into VOQs, one per destination server, below
 * the network layer; congestion is moved out of the fabric into these queues, which tail-drop when full.
 */
package weft.agent.voq;

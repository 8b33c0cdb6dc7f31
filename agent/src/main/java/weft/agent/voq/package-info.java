/**
 * Virtual output queues: one bounded queue per destination host, with its token bucket, path set and counters.
 *
 * <p>Source: seed 004 §4.1 (digest {@code research/seed-004-haitjema-thesis.md} §4.1 and §10.2-10.3): outgoing
 * packets are steered into VOQs, one per destination server, below the network layer; congestion is moved out of
 * the fabric into these queues, which tail-drop when full.
 */
package weft.agent.voq;

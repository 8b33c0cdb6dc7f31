/**
 * Receiver-side resequencing of packets sprayed over several paths: the hybrid resequencer of seed 004 (sequence
 * numbers plus sender timestamps, per-sender state, adaptive age threshold).
 *
 * <p>Source: seed 004 §3.4 (decisions where it is silent: docs/sources.md). Time is passed in; buffers are preallocated
 * per sender.
 */
package weft.agent.reseq;

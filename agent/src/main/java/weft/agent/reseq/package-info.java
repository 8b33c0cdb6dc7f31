/**
 * Receiver-side resequencing of packets sprayed over several paths: the hybrid resequencer of seed 004 (sequence
 * numbers plus sender timestamps, per-sender state, adaptive age threshold).
 *
 * <p>Source: seed 004 §3.4 (digest {@code research/seed-004-haitjema-thesis.md} §3.3-3.4 and test vectors TV-8,
 * TV-8b, TV-8c). Time is passed in; buffers are preallocated per sender.
 */
package weft.agent.reseq;

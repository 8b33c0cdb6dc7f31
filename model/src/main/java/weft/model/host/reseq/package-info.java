/**
 * Receiver-side resequencing of packets sprayed over several paths: the hybrid resequencer of seed 004 (sequence
 * numbers plus sender timestamps, per-sender state, adaptive age threshold), run by the agent's receiver and by
 * the simulator's hosts alike.
 *
 * <p>Source: seed 004 §3.4.3-3.4.4. Time is passed in as a {@code long} in the unit of the sender timestamps (the
 * agent uses nanoseconds); buffers are preallocated per sender, so an arrival allocates nothing.
 */
package weft.model.host.reseq;

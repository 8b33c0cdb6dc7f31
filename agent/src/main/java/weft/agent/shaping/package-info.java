/**
 * Rate realisation at the host: a token bucket per VOQ and the injection schedulers that choose which VOQ sends
 * next, Periodic Selection (the default) and plain Shaped Virtual Clock.
 *
 * <p>Sources: seed 000 §5.2.1, Fig. 5.1 and seed 003 §6 (Periodic Selection, an adapted Shaped Virtual Clock); seed 004
 * §4.5.3 (depth-one-packet pacing; Weft's bucket depth of about one MTU: docs/sources.md). Every method takes the time
 * as {@code nowNanos}; nothing here reads a clock or allocates per packet.
 */
package weft.agent.shaping;

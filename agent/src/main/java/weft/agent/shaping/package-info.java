/**
 * Rate realisation at the host: a token bucket per VOQ and the injection schedulers that choose which VOQ sends
 * next, Periodic Selection (the default) and plain Shaped Virtual Clock.
 *
 * <p>Sources: seed 000 §5.2.1, Fig. 5.1 and seed 003 §6 (Periodic Selection, an adapted Shaped Virtual Clock;
 * digests {@code research/seed-000-zdornov-thesis.md} §4, {@code research/seed-003-systor.md} §4); seed 004
 * §4.5.3 and digest {@code research/seed-004-haitjema-thesis.md} §10.3 (depth-one-packet pacing, bucket depth
 * about one MTU). Every method takes the time as {@code nowNanos}; nothing here reads a clock or allocates per
 * packet.
 */
package weft.agent.shaping;

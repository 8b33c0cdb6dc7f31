/**
 * Rate realisation at the host: a token bucket per VOQ and the injection schedulers that choose which VOQ sends
 * next, Periodic Selection (the default) and plain Shaped Virtual Clock, driven by the pacing loop. The agent's
 * injector and the simulator's hosts run these same classes.
 *
 * <p>Sources: seed 000 §5.2.1, Fig. 5.1 and seed 003 §6 (Periodic Selection, an adapted Shaped Virtual Clock);
 * seed 004 §4.5.3 (per-VOQ pacing by {@code next = last + len/rate}, bucket depth about one MTU). Every method
 * takes the time as {@code long nowNanos} (nanoseconds; any origin, compared wrap-safely) and rates in bit/s;
 * nothing here reads a clock or allocates per packet.
 */
package weft.model.host.shaping;

/**
 * The host's offset from the fabric's time base, measured with SNTP (RFC 4330) through Apache Commons Net's
 * {@code NTPUDPClient}, for CRP's time slots (seed 001 §2.1: every resource on one time base). The arithmetic (the
 * offset and its error bound from an exchange, slots on a local clock, guard times) is in {@code weft.model.crp};
 * this package only takes the timestamps off the wire.
 */
package weft.agent.clock;

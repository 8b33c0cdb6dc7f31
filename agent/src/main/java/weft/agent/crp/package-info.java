/**
 * The host agent's side of the live Channel Reservation Protocol (seed 001): its VOQs ask the controller for
 * reservations, pace the grants inside their slots on the SNTP-corrected clock, charge unreserved traffic, and obey
 * retries, refusals and revocations ({@link weft.agent.crp.Reservations}, pure, driven by the data path's thread;
 * the per-VOQ rules are {@code weft.model.crp.VoqReservation} and {@code weft.model.crp.GrantPacer}). docs/crp.md
 * has the protocol and its decisions.
 */
package weft.agent.crp;

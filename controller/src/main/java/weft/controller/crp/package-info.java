/**
 * The live Channel Reservation Protocol (seed 001) on the controller: a reservation table for every critical
 * resource of the fabric, kept by one pure state machine ({@link weft.controller.crp.ReservationService}, around the
 * model's central form {@code weft.model.crp.CentralReservations}) that answers the agents' reserve requests with
 * grants, retries or refusals, revokes bookings when a link fails or the routes change, and shows its tables
 * ({@link weft.controller.crp.ReservationsView}); the controller's clock is the slots' time base, served to agents by
 * SNTP ({@link weft.controller.crp.SntpServer}).
 *
 * <p>Sources: seed 001 §2 (tables, feasibility, request/grant/retry, small flows, {@code ε}), the central form and the
 * live form's decisions in docs/crp.md; RFC 4330 (SNTP).
 */
package weft.controller.crp;

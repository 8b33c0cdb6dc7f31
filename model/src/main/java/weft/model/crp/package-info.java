/**
 * The Channel Reservation Protocol (CRP): seed 001, Michelogiannakis, Jiang, Becker, Dally, "Channel Reservation
 * Protocol for Over-Subscribed Channels and Destinations", SC'13. Every critical resource (a destination's
 * ejection channel, an over-subscribed link) keeps a calendar of future slots; a single request collects the
 * availability of every resource on its path, the destination picks the earliest common slot, and the grant commits
 * it on the way back. Pure: time is a {@code long} tick passed in, randomness a {@code RandomGenerator} passed in.
 *
 * <ul>
 *   <li>{@link weft.model.crp.ReservationTable}: one resource's {@code V} cells of {@code C} units (§2.1, §2.3-2.5):
 *       feasibility, commit, eager holds, charging unreserved traffic, release;</li>
 *   <li>{@link weft.model.crp.SlotVector}: a request's availability bits (§2.2); {@link weft.model.crp.SlotClock}:
 *       ticks to slots;</li>
 *   <li>the paper's distributed protocol as message-driven state machines ({@link weft.model.crp.CrpNode}:
 *       {@code onMessage(message, now)} returns {@link weft.model.crp.Outbound} messages):
 *       {@link weft.model.crp.ResourceNode} (channel and destination handling, §2.2-2.4) and
 *       {@link weft.model.crp.CrpSource} (segments, speculation, retries, §2.4-2.6), exchanging
 *       {@link weft.model.crp.CrpMessage}s in the four {@link weft.model.crp.CrpClass}es;</li>
 *   <li>the central form, {@link weft.model.crp.CentralReservations}: one owner checks every resource of a path at
 *       once and books {@code {slot, units}} budgets ({@link weft.model.crp.Booking}), with validation
 *       ({@link weft.model.crp.RequestProblem}) and revocation ({@link weft.model.crp.Revocation});</li>
 *   <li>time for the live form: {@link weft.model.crp.ClockOffset} (an SNTP exchange's offset and error bound),
 *       {@link weft.model.crp.SlotSync} (global slots on a local clock, tolerance and guard time) and
 *       {@link weft.model.crp.SlotBudget} (a VOQ's per-slot budget paced inside each slot);</li>
 *   <li>{@link weft.model.crp.CrpParameters} (Table 1), {@link weft.model.crp.SegmentPlan} ({@code N_min},
 *       {@code N_max}, §2.5).</li>
 * </ul>
 *
 * <p>Units are abstract: flits (one per cycle) in the paper and the simulator, bytes in the live form. Ticks are
 * cycles or picoseconds in the simulator and nanoseconds in the live form; {@link weft.model.crp.SlotClock} is the
 * only conversion. docs/crp.md lists every rule with its section, every decision where the paper is silent and
 * every deviation.
 */
package weft.model.crp;

/**
 * Distributed rate allocation as message-driven state machines (no threads, no sockets, time passed in) and a
 * deterministic in-memory {@link weft.model.rate.distributed.MessageScheduler} that delivers their messages in
 * FIFO or seeded-random order. Each protocol converges to its central counterpart in {@code weft.model.rate}.
 * For how long a calculation takes, {@link weft.model.rate.distributed.TimedScheduler} delivers them at the times a
 * fabric's links and per-port packet processors allow; {@link weft.model.rate.distributed.DffaTiming} is seed 000
 * §6.4's model (Table 6.2) for DFFA's packets. Both are a {@link weft.model.rate.distributed.Delivery}.
 *
 * <ul>
 *   <li>{@link weft.model.rate.distributed.SaaProtocol}: seed 003 Alg. 1 / seed 000 Alg. 4.1-4.2 (AnnounceStart,
 *       ProbeLinks, AnnounceEnd) -> {@code Saa};</li>
 *   <li>{@link weft.model.rate.distributed.SaaMProtocol}: seed 000 Alg. 4.3-4.4 (reservations, claims, back-off
 *       on oversubscription) -> a feasible, maximal assignment meeting the SAA requirement, as {@code SaaM};</li>
 *   <li>{@link weft.model.rate.distributed.DffaStar}: seed 000 Alg. 4.8-4.9 (optimised DFFA*) -> {@code Ffa};</li>
 *   <li>{@link weft.model.rate.distributed.Dffa}: seed 000 Alg. 4.10-4.11 (DFFA* restarted by rounds on every flow
 *       start or end, announcements and broadcasts on the fabric's elements) -> {@code Ffa} of the flows up;</li>
 *   <li>{@link weft.model.rate.distributed.Dafa}: seed 000 Alg. 4.13 (PAFA) over Segall's PIF waves on the
 *       {@link weft.model.rate.distributed.ElementGraph} (DAFA*), restarted by rounds when applications enter or
 *       leave their phase (Alg. 4.14, DAFA) -> {@code Afa} of the applications in phase;</li>
 *   <li>{@link weft.model.rate.distributed.LinkProxyScheduler}: seed 004 Alg. 4-5 corrected, max-min and
 *       backlog-proportional modes -> {@code MaxMin} / {@code BacklogProportional}.</li>
 * </ul>
 *
 * <p>Seed 000 §4.1.2 conventions: a flow "talks to its links" by sending one control packet along its path; each
 * link updates its state and the packet atomically; the packet returns to the source without touching link state;
 * each flow has at most one control packet in flight. Here every link is a node and every hop is one delivery.
 */
package weft.model.rate.distributed;

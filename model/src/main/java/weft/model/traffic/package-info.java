/**
 * Traffic: the flows that rate allocators, admission control and the host agents act on.
 *
 * <p>A flow is seed 000's unit of rate control (§1.2: a contiguous sequence of packets of one connection, long and
 * bulk) and seed 004's VOQ (one source-destination pair with a backlog). Its weight is seed 000's {@code w_f}; its
 * application groups flows for AFA (seed 000 §4.3); its size in bytes is {@code d_f} for SAA and the backlog
 * {@code b_ij} for seed 004's allocators.
 */
package weft.model.traffic;

/**
 * The agent's Netty data path: the shim header over UDP, the injector that drains VOQs under the scheduler and
 * the path policy, the receiver that resequences, and the local socket through which applications send and
 * receive.
 *
 * <p>Sources: seed 004 App. A (scheduling layer, then resequencing layer, then link layer; 8 bytes of sequence
 * number and timestamp per packet) and §10.2 of its digest (egress pipeline: classify into the VOQ, pace, stamp,
 * choose the path tag, send); seed 000 §5.2 (Periodic Selection injection). One event-loop thread owns all of it;
 * the per-packet path does no logging, boxing or streams.
 */
package weft.agent.datapath;

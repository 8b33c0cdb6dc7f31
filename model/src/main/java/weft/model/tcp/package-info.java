/**
 * TCP NewReno as pure state machines, time passed in: the sender's congestion control (slow start, congestion
 * avoidance, fast retransmit and fast recovery, RFC 5681 §3.1-3.2, with NewReno's partial acknowledgements, RFC 6582
 * §3.2), its retransmission timer (RFC 6298) and a receiver that acknowledges cumulatively and delivers bytes in
 * order. The simulator's TCP hosts ({@code weft.model.sim.control}) run them to carry seed 002 §3.1.5's TCP traffic
 * (Reinemo 2007, Fig. 3.3b-d). Sequence numbers are byte offsets from 0 as {@code long}s (no wrap-around).
 */
package weft.model.tcp;

/**
 * Server-side path selection for packet-level multipath: the load balancers of seed 004 ch. 3 (ECMP hash, VLB,
 * RR, P-RR, SRR, Sorted-Deficit, Two-Phase, Multi-Phase), one class each behind {@link weft.agent.path.PathPolicy}.
 * A chosen path index maps to the tag that the controller's forwarding entries follow (see
 * {@code weft.model.protocol.PathSpec}).
 *
 * <p>Source: seed 004 §3.1-3.2 and App. A.3.8. Paths are dense indexes {@code 0..paths-1}; all state is preallocated
 * arrays, so choosing a path allocates nothing.
 */
package weft.agent.path;

/**
 * Server-side path selection for packet-level multipath: the load balancers of seed 004 ch. 3 (ECMP hash, VLB,
 * RR, P-RR, SRR, Sorted-Deficit, P-SD, Two-Phase, P-TP, Multi-Phase, P-MP), one class each (every server draws its
 * own random path order at start; a periodic variant is its policy with that tie-break order permuted every round,
 * {@code TieOrder}) behind
 * {@link weft.model.host.path.PathPolicy}, created by name with {@link weft.model.host.path.PathPolicy#create}.
 * A chosen path index maps to the tag that the controller's forwarding entries follow (see
 * {@code weft.model.protocol.PathSpec}); the agent and the packet-level simulator run these same classes.
 *
 * <p>Source: seed 004 §3.1-3.2 and App. A.3.8 (test vectors hand-computed from the rules of §3.2.1-3.2.3). Paths
 * are dense indexes {@code 0..paths-1}; randomness is a {@link java.util.random.RandomGenerator} passed in; all
 * state is preallocated arrays, so choosing a path allocates nothing.
 */
package weft.model.host.path;

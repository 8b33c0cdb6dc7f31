/**
 * {@code weft bench}: side-by-side runs that print Weft's figures next to a peer measured in the same run: routing
 * compute time, memory and layers for LASH, SR and Up*&#47;Down* next to OpenSM's LASH under ibsim (seed 002 §3.3;
 * docs/sources.md §4), the host agent next to Linux tc HTB, and fabric programming over OpenFlow (barrier-confirmed
 * flow-mods per second) next to {@code ovs-ofctl --bundle add-flows} of the same entries. JMH micro-benchmarks are
 * not here: they live in the integration-tests module ({@code weft.bench}), which the distribution does not ship.
 */
package weft.cli.bench;

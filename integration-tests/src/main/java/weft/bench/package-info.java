/**
 * Benchmarks: routing compute time, memory and layers for LASH, SR and Up*&#47;Down* on the fabrics of issue 6,
 * side by side with OpenSM's LASH run under ibsim (seed 002 §3.3; {@code research/anchors.md} §1.4), and JMH
 * suites named {@code <Class>Benchmark}.
 */
package weft.bench;

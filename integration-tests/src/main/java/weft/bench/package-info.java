/**
 * Benchmarks: JMH suites named {@code <Class>Benchmark} (fabric named by {@code @Param}; run with {@code java -cp
 * <integration-tests classpath> org.openjdk.jmh.Main <Benchmark>}), and the {@code weft bench} side-by-side runs:
 * routing compute time, memory and layers for LASH, SR and Up*&#47;Down* next to OpenSM's LASH under ibsim (seed 002
 * §3.3; docs/sources.md §4), the host agent next to Linux tc HTB, and fabric programming over OpenFlow
 * (barrier-confirmed flow-mods per second) next to {@code ovs-ofctl --bundle add-flows} of the same entries.
 */
package weft.bench;

/**
 * JMH benchmarks, one suite per measured class, named {@code <Class>Benchmark}, the fabric named by {@code @Param}.
 * Run them with {@code integration-tests/jmh.sh <Benchmark> [JMH options]}, which builds this module and starts
 * JMH on its classpath; JMH is a dependency of this module only, so the distribution does not ship it. The
 * {@code weft bench} side-by-side runs against peers (OpenSM, tc HTB, ovs-ofctl) are shipped commands in
 * {@code weft.cli.bench} (deploy).
 */
package weft.bench;

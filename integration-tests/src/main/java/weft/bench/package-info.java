/**
 * JMH benchmarks (STYLE.md rule 14): one {@code <Class>Benchmark} per measured class, fabric named by
 * {@code @Param}. Run with {@code java -cp <integration-tests classpath> org.openjdk.jmh.Main <Benchmark>}.
 */
package weft.bench;

/**
 * Benchmarks: JMH suites and the {@code weft bench} side-by-side runs (here: the host agent against Linux tc HTB).
 */
package weft.bench;

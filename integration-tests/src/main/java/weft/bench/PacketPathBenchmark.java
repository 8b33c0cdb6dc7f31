package weft.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings of the benchmarks that time what happens once per packet (the agent's data path, a VL arbiter's
 * decision): state per thread, average time per operation in nanoseconds, one fork with a 512 MB heap (so that
 * {@code -prof gc} sees a small, steady heap), three warm-up and five measured iterations of 1 s. JMH reads these
 * annotations from the superclass; a benchmark that differs declares its own annotation, which wins.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgs = {"-Xmx512m"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class PacketPathBenchmark {
}

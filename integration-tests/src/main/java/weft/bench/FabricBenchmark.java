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
 * The JMH settings of the benchmarks that time a computation over a whole fabric (generating a topology, routing,
 * verifying, allocating rates): one state per trial shared by all threads, average time per operation in
 * milliseconds, one fork, two warm-up and three measured iterations of 2 s. JMH reads these annotations from the
 * superclass; a benchmark that needs more heap or other iterations declares its own annotation, which wins.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public abstract class FabricBenchmark {
}

package weft.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import weft.model.rate.BacklogClearing;
import weft.model.rate.BacklogScheduleLp;

/**
 * Seed 004 §5.6.3's stress test: the offline optimum by §5.4.3's LP ({@link BacklogScheduleLp}, the block LP solved
 * by GLOP) at n = 15, 30 and 50 servers, the LP built and solved in each call; one shot per iteration, as one call
 * takes seconds at n = 50. The thesis goes to n = 50; `weft repro voq-stress` sweeps n = 3-50.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class BacklogScheduleLpBenchmark extends FabricBenchmark {
    @Param({"15", "30", "50"})
    public int n;

    private double[][][] schedule;

    @Setup
    public void setUp() {
        schedule = BacklogClearing.stressTest(n);
    }

    @Benchmark
    public int leastIntervals() {
        return BacklogScheduleLp.leastIntervals(schedule);
    }
}

package weft.bench;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;
import weft.model.qos.HighPriorityLimit;
import weft.model.qos.ServiceLevels;
import weft.model.qos.VlArbiter;
import weft.model.routing.LayerLayout;

/**
 * JMH: one VL arbitration decision of an output port ({@link VlArbiter#select}) with seed 002's Table 4.1 weights
 * over 5 classes x 3 LASH layers (15 VLs), on a cycle of 4,096 seeded ready masks and packet sizes 64-2,048 bytes.
 * The simulator calls this once per packet per output port; {@code -prof gc} shows what it allocates.
 */
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class VlArbiterBenchmark extends PacketPathBenchmark {
    /** {@code unbounded} (strict high priority) or {@code packets-4} (the thesis's packet limit). */
    @Param({"unbounded", "packets-4"})
    public String limit;

    private VlArbiter arbiter;
    private final int[] masks = new int[4096];
    private final int[] sizes = new int[16];
    private int next;

    @Setup
    public void setUp() {
        HighPriorityLimit l = limit.equals("unbounded") ? HighPriorityLimit.unbounded() : HighPriorityLimit.packets(4);
        arbiter = new VlArbiter(ServiceLevels.table41Balanced().arbitrationTable(LayerLayout.infiniband(3, 5), l));
        SplittableRandom random = new SplittableRandom(2007);
        for (int i = 0; i < masks.length; i++) {
            masks[i] = random.nextInt(1 << 15);
        }
        for (int v = 0; v < sizes.length; v++) {
            sizes[v] = 64 << random.nextInt(6);
        }
    }

    @Benchmark
    public int select() {
        next = (next + 1) & (masks.length - 1);
        return arbiter.select(masks[next], sizes);
    }
}

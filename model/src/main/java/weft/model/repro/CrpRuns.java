package weft.model.repro;

import java.util.List;

import weft.model.crp.CrpParameters;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.SimConfig;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.VoqRouter;
import weft.model.sim.control.ControlResult;
import weft.model.sim.control.ControlRun;
import weft.model.sim.control.MessageSize;
import weft.model.sim.control.MessageTraffic;
import weft.model.topology.Topology;
import weft.model.topology.generate.Clusters;
import weft.model.topology.generate.GeneratorOptions;

/**
 * Seed 001's evaluation network on the simulator (§3): two clusters of two-level fat trees ({@code leaves} leaves and
 * as many spines, {@code leaves} hosts per leaf; 12 in the paper, 144 hosts per cluster) joined leaf to leaf by
 * {@code inter} channels each way, routed by nearest common ancestor with a layer per cluster (the dateline, routing
 * engine {@code nca}); one flit of 8 B per cycle of 1 ns on every channel (64 Gbit/s: the paper's cycle arithmetic,
 * not its nominal 10 Gbit/s), 32 ns links, 64 ns between clusters, 26 ns routers, 256 B packets, 4 KB input buffers
 * per virtual channel with credits, VOQ routers, 8-packet messages and Table 1's ECN and CRP. The routers are either
 * the paper's ({@link VoqRouter#paper()}: VOQs, a crossbar of speedup 2, 512 B output buffers, separable input-first
 * allocation) or the simulator's output-queued switch (infinite speedup: an input's packets wait per output, so no
 * head-of-line blocking either, and no crossbar or output buffer limits).
 *
 * <p>One instance runs every experiment of a reproduction on the same fabric and routes.
 */
final class CrpRuns {
    /** Cycle of the paper: 1 ns. */
    static final long CYCLE_PS = 1000;

    private final Topology topology;
    private final RoutingResult routes;
    private final long seed;
    private final long binCycles;
    private final CrpParameters crp;
    private final VoqRouter router;

    /**
     * @param randomRetry       CRP's randomised retry wait (§2.6; {@link CrpParameters#randomRetry})
     * @param retryJitterCycles CRP's random extra wait after a retry, drawn from {@code [0, retryJitterCycles]}
     * @param outstanding       CRP's segments a flow queue keeps reserving ({@link CrpParameters#outstanding})
     * @param router            the paper's router, or null for the output-queued switch of infinite speedup
     */
    CrpRuns(int leaves, int inter, long seed, long binCycles, boolean randomRetry, long retryJitterCycles,
            int outstanding, VoqRouter router) {
        this.router = router;
        this.topology = Clusters.generate(2, leaves, leaves, inter, 0.064,
                GeneratorOptions.defaults().withGbps(64).withLatencyUs(0.032));
        this.routes = RoutingEngines.byName("nca").compute(topology, RoutingOptions.defaults());
        this.seed = seed;
        this.binCycles = binCycles;
        CrpParameters paper = CrpParameters.paper();
        this.crp = paper.toBuilder().randomRetry(randomRetry).retry(paper.retryTicks(), retryJitterCycles)
                .outstanding(outstanding).build();
    }

    /** Hosts of the fabric. */
    int hosts() {
        return topology.hosts().size();
    }

    /**
     * One run of {@code control} on {@code pattern} at foreground {@code load}, measured over {@code cycles} after
     * {@code warmupCycles}.
     *
     * @throws IllegalStateException when the simulator reports a deadlock (a defect: the routes are deadlock-free)
     */
    ControlResult run(ControlRun.Control control, String pattern, double load, long warmupCycles, long cycles) {
        SimConfig config = SimConfig.defaults().withSeed(seed).withPacketBytes(256).withBufferBytes(4096)
                .withInfiniteSpeedup(router == null).withVoqRouter(router).withRouterDelayPs(26_000)
                .withHostLatencyPs(1_000)
                .withWarmupPs(warmupCycles * CYCLE_PS).withDurationPs(cycles * CYCLE_PS)
                .withClassPriorities(ControlRun.classPriorities(control));
        ControlRun run = new ControlRun(control, MessageTraffic.parse(pattern, load, MessageSize.fixed(8)),
                ControlRun.Options.paper().withBinCycles(binCycles).withCrp(crp));
        SimResult r = new Simulator(topology, routes, config).run(run.workload());
        if (r.deadlock() != null) {
            throw new IllegalStateException("crp: " + control + " on " + pattern + " deadlocked: " + r.deadlock());
        }
        return run.result();
    }

    /**
     * How the foreground of a step run fared after the onset (seed 001 §4.3, Fig. 9), from its time bins.
     *
     * @param recoveryCycles from the onset to the end of the last bin whose mean network latency exceeds
     *                       {@code factor} times the mean of the bins before the onset (0: never disturbed)
     * @param peakLatency    the largest mean latency of a bin after the onset, in cycles
     * @param settledLatency the mean latency over the last quarter of the bins, in cycles
     */
    record Transient(double recoveryCycles, double peakLatency, double settledLatency) {
        static Transient of(List<ControlResult.Bin> bins, double onsetCycles, double factor) {
            double before = bins.stream().filter(b -> b.startCycle() < onsetCycles && b.throughput() > 0)
                    .mapToDouble(ControlResult.Bin::latencyMean).filter(v -> !Double.isNaN(v)).average()
                    .orElse(Double.NaN);
            double width = bins.size() < 2 ? 0 : bins.get(1).startCycle() - bins.get(0).startCycle();
            double recovered = onsetCycles;
            double peak = 0;
            for (ControlResult.Bin b : bins) {
                if (b.startCycle() < onsetCycles) {
                    continue;
                }
                double latency = b.latencyMean();
                if (Double.isNaN(latency) || latency > factor * before) {
                    recovered = b.startCycle() + width;
                }
                peak = Double.isNaN(latency) ? peak : Math.max(peak, latency);
            }
            int from = bins.size() - Math.max(1, bins.size() / 4);
            double settled = bins.subList(from, bins.size()).stream().mapToDouble(ControlResult.Bin::latencyMean)
                    .filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
            return new Transient(recovered - onsetCycles, peak, settled);
        }
    }
}

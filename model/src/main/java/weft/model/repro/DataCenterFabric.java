package weft.model.repro;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.SimConfig;
import weft.model.sim.SimObserver;
import weft.model.sim.SimResult;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.topology.Topology;
import weft.model.topology.generate.GeneratorOptions;
import weft.model.topology.generate.KPortFatTree;
import weft.model.traffic.TrafficPattern;

/**
 * The fabric of seed 004 ch. 3 for the packet-level reproductions: the k-port, 3-level fat tree with every link at
 * 1 Gbit/s and no propagation delay, ideal output-queued store-and-forward switches with no processing delay and a
 * drop-tail queue of {@code queueBytes} per output port, no link-level flow control (§3.1.1, "Packet-level
 * simulator"). Every policy runs on the {@code vlb} engine's routes: path id t is the t-th intermediate (root) switch
 * and the sending host's path policy stamps it on each packet (App. A.2.1: switches obey the server-chosen path).
 * Frames are counted on the wire: 1538 B for a 1500-byte MTU frame, 84 B for the minimum one (§2.1).
 */
final class DataCenterFabric {
    /** A maximum-size frame on the wire: 1500 B MTU plus Ethernet header, preamble and gap. */
    static final int MAX_FRAME = 1538;
    /** A minimum-size frame on the wire: 64 B plus preamble and gap. */
    static final int MIN_FRAME = 84;
    static final double GBPS = 1;
    /** The medium frame on the wire, midway between the minimum and the maximum (§3.3.3). */
    static final int MEDIUM_FRAME = (MIN_FRAME + MAX_FRAME) / 2;
    /** Picoseconds per millisecond. */
    static final long MS = 1_000_000_000L;

    final int k;
    final Topology topology;
    final RoutingResult routes;

    DataCenterFabric(int k) {
        this.k = k;
        this.topology = KPortFatTree.generate(k, 3, GeneratorOptions.defaults().withGbps(GBPS).withLatencyUs(0));
        this.routes = RoutingEngines.byName("vlb").compute(topology, RoutingOptions.defaults());
    }

    /** The frame sizes of the thesis's experiments, on the wire. */
    enum Frames {
        /** Every frame 1538 B (§3.1.4, Fig. 3.6b "maximum size"). */
        MAXIMUM,
        /** Uniform in 84..1538 B (Fig. 3.6b "random size"). */
        RANDOM,
        /** 1538, 84, 1538, ... B (§3.2.2, Fig. 3.8; Table 3.2's "alt"). */
        ALTERNATING,
        /**
         * Every frame the medium size, 811 B (§3.3.3: "a Poisson distribution around the medium packet size";
         * Poisson with mean 811 has a standard deviation of 28 B, 3.5%).
         */
        MEDIUM;

        /** The mean size on the wire: the maximum, or the medium size (random and alternating frames average it). */
        int meanBytes() {
            return this == MAXIMUM ? MAX_FRAME : MEDIUM_FRAME;
        }

        /** The sizes, for a setup line. */
        String text() {
            return switch (this) {
                case MAXIMUM -> "maximum-size frames (" + MAX_FRAME + " B)";
                case RANDOM -> "random-size frames " + MIN_FRAME + "-" + MAX_FRAME + " B";
                case ALTERNATING -> "frames alternating " + MAX_FRAME + " B and " + MIN_FRAME + " B";
                case MEDIUM -> "medium-size frames (" + MEDIUM_FRAME + " B)";
            };
        }
    }

    /** A run's result and its per-flow throughputs. */
    record Measured(SimResult result, LossMeter meter) {
    }

    /**
     * Runs a fixed permutation, host h sending to {@code dst[h]} at the offered load, with no injection control;
     * the meter measures over the config's window.
     */
    Measured permutation(int[] dst, double load, SimConfig config) {
        return run(fixed(dst), load, config);
    }

    /** Runs {@code pattern} at the offered load with no injection control, also seen by {@code observers}. */
    Measured run(TrafficPattern pattern, double load, SimConfig config, SimObserver... observers) {
        Simulator sim = new Simulator(topology, routes, config);
        LossMeter meter = new LossMeter(sim.network(), MeasuredWindow.of(config));
        List<SimObserver> all = new ArrayList<>(List.of(meter));
        all.addAll(List.of(observers));
        SimResult r = sim.run(new Workload.OpenLoop(pattern, load), InjectionPolicy.noControl(), all);
        return new Measured(r, meter);
    }

    /** Host h sends to {@code dst[h]}. */
    static TrafficPattern fixed(int[] dst) {
        return TrafficPattern.fixed("permutation", dst);
    }

    int hosts() {
        return topology.hosts().size();
    }

    /**
     * The options of every reproduction on this fabric ({@code --k}, {@code --queue-kb}, {@code --warmup-ms},
     * {@code --window-ms}): the switch ports {@code k} (even), the drop-tail queue per output port and the measured
     * window after a warm-up (§3.1.1).
     */
    record Options(int k, int queueKb, double warmupMs, double windowMs) {
        /**
         * These options as parameters with this as the paper's size and {@code quick} as the quick size, followed by
         * a reproduction's own parameters.
         */
        List<Parameter> parameters(Options quick, Parameter... own) {
            List<Parameter> all = new ArrayList<>(List.of(
                    new Parameter("k", "switch ports of the 3-level fat tree (k^3/4 servers)", text(k), text(quick.k)),
                    new Parameter("queue-kb", "drop-tail queue per switch output port, KB", text(queueKb),
                            text(quick.queueKb)),
                    new Parameter("warmup-ms", "warm-up before measuring, ms", text(warmupMs), text(quick.warmupMs)),
                    new Parameter("window-ms", "measured time per run, ms", text(windowMs), text(quick.windowMs))));
            all.addAll(List.of(own));
            return all;
        }

        /** The values {@code o} gives for {@link #parameters}, checked. */
        static Options of(ReproOptions o) {
            int k = o.integer("k", 4, 16);
            if (k % 2 != 0) {
                throw new IllegalArgumentException("--k must be even, got " + k);
            }
            return new Options(k, o.integer("queue-kb", 2, 1 << 20), o.number("warmup-ms", 0, 100),
                    o.number("window-ms", 0.1, 1000));
        }

        long queueBytes() {
            return queueKb * 1024L;
        }

        /**
         * The switches and the open-loop hosts of one run: Poisson or periodic arrivals of maximum-size or
         * random-size frames (uniform 84..1538 B), measured after the warm-up for the window, then drained.
         */
        SimConfig config(boolean randomSizes, SimConfig.Arrivals arrivals, String policy, long seed) {
            return config(randomSizes ? Frames.RANDOM : Frames.MAXIMUM, arrivals, policy, seed);
        }

        /** As {@link #config(boolean, SimConfig.Arrivals, String, long)}, with these frame sizes. */
        SimConfig config(Frames frames, SimConfig.Arrivals arrivals, String policy, long seed) {
            int largest = frames == Frames.MEDIUM ? MEDIUM_FRAME : MAX_FRAME;
            int least = frames == Frames.RANDOM || frames == Frames.ALTERNATING ? MIN_FRAME : 0;
            return SimConfig.defaults().toBuilder().packetBytes(largest).minPacketBytes(least)
                    .alternateSizes(frames == Frames.ALTERNATING).bufferBytes(queueBytes())
                    .flowControl(SimConfig.FlowControlKind.LOSSY)
                    .switching(SimConfig.Switching.STORE_AND_FORWARD).infiniteSpeedup(true).routerDelayPs(0)
                    .hostLatencyPs(0).arrivals(arrivals).pathPolicy(policy).warmupPs(Math.round(warmupMs * MS))
                    .durationPs(Math.round(windowMs * MS)).drain(true).seed(seed).build();
        }

        /** "10", "0.5": a value as a parameter's text. */
        private static String text(double value) {
            return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        }
    }
}

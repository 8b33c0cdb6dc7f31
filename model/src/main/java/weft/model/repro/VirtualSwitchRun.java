package weft.model.repro;

import java.util.List;

import weft.model.rate.VoqBudget;
import weft.model.rate.distributed.LinkProxyScheduler.Mode;
import weft.model.routing.RoutingEngines;
import weft.model.routing.RoutingOptions;
import weft.model.routing.RoutingResult;
import weft.model.sim.InjectionPolicy;
import weft.model.sim.SimConfig;
import weft.model.sim.SimObserver;
import weft.model.sim.Simulator;
import weft.model.sim.Workload;
import weft.model.sim.scheduling.SchedulingLayer;
import weft.model.topology.Topology;

/**
 * One run of seed 004 ch. 4's scheduling layer on the Virtual Switch (§4.2.2, §5.6.1): one output-queued switch with a
 * 1 Gbit/s link per server and credit flow control (no loss), every server running {@link SchedulingLayer} over a
 * message script, with 84-byte requests and responses every interval T and 1538-byte data frames (1500 B payload).
 * The reproductions of ch. 4-5 ({@code voq}, {@code voq-interval}) run their scripts here.
 */
final class VirtualSwitchRun {
    static final int FRAME = DataCenterFabric.MAX_FRAME;
    /** Ethernet's wire overhead of a 1538-byte frame: 1500 bytes of payload. */
    static final int HEADER = FRAME - 1500;
    /** Wire size of a request or response (§4.4.2: "M", 84 B, a minimum-size frame). */
    static final int CONTROL = DataCenterFabric.MIN_FRAME;

    private VirtualSwitchRun() {
    }

    /**
     * The layer's knobs: {@code mode}'s shares every {@code intervalMs}, minimum rate {@code minGbps}, VOQs retired 10
     * intervals after they empty, the application handing its bytes at {@code appLimitGbps} (0: all at its start).
     */
    static SchedulingLayer.Parameters parameters(Mode mode, double intervalMs, double minGbps, double appLimitGbps) {
        long intervalPs = Math.round(intervalMs * DataCenterFabric.MS);
        return new SchedulingLayer.Parameters(mode, intervalPs, new VoqBudget(CONTROL, intervalMs / 1000, minGbps),
                FRAME, HEADER, FRAME, 10 * intervalPs, appLimitGbps);
    }

    /**
     * Runs {@code messages} on a Virtual Switch of {@code servers} servers until {@code endPs}, the built-in
     * statistics measuring from {@code warmupPs}; {@code observers} see every packet.
     */
    static SchedulingLayer run(int servers, SchedulingLayer.Parameters p, List<SchedulingLayer.Message> messages,
                               long warmupPs, long endPs, SimObserver... observers) {
        Topology star = SchedulingLayer.virtualSwitch(servers, DataCenterFabric.GBPS);
        RoutingResult routes = RoutingEngines.byName("minhop").compute(star, RoutingOptions.defaults());
        SimConfig config = SimConfig.defaults().toBuilder().packetBytes(FRAME).bufferBytes(64L * FRAME)
                .switching(SimConfig.Switching.STORE_AND_FORWARD).infiniteSpeedup(true).routerDelayPs(0)
                .hostLatencyPs(0).warmupPs(warmupPs).durationPs(endPs - warmupPs).build();
        SchedulingLayer[] layer = new SchedulingLayer[1];
        new Simulator(star, routes, config).run(new Workload.Driven("script", net -> {
            layer[0] = new SchedulingLayer(net, p, messages);
            return layer[0];
        }), InjectionPolicy.noControl(), List.of(observers));
        return layer[0];
    }
}

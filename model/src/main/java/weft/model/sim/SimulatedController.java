package weft.model.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import weft.model.rate.OnlineAllocation;
import weft.model.rate.OnlineAllocation.Pair;
import weft.model.rate.OnlineAllocation.ReportedFlow;
import weft.model.routing.RoutedPaths;
import weft.model.topology.Topology;
import weft.model.traffic.Flow;

/**
 * The controller of a simulated run with online allocation ({@link OnlineRates}): every interval it reads each flow's
 * backlog from its source's VOQ (what an agent reports: the bytes queued for the destination), hands the backlogged
 * flows to {@link OnlineAllocation} exactly as the live controller's rate book does, and after the control delay sets
 * the rates in the hosts' schedulers. As live, a pair with nothing queued is not reported and is set to 0 when the
 * round's rates arrive, and a pair's rate is split evenly between its backlogged flows (the agent has one VOQ per
 * destination; the simulator keeps a VOQ per flow so that flows report their own rates).
 */
final class SimulatedController {
    private final Engine engine;
    private final Hosts hosts;
    private final OnlineRates online;
    private final Topology topology;
    private final RoutedPaths paths;
    private final List<Flow> flows;
    private final int[] src;
    private final int[] flowQueue;
    private final RatedInjection[] injectors;
    private final List<SimResult.AllocationRound> rounds = new ArrayList<>();
    /** Per round: the rate of every flow (bit/s, 0 when not backlogged), applied when its delay has passed. */
    private final List<long[]> pending = new ArrayList<>();

    /**
     * @param flowQueue each flow's queue (global index in {@code hosts})
     * @param injectors each host's rated injection, filled in as the hosts are made
     */
    SimulatedController(Engine engine, Hosts hosts, OnlineRates online, Topology topology, RoutedPaths paths,
                        List<Flow> flows, int[] src, int[] flowQueue, RatedInjection[] injectors) {
        this.engine = engine;
        this.hosts = hosts;
        this.online = online;
        this.topology = topology;
        this.paths = paths;
        this.flows = flows;
        this.src = src;
        this.flowQueue = flowQueue;
        this.injectors = injectors;
    }

    /** The hosts' injection: rated, every rate 0 until the first round's rates arrive. */
    static InjectionPolicy.Factory hosts(OnlineRates online, RatedInjection[] injectors) {
        return (host, queues, seed) -> {
            RatedInjection r = RatedInjection.unrated(online.scheduler(), queues.count());
            injectors[host] = r;
            return r;
        };
    }

    /** Schedules the first round at time 0, after the phases that start then. */
    void start() {
        engine.events.schedule(0, Engine.PHASE_CHECK, Engine.EV_ALLOCATE, 0, 0, 0);
    }

    /** A round: read the backlogs, allocate, and send the rates on their way. */
    void round(long now) {
        Map<Pair, List<Integer>> byPair = new LinkedHashMap<>();
        long[] backlog = new long[flows.size()];
        for (int f = 0; f < flows.size(); f++) {
            backlog[f] = hosts.backlogBytes(flowQueue[f]);
            if (backlog[f] > 0) {
                byPair.computeIfAbsent(new Pair(flows.get(f).src(), flows.get(f).dst()), k -> new ArrayList<>())
                        .add(f);
            }
        }
        List<ReportedFlow> reported = new ArrayList<>();
        for (Map.Entry<Pair, List<Integer>> e : byPair.entrySet()) {
            long bytes = 0;
            for (int f : e.getValue()) {
                bytes += backlog[f];
            }
            reported.add(new ReportedFlow(e.getKey().src(), e.getKey().dst(), bytes));
        }
        Map<Pair, Long> rates = OnlineAllocation.compute(topology, paths, online.allocator(), reported, Map.of());
        long[] bps = new long[flows.size()];
        List<SimResult.AllocatedFlow> out = new ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            if (backlog[f] == 0) {
                continue;
            }
            Flow flow = flows.get(f);
            List<Integer> sharing = byPair.get(new Pair(flow.src(), flow.dst()));
            bps[f] = rates.getOrDefault(new Pair(flow.src(), flow.dst()), 0L) / sharing.size();
            out.add(new SimResult.AllocatedFlow(flow.id(), backlog[f], bps[f] / 1e9));
        }
        long at = now + online.controlDelayPs();
        if (!out.isEmpty()) {
            rounds.add(new SimResult.AllocationRound(now / 1000.0, at / 1000.0, out));
        }
        pending.add(bps);
        engine.events.schedule(at, Engine.PHASE_STATE, Engine.EV_RATES, pending.size() - 1, 0, 0);
        engine.events.schedule(now + online.intervalPs(), Engine.PHASE_CHECK, Engine.EV_ALLOCATE, 0, 0, 0);
    }

    /** Round r's rates reach the hosts: every flow takes its rate and the hosts look again at what they may send. */
    void apply(int r, long now) {
        long[] bps = pending.set(r, null);
        for (int f = 0; f < bps.length; f++) {
            int h = src[f];
            injectors[h].setRate(flowQueue[f] - hosts.queueFirst[h], bps[f]);
        }
        for (int h = 0; h < injectors.length; h++) {
            if (injectors[h] != null) {
                hosts.ready(h, now);
            }
        }
    }

    /** The rounds that had backlogged flows, in order. */
    List<SimResult.AllocationRound> rounds() {
        return rounds;
    }
}

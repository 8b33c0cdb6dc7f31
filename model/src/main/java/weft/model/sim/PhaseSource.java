package weft.model.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import weft.model.traffic.Flow;

/**
 * Runs phase-based applications (seed 000 §1.4-1.5): at the start of an application's phase every one of its flows
 * queues its whole size at its source; the phase ends when the last byte of the application has arrived, and its
 * next phase starts after the barrier. Records each flow's delivered bytes, completion and reordering, and each
 * application's phase completion times; the run stops when every application has finished its last phase.
 */
final class PhaseSource implements Receivers.Delivery {
    private final Engine engine;
    private final Hosts hosts;
    private final Workload.Phases workload;
    private final int[] flowQueue;
    private final int[] flowSrc;
    private final int[] flowApp;
    private final long[] flowBytes;
    private final long[] delivered;
    private final long[] deliveredTotal;
    private final long[] start;
    private final long[] done;
    private final int[] maxSeq;
    private final long[] reordered;
    private final List<String> apps = new ArrayList<>();
    private final int[][] appFlows;
    private final int[] appPhase;
    private final int[] appLeft;
    private final long[] appStart;
    private int appsRunning;
    final List<SimResult.PhaseTime> phaseTimes = new ArrayList<>();

    /** The phases of {@code workload} on the engine's hosts ({@code engine.hosts}, set before). */
    PhaseSource(Engine engine, Workload.Phases workload, int[] flowQueue, int[] flowSrc) {
        this.engine = engine;
        this.hosts = engine.hosts;
        this.workload = workload;
        this.flowQueue = flowQueue;
        this.flowSrc = flowSrc;
        List<Flow> flows = workload.flows();
        int n = flows.size();
        flowApp = new int[n];
        flowBytes = new long[n];
        delivered = new long[n];
        deliveredTotal = new long[n];
        start = new long[n];
        done = new long[n];
        maxSeq = new int[n];
        reordered = new long[n];
        Map<String, Integer> appIndex = new HashMap<>();
        List<List<Integer>> members = new ArrayList<>();
        for (int f = 0; f < n; f++) {
            Flow flow = flows.get(f);
            Integer a = appIndex.get(flow.app());
            if (a == null) {
                a = apps.size();
                appIndex.put(flow.app(), a);
                apps.add(flow.app());
                members.add(new ArrayList<>());
            }
            flowApp[f] = a;
            flowBytes[f] = flow.bytes();
            members.get(a).add(f);
            maxSeq[f] = -1;
        }
        appFlows = new int[apps.size()][];
        for (int a = 0; a < apps.size(); a++) {
            appFlows[a] = members.get(a).stream().mapToInt(Integer::intValue).toArray();
        }
        appPhase = new int[apps.size()];
        appLeft = new int[apps.size()];
        appStart = new long[apps.size()];
        appsRunning = apps.size();
    }

    /** Starts phase 0 of every application at time 0. */
    void start() {
        for (int a = 0; a < apps.size(); a++) {
            engine.events.schedule(0, Engine.PHASE_STATE, Engine.EV_PHASE, a, 0, 0);
        }
        if (apps.isEmpty()) {
            engine.stop("no flows");
        }
    }

    /** Application a starts its next phase now. */
    void phase(int a, long now) {
        appStart[a] = now;
        appLeft[a] = 0;
        for (int f : appFlows[a]) {
            start[f] = now;
            delivered[f] = 0;
            done[f] = -1;
            maxSeq[f] = -1;
            if (flowBytes[f] > 0) {
                appLeft[a]++;
                hosts.addBacklog(flowQueue[f], flowBytes[f]);
            }
        }
        for (int f : appFlows[a]) {
            if (flowBytes[f] > 0) {
                hosts.ready(flowSrc[f], now);
            }
        }
        if (appLeft[a] == 0) {
            finishPhase(a, now);
        }
    }

    @Override
    public void delivered(int p, long now) {
        Flits fl = engine.flits;
        int f = fl.flow(p);
        if (f < 0) {
            return;
        }
        int bytes = fl.packetBytes(p);
        delivered[f] += bytes;
        deliveredTotal[f] += bytes;
        if (fl.seq(p) < maxSeq[f]) {
            reordered[f]++;
        } else {
            maxSeq[f] = fl.seq(p);
        }
        if (delivered[f] == flowBytes[f]) {
            done[f] = now;
            int a = flowApp[f];
            if (--appLeft[a] == 0) {
                finishPhase(a, now);
            }
        }
    }

    private void finishPhase(int a, long now) {
        phaseTimes.add(new SimResult.PhaseTime(appPhase[a], apps.get(a), (now - appStart[a]) / 1000.0));
        appPhase[a]++;
        if (appPhase[a] < workload.phases()) {
            engine.events.schedule(now + workload.barrierPs(), Engine.PHASE_STATE, Engine.EV_PHASE, a, 0, 0);
        } else if (--appsRunning == 0) {
            engine.stop("all phases complete");
        }
    }

    /** Per flow: bytes delivered, rate over its last phase, completion. */
    List<SimResult.FlowRate> flowRates(long end, Map<String, Double> assignedGbps) {
        List<SimResult.FlowRate> out = new ArrayList<>();
        List<Flow> flows = workload.flows();
        for (int f = 0; f < flows.size(); f++) {
            Flow flow = flows.get(f);
            long until = done[f] >= 0 ? done[f] : end;
            double seconds = (until - start[f]) / 1e12;
            double gbps = seconds > 0 ? delivered[f] * 8 / seconds / 1e9 : Double.NaN;
            out.add(new SimResult.FlowRate(flow.id(), flow.src(), flow.dst(), deliveredTotal[f], gbps,
                    assignedGbps.getOrDefault(flow.id(), Double.NaN),
                    done[f] >= 0 ? (done[f] - start[f]) / 1000.0 : Double.NaN, reordered[f]));
        }
        return out;
    }
}

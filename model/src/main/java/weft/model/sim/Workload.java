package weft.model.sim;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import weft.model.traffic.Flow;
import weft.model.traffic.TrafficPattern;

/**
 * The traffic of a run: open-loop packets from a pattern at a load, flows of given sizes run in phases, or the
 * traffic a {@link Protocol}'s hosts make themselves.
 */
public sealed interface Workload {
    /** A short name for reports. */
    String name();

    /**
     * Open loop: every host makes packets of {@link SimConfig#packetBytes()} at {@code load} times its link rate
     * (arrival process {@link SimConfig#arrivals()}) for the pattern's destinations, during warm-up and the measured
     * interval.
     *
     * @param pattern destinations
     * @param load    offered load per host, a fraction of its link rate in {@code (0, 1]}
     */
    record OpenLoop(TrafficPattern pattern, double load) implements Workload {
        public OpenLoop {
            if (!(load > 0 && load <= 1)) {
                throw new IllegalArgumentException("load must be in (0, 1], got " + load);
            }
        }

        @Override
        public String name() {
            return pattern.name();
        }
    }

    /**
     * Phase-based applications (seed 000 §1.4): in each phase every flow of an application starts together with its
     * full size queued at its source, and the application's next phase starts {@code barrierPs} after its last byte
     * arrived. Applications run their phases independently. Flows of zero bytes are complete at once.
     *
     * @param name      name for reports (e.g. the flows file)
     * @param flows     the flows (host ids, sizes in bytes, applications)
     * @param phases    phases per application, {@code >= 1}
     * @param barrierPs time between an application's phases
     * @param assignedGbps rates an allocator assigned to the flows (by flow id, for the report next to the delivered
     *                     rates; the hosts' {@link InjectionPolicy} decides whether they are applied), possibly empty
     * @param pathTags     flows routed one by one (by flow id): the path tag under which the routes' {@code layer_of}
     *                     lists the flow's own path, which all its packets take (adaptive flow routing, seed 000
     *                     §3.1: the route is set up per flow and never changes within it); flows not listed take
     *                     their host's path policy. Possibly empty
     */
    record Phases(String name, List<Flow> flows, int phases, long barrierPs, Map<String, Double> assignedGbps,
                  Map<String, Integer> pathTags) implements Workload {
        /** Phases without assigned rates. */
        public Phases(String name, List<Flow> flows, int phases, long barrierPs) {
            this(name, flows, phases, barrierPs, Map.of(), Map.of());
        }

        /** Phases whose flows take their hosts' path policy. */
        public Phases(String name, List<Flow> flows, int phases, long barrierPs, Map<String, Double> assignedGbps) {
            this(name, flows, phases, barrierPs, assignedGbps, Map.of());
        }

        public Phases {
            flows = List.copyOf(flows);
            assignedGbps = Map.copyOf(assignedGbps);
            pathTags = Map.copyOf(pathTags);
            if (phases < 1) {
                throw new IllegalArgumentException("phases must be >= 1, got " + phases);
            }
            if (barrierPs < 0) {
                throw new IllegalArgumentException("barrier must be >= 0 ps, got " + barrierPs);
            }
        }
    }

    /**
     * Hosts and switches that run a protocol ({@link Protocol}): its NICs make the traffic and put it on the links,
     * its switch agent acts on packets. Measured like open-loop traffic: the window after the warm-up, for the
     * configured duration (no drain).
     *
     * @param name     name for reports
     * @param protocol makes the run's protocol, given the network; called once per run
     */
    record Driven(String name, Function<SimNetwork, Protocol> protocol) implements Workload {
        public Driven {
            if (name == null || protocol == null) {
                throw new IllegalArgumentException("driven workload needs a name and a protocol");
            }
        }
    }
}

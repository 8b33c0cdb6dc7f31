package weft.model.rate.distributed;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import weft.model.rate.Arithmetic;
import weft.model.rate.FabricProblem;
import weft.model.rate.RateProblem;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;

/**
 * The timing model of seed 000 §6.4 for DFFA's calculation time (Table 6.2): special packets have absolute priority
 * over data, including preemption, so they see links free of data; dedicated hardware in every switch processes
 * control packets one at a time per output port and round-broadcast packets one at a time per input port, in parallel
 * among ports; processing in host adapters is negligible.
 *
 * <p>How {@link Dffa}'s packets take it ({@link TimedScheduler.Leg}): a control packet (announcement, round probe,
 * DFFA*'s UpdateLinks and DeclareInactive) at hop {@code i} of its flow's path has crossed link {@code i-1} (none
 * at hop 0, its own source), waits the routing delay at a switch, and is processed at the output port of link
 * {@code i}, whose state it reads or changes. A round broadcast crosses the link from its sender, waits the routing
 * delay at a switch and is processed at the input port it arrived on. Every packet waits for its link, which
 * serialises special packets first come first served. Decisions (the thesis gives no more): the routing delay applies
 * to every packet entering a switch, broadcasts included; a control packet returning to its source after the last
 * hop touches no state (seed 000 §4.1.2), so it is not processed on the way back and travels the reverse path
 * without queueing: the last link, then per link transmission and propagation and per switch the routing delay.
 *
 * @param routingPicos     routing delay of a switch (Table 6.2: 100 ns)
 * @param propagationPicos propagation delay of a link (15 ns)
 * @param gbps             link rate (10 Gbit/s)
 * @param controlBytes     control packet size (40 B)
 * @param controlPicos     control packet processing time at an output port (60 ns)
 * @param broadcastBytes   round-broadcast packet size (8 B)
 * @param broadcastPicos   round-broadcast processing time at an input port (30 ns)
 */
public record DffaTiming(long routingPicos, long propagationPicos, double gbps, int controlBytes, long controlPicos,
                         int broadcastBytes, long broadcastPicos) {
    public DffaTiming {
        if (routingPicos < 0 || propagationPicos < 0 || !(gbps > 0) || Double.isInfinite(gbps) || controlBytes < 1
                || controlPicos < 0 || broadcastBytes < 1 || broadcastPicos < 0) {
            throw new IllegalArgumentException("dffa timing: times must be >= 0, sizes >= 1 and the link rate "
                    + "positive, got " + routingPicos + ", " + propagationPicos + ", " + gbps + ", " + controlBytes
                    + ", " + controlPicos + ", " + broadcastBytes + ", " + broadcastPicos);
        }
    }

    /** Seed 000 Table 6.2. */
    public static DffaTiming table62() {
        return new DffaTiming(100_000, 15_000, 10, 40, 60_000, 8, 30_000);
    }

    /** Transmission time of {@code bytes} on a link, in picoseconds. */
    public long serialisePicos(int bytes) {
        return Math.round(bytes * 8 * 1000 / gbps);
    }

    /**
     * DFFA whose packets take this model's times on the fabric, delivered in the order those times give (seed 000
     * §6.4, Fig. 6.9); its results are those of {@link Dffa} under any delivery order (Theorem 4.2.14).
     */
    public <N> Dffa<N> dffa(Topology topology, RateProblem problem, Arithmetic<N> arithmetic) {
        ElementGraph graph = ElementGraph.ofFabric(topology);
        return new Dffa<>(nodes -> scheduler(topology, problem, graph, nodes), topology, problem, arithmetic);
    }

    /**
     * The timed scheduler of a DFFA run: links are the problem's ({@link FabricProblem} numbering), processors
     * {@code l} the output port driving link {@code l} and {@code links + l} the input port link {@code l} enters.
     */
    private <N> TimedScheduler<Dffa.Packet<N>> scheduler(Topology topology, RateProblem problem, ElementGraph graph,
                                                  List<? extends Node<Dffa.Packet<N>>> nodes) {
        int links = problem.linkCount();
        int switches = topology.graph().switchCount();
        Map<Long, Integer> between = linksBetween(topology, graph.elements());
        long control = serialisePicos(controlBytes);
        long broadcast = serialisePicos(broadcastBytes);
        return new TimedScheduler<>(nodes, links, 2 * links, e -> {
            Dffa.Packet<N> p = e.message();
            boolean atSwitch = e.to() < switches;
            long routing = atSwitch ? routingPicos : 0;
            if (p.kind() == Dffa.Kind.BROADCAST) {
                int link = between.get((long) p.from() * graph.elements() + e.to());
                return new TimedScheduler.Leg(link, broadcast, propagationPicos + routing,
                        atSwitch ? links + link : -1, broadcastPicos);
            }
            int[] path = problem.path(p.flow());
            if (p.hop() >= 0) {
                return p.hop() == 0 ? new TimedScheduler.Leg(-1, 0, routing, atSwitch ? path[0] : -1, controlPicos)
                        : new TimedScheduler.Leg(path[p.hop() - 1], control, propagationPicos + routing,
                        atSwitch ? path[p.hop()] : -1, controlPicos);
            }
            int last = path[path.length - 1];
            if (p.kind() == Dffa.Kind.ANNOUNCE) {
                return new TimedScheduler.Leg(last, control, propagationPicos, -1, 0);
            }
            long back = path.length * (control + propagationPicos) + (path.length - 1) * routingPicos;
            return new TimedScheduler.Leg(last, control, propagationPicos + back, -1, 0);
        });
    }

    /** The link from element {@code a} to {@code b}, keyed {@code a * elements + b} (the first of parallels). */
    private static Map<Long, Integer> linksBetween(Topology t, int elements) {
        SwitchGraph g = t.graph();
        int switches = g.switchCount();
        Map<Long, Integer> out = new HashMap<>();
        for (int c = 0; c < g.channelCount(); c++) {
            out.putIfAbsent((long) g.src(c) * elements + g.dst(c), c);
        }
        for (int h = 0; h < t.hosts().size(); h++) {
            int s = t.switchIndex(t.hosts().get(h).switchId());
            out.put((long) (switches + h) * elements + s, FabricProblem.hostUplink(t, h));
            out.put((long) s * elements + switches + h, FabricProblem.hostDownlink(t, h));
        }
        return out;
    }
}

package weft.model.rate.distributed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import weft.model.rate.Arithmetic;
import weft.model.rate.FabricProblem;
import weft.model.rate.RateProblem;
import weft.model.topology.Topology;

/**
 * DFFA: {@link DffaStar} restarted from scratch whenever a flow starts or ends, using rounds. The source host of a
 * changing flow bumps its round and sends an announcement along the flow's path; each switch on the way moves to a
 * newer round, updates the true weight {@code W̃_l} of its on-path link and resets its links; the destination host
 * floods the new round to every element, and every host whose round rises restarts DFFA* for its flows once
 * every switch on a flow's path has reached its round. Packets of older rounds are ignored, so stale loops cannot
 * disturb the link state. Once changes stop, the rates are the weighted max-min fair rates of the flows that are
 * up (Theorem 4.2.14).
 *
 * <p>Seed 000 §4.2.3, Alg. 4.10-4.11, with the erratum {@code ResetLinks: W_l ← W̃_l} (docs/sources.md); a broadcast
 * adopted under rule 2 counts as the first of its round; {@code ResetLinks} on a link with {@code W̃_l = 0} sets
 * {@code s_l = ∞}. Decisions: link state lives at the element that drives the link (the host for its injection link),
 * and every element resets its links whenever its round rises (the thesis says so for switches; hosts own links too).
 * The per-flow DFFA* loop is the optimised form; {@code c_l = 0} is tested exactly, so run it in
 * {@link Arithmetic#EXACT}.
 *
 * <p>Delivery: {@link MessageScheduler} (any interleaving), or for §6.4's calculation time {@link DffaTiming#dffa}
 * (Table 6.2's {@link TimedScheduler}), where {@link #loopEndPicos} is when each flow's DFFA* loop last ended.
 *
 * @param <N> number type
 */
public final class Dffa<N> {
    /** Packet kinds. */
    public enum Kind { ANNOUNCE, BROADCAST, ROUND_PROBE, UPDATE, DECLARE }

    /**
     * A packet. {@code hop} indexes the flow's path (-1: back at the source); {@code rnd} is the sender's round;
     * ANNOUNCE carries {@code delta = ±w_f} and {@code ok} = start; ROUND_PROBE collects {@code ok} = "every element
     * on the path is in round {@code rnd}"; UPDATE and DECLARE are DFFA*'s UpdateLinks and DeclareInactive.
     */
    public record Packet<N>(Kind kind, int flow, int hop, long rnd, int from, N delta, boolean ok, N share) {
    }

    private enum FlowState { DOWN, WAITING, LOOPING, DONE }

    private final RateProblem problem;
    private final Arithmetic<N> a;
    private final ElementGraph graph;
    private final int links;
    private final int switches;
    private final int[] srcElement;
    private final int[] dstElement;
    private final long[] rnd;
    private final long[] forwarded;
    private final long[] roundSince;
    private final List<List<Integer>> linksOf = new ArrayList<>();
    private final N[] trueWeight;
    private final N[] weight;
    private final N[] free;
    private final N[] share;
    private final FlowState[] state;
    private final long[] flowRound;
    private final N[] normalised;
    private final long[] loopEnd;
    private final List<List<Integer>> flowsFrom = new ArrayList<>();
    private final Delivery<Packet<N>> scheduler;
    private long packets;

    /**
     * @param topology the fabric the problem was built from ({@link FabricProblem} link numbering)
     * @param problem  every flow that may come up; none is up at first
     * @param random   {@code null} for FIFO delivery, else the seeded delivery order
     */
    public Dffa(Topology topology, RateProblem problem, Arithmetic<N> arithmetic, RandomGenerator random) {
        this(nodes -> new MessageScheduler<>(nodes, random, 1_000), topology, problem, arithmetic);
    }

    /** DFFA whose packets {@code delivery} delivers, made for the nodes (one per element). */
    Dffa(Function<List<Node<Packet<N>>>, Delivery<Packet<N>>> delivery, Topology topology, RateProblem problem,
         Arithmetic<N> arithmetic) {
        this.problem = problem;
        this.a = arithmetic;
        this.graph = ElementGraph.ofFabric(topology);
        this.links = problem.linkCount();
        if (graph.ownerOf().length != links) {
            throw new IllegalArgumentException("dffa: problem has " + links + " links, the fabric "
                    + graph.ownerOf().length + "; build it with FabricProblem");
        }
        this.switches = topology.graph().switchCount();
        int elements = graph.elements();
        rnd = new long[elements];
        forwarded = new long[elements];
        roundSince = new long[elements];
        for (int e = 0; e < elements; e++) {
            linksOf.add(new ArrayList<>());
            flowsFrom.add(new ArrayList<>());
        }
        int flows = problem.flowCount();
        srcElement = new int[flows];
        dstElement = new int[flows];
        for (int f = 0; f < flows; f++) {
            int[] path = problem.path(f);
            srcElement[f] = graph.ownerOf()[path[0]];
            dstElement[f] = switches + (path[path.length - 1] - 2 * topology.links().size()) / 2;
            flowsFrom.get(srcElement[f]).add(f);
        }
        trueWeight = a.newArray(links);
        weight = a.newArray(links);
        free = a.newArray(links);
        share = a.newArray(links);
        for (int l = 0; l < links; l++) {
            linksOf.get(graph.ownerOf()[l]).add(l);
            trueWeight[l] = a.zero();
            weight[l] = a.zero();
            free[l] = a.of(problem.capacity(l));
        }
        state = new FlowState[flows];
        Arrays.fill(state, FlowState.DOWN);
        flowRound = new long[flows];
        normalised = a.newArray(flows);
        loopEnd = new long[flows];
        List<Node<Packet<N>>> nodes = new ArrayList<>();
        for (int e = 0; e < elements; e++) {
            int element = e;
            nodes.add((p, now) -> onElement(element, p));
        }
        scheduler = delivery.apply(nodes);
    }

    /** Flow {@code f} starts (Alg. 4.10, HCA h_s on start). */
    public void start(int f) {
        if (state[f] != FlowState.DOWN) {
            throw new IllegalStateException("dffa: flow " + problem.flowId(f) + " is already up");
        }
        change(f, a.of(problem.weight(f)), true);
    }

    /** Flow {@code f} ends (Alg. 4.10, HCA h_s on end). */
    public void end(int f) {
        if (state[f] == FlowState.DOWN) {
            throw new IllegalStateException("dffa: flow " + problem.flowId(f) + " is not up");
        }
        state[f] = FlowState.DOWN;
        change(f, a.sub(a.zero(), a.of(problem.weight(f))), false);
    }

    private void change(int f, N delta, boolean starting) {
        int h = srcElement[f];
        int uplink = problem.path(f)[0];
        trueWeight[uplink] = a.add(trueWeight[uplink], delta);
        if (starting) {
            state[f] = FlowState.WAITING;
        }
        List<Envelope<Packet<N>>> out = new ArrayList<>();
        enterRound(h, rnd[h] + 1, out);                               // 1-2: rnd_h++, RestartDFFA*()
        out.addAll(forward(new Packet<>(Kind.ANNOUNCE, f, 0, rnd[h], h, delta, starting, null)));
        packets++;
        scheduler.send(out);
    }

    /** Delivers every pending packet; returns the deliveries. */
    public long run() {
        return scheduler.runUntilIdle(50_000_000L);
    }

    private List<Envelope<Packet<N>>> forward(Packet<N> p) {
        int[] path = problem.path(p.flow());
        int next = p.hop() + 1;
        if (next < path.length) {
            Packet<N> q = new Packet<>(p.kind(), p.flow(), next, p.rnd(), p.from(), p.delta(), p.ok(), p.share());
            return List.of(new Envelope<>(graph.ownerOf()[path[next]], q));
        }
        if (p.kind() == Kind.ANNOUNCE) {
            return List.of(new Envelope<>(dstElement[p.flow()], new Packet<>(p.kind(), p.flow(), -1, p.rnd(),
                    p.from(), p.delta(), p.ok(), p.share())));
        }
        if (p.kind() == Kind.DECLARE) {
            return List.of();
        }
        return List.of(new Envelope<>(srcElement[p.flow()], new Packet<>(p.kind(), p.flow(), -1, p.rnd(), p.from(),
                p.delta(), p.ok(), p.share())));
    }

    private List<Envelope<Packet<N>>> onElement(int e, Packet<N> p) {
        List<Envelope<Packet<N>>> out = new ArrayList<>();
        switch (p.kind()) {
            case ANNOUNCE -> {
                if (p.hop() >= 0) {
                    // 4.1-4.4 at a switch: newer round, update W̃ of the on-path link, ResetLinks().
                    int l = problem.path(p.flow())[p.hop()];
                    trueWeight[l] = a.add(trueWeight[l], p.delta());
                    enterRound(e, Math.max(rnd[e] + 1, p.rnd()), out);
                    out.addAll(forward(new Packet<>(p.kind(), p.flow(), p.hop(), rnd[e], e, p.delta(), p.ok(),
                            null)));
                } else {
                    // 5 at h_d: newer round, flood it, RestartDFFA*().
                    enterRound(e, Math.max(rnd[e] + 1, p.rnd()), out);
                    forwarded[e] = rnd[e];
                    flood(e, -1, out);
                }
            }
            case BROADCAST -> {
                boolean isHost = e >= switches;
                if (p.rnd() > rnd[e]) {
                    enterRound(e, p.rnd(), out);                   // rule 2 (hosts: adopt and restart)
                    forwarded[e] = rnd[e];
                    if (!isHost) {
                        flood(e, p.from(), out);
                    }
                } else if (p.rnd() == rnd[e] && forwarded[e] != rnd[e] && !isHost) {
                    forwarded[e] = rnd[e];                         // rule 1: first broadcast of this round
                    flood(e, p.from(), out);
                }
            }
            case ROUND_PROBE, UPDATE, DECLARE -> {
                if (p.hop() < 0) {
                    out.addAll(atSource(p));
                } else if (p.kind() == Kind.ROUND_PROBE) {
                    boolean same = p.ok() && rnd[e] == p.rnd();
                    out.addAll(forward(new Packet<>(p.kind(), p.flow(), p.hop(), p.rnd(), e, p.delta(), same,
                            null)));
                } else if (p.rnd() >= rnd[e]) {
                    out.addAll(forward(linkStep(problem.path(p.flow())[p.hop()], p)));
                }
                // else: a packet of an older round is ignored.
            }
            default -> throw new IllegalStateException("unknown packet " + p);
        }
        return out;
    }

    /** DFFA*'s link operations (Alg. 4.9 UpdateLinks, Alg. 4.7 DeclareInactive) on link {@code l}. */
    private Packet<N> linkStep(int l, Packet<N> p) {
        if (p.kind() == Kind.UPDATE) {
            free[l] = a.sub(free[l], p.delta());
            boolean active = p.ok() && a.signum(free[l]) != 0;
            N s = p.share() == null ? share[l] : share[l] == null ? p.share() : a.min(p.share(), share[l]);
            return new Packet<>(p.kind(), p.flow(), p.hop(), p.rnd(), p.from(), p.delta(), active, s);
        }
        N w = a.of(problem.weight(p.flow()));
        weight[l] = a.sub(weight[l], w);
        if (a.signum(weight[l]) > 0) {
            share[l] = a.add(share[l], a.div(a.mul(a.sub(share[l], p.share()), w), weight[l]));
        }
        return p;
    }

    private List<Envelope<Packet<N>>> atSource(Packet<N> p) {
        int f = p.flow();
        if (p.rnd() != flowRound[f] || state[f] == FlowState.DOWN) {
            return List.of();                                        // a stale answer
        }
        if (p.kind() == Kind.ROUND_PROBE) {
            if (!p.ok()) {
                return List.of(probe(f));                            // 1.2: keep probing until the path caught up
            }
            state[f] = FlowState.LOOPING;                            // 1.3-1.4: r̄ ← 0, restart the DFFA* loop
            normalised[f] = a.zero();
            return List.of(update(f, a.zero()));
        }
        if (p.kind() == Kind.UPDATE && state[f] == FlowState.LOOPING) {
            N increment = a.sub(p.share(), normalised[f]);
            normalised[f] = p.share();
            if (p.ok()) {
                return List.of(update(f, a.mul(increment, a.of(problem.weight(f)))));
            }
            state[f] = FlowState.DONE;
            loopEnd[f] = scheduler.nowPicos();
            packets++;
            return forward(new Packet<>(Kind.DECLARE, f, -1, flowRound[f], srcElement[f], a.zero(), false,
                    normalised[f]));
        }
        return List.of();
    }

    private Envelope<Packet<N>> probe(int f) {
        packets++;
        return forward(new Packet<>(Kind.ROUND_PROBE, f, -1, flowRound[f], srcElement[f], a.zero(), true, null))
                .get(0);
    }

    private Envelope<Packet<N>> update(int f, N delta) {
        packets++;
        return forward(new Packet<>(Kind.UPDATE, f, -1, flowRound[f], srcElement[f], delta, true, null)).get(0);
    }

    private void flood(int e, int except, List<Envelope<Packet<N>>> out) {
        for (int n : graph.neighbours()[e]) {
            if (n != except) {
                packets++;
                out.add(new Envelope<>(n, new Packet<>(Kind.BROADCAST, -1, -1, rnd[e], e, null, false, null)));
            }
        }
    }

    /** Element {@code e} moves to round {@code r}: ResetLinks(), and a host restarts DFFA* for its flows. */
    private void enterRound(int e, long r, List<Envelope<Packet<N>>> out) {
        rnd[e] = r;
        roundSince[e] = scheduler.nowPicos();
        for (int l : linksOf.get(e)) {
            weight[l] = trueWeight[l];                               // W_l ← W̃_l (erratum: the tilde)
            free[l] = a.of(problem.capacity(l));
            share[l] = a.signum(weight[l]) > 0 ? a.div(free[l], weight[l]) : null;
        }
        for (int f : flowsFrom.get(e)) {
            if (state[f] != FlowState.DOWN) {
                state[f] = FlowState.WAITING;                        // RestartDFFA*(): stop, wait for the path
                flowRound[f] = r;
                normalised[f] = a.zero();
                out.add(probe(f));
            }
        }
    }

    /** Normalised rate times weight for an up flow whose loop has finished; {@code null} otherwise. */
    public N rate(int f) {
        return state[f] == FlowState.DONE ? a.mul(a.of(problem.weight(f)), normalised[f]) : null;
    }

    /** When flow {@code f}'s DFFA* loop last ended (§6.4), picoseconds; -1 while the flow has no final rate. */
    public long loopEndPicos(int f) {
        return state[f] == FlowState.DONE ? loopEnd[f] : -1;
    }

    /** The scheduler's time, picoseconds: the latest delivery's. */
    public long nowPicos() {
        return scheduler.nowPicos();
    }

    /** The round element {@code e} is in. */
    public long round(int e) {
        return rnd[e];
    }

    /** When element {@code e} entered its round, picoseconds. */
    public long roundSincePicos(int e) {
        return roundSince[e];
    }

    public int elements() {
        return graph.elements();
    }

    /** Packets sent (announcements, broadcasts, probes, DFFA* packets). */
    public long packets() {
        return packets;
    }
}

package weft.model.rate.distributed;

import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;

/**
 * DFFA*, the distributed Flow-Fair Algorithm for a fixed flow set, optimised form: every flow loops sending one
 * {@code UpdateLinks} packet that subtracts its last increment from each link's free capacity {@code c_l},
 * reports whether some link saturated and collects the minimum fair share {@code s_l}; it raises its normalised
 * rate to that share, and once a link on its path is saturated it sends {@code DeclareInactive}, which
 * redistributes its unclaimed share on every link. Per-link state is O(1): {@code W_l}, {@code c_l}, {@code s_l}.
 * The result equals {@link weft.model.rate.Ffa} under any delivery order.
 *
 * <p>Seed 000 §4.2.3, Alg. 4.6-4.9; Theorem 4.2.8 (max-min fair), Theorem 4.2.12 (done within {@code 6·|R|·T_rt}).
 * Capacities are absolute: {@code s_l = c_l / W_l} is a normalised rate. Decision: link state is initialised centrally
 * before the flows start (Lemma 4.2.9 allows it per flow); {@code c_l = 0} is tested exactly, so run it in
 * {@link Arithmetic#EXACT} where the flows must become inactive at exactly the right moment.
 *
 * @param <N> number type
 */
public final class DffaStar<N> {
    /** Packet kinds. */
    public enum Kind { UPDATE_LINKS, DECLARE_INACTIVE }

    /**
     * A control packet. UPDATE_LINKS carries the increment {@code delta} (absolute rate) and collects
     * {@code active} and {@code share}; DECLARE_INACTIVE carries the final normalised rate in {@code share} and the
     * weight. {@code hop} is the next link's index in the path, or -1 on the way back to the source.
     */
    public record Packet<N>(Kind kind, int flow, int hop, N delta, boolean active, N share, N weight) {
    }

    private final RateProblem problem;
    private final Arithmetic<N> a;
    private final int links;
    private final N[] activeWeight;
    private final N[] free;
    private final N[] share;
    private final N[] normalised;
    private final N[] lastIncrement;
    private final int[] roundTrips;
    private final boolean[] done;
    private final MessageScheduler<Packet<N>> scheduler;
    private final boolean atomicPackets;
    private long packets;
    private long finishNanos;

    /**
     * Initialises the links (Alg. 4.6 Init): {@code c_l = capacity}, {@code W_l = Σ w_f}, {@code s_l = c_l / W_l}.
     *
     * @param random        {@code null} for FIFO delivery, else the seeded delivery order
     * @param atomicPackets {@code true}: a control packet visits its whole path in one delivery (lock-step
     *                      "passes", as in the hand-computed trace of the tests); {@code false}: one delivery per hop
     */
    public DffaStar(RateProblem problem, Arithmetic<N> arithmetic, RandomGenerator random, boolean atomicPackets) {
        this.atomicPackets = atomicPackets;
        this.problem = problem;
        this.a = arithmetic;
        this.links = problem.linkCount();
        activeWeight = a.newArray(links);
        free = a.newArray(links);
        share = a.newArray(links);
        for (int l = 0; l < links; l++) {
            N w = a.zero();
            for (int f : problem.flowsOn(l)) {
                w = a.add(w, a.of(problem.weight(f)));
            }
            activeWeight[l] = w;
            free[l] = a.of(problem.capacity(l));
            share[l] = a.signum(w) > 0 ? a.div(free[l], w) : null;
        }
        int flows = problem.flowCount();
        normalised = a.newArray(flows);
        lastIncrement = a.newArray(flows);
        roundTrips = new int[flows];
        done = new boolean[flows];
        scheduler = MessageScheduler.linksThenFlows(links, l -> (p, now) -> onLink(l, p),
                flows, f -> this::onSource, random);
    }

    /** Every flow starts its loop (step 1: {@code Δ̄ ← 0}); runs until every flow has declared itself inactive. */
    public void run() {
        for (int f = 0; f < problem.flowCount(); f++) {
            normalised[f] = a.zero();
            sendUpdate(f, a.zero());
        }
        scheduler.runUntilIdle(10_000_000L);
        for (int f = 0; f < done.length; f++) {
            if (!done[f]) {
                throw new IllegalStateException("dffa: flow " + problem.flowId(f) + " never became inactive");
            }
        }
    }

    private void sendUpdate(int f, N increment) {
        roundTrips[f]++;
        packets++;
        scheduler.send(List.of(new Envelope<>(problem.path(f)[0],
                new Packet<>(Kind.UPDATE_LINKS, f, 0, increment, true, null, a.of(problem.weight(f))))));
    }

    private List<Envelope<Packet<N>>> onLink(int l, Packet<N> p) {
        List<Envelope<Packet<N>>> next = visit(l, p);
        while (atomicPackets && next.size() == 1 && next.get(0).to() < links) {
            next = visit(next.get(0).to(), next.get(0).message());
        }
        return next;
    }

    private List<Envelope<Packet<N>>> visit(int l, Packet<N> p) {
        Packet<N> out;
        if (p.kind() == Kind.UPDATE_LINKS) {
            // Alg. 4.9 UpdateLinks: c_l -= Δ; saturated -> inactive; collect the minimum share.
            free[l] = a.sub(free[l], p.delta());
            boolean active = p.active() && a.signum(free[l]) != 0;
            N s = p.share() == null ? share[l] : a.min(p.share(), share[l]);
            out = new Packet<>(p.kind(), p.flow(), p.hop() + 1, p.delta(), active, s, p.weight());
        } else {
            // Alg. 4.7 DeclareInactive: W_l -= w; s_l += (s_l - r̄)·w / W_l with the new W_l.
            activeWeight[l] = a.sub(activeWeight[l], p.weight());
            if (a.signum(activeWeight[l]) > 0) {
                N spare = a.mul(a.sub(share[l], p.share()), p.weight());
                share[l] = a.add(share[l], a.div(spare, activeWeight[l]));
            }
            out = new Packet<>(p.kind(), p.flow(), p.hop() + 1, p.delta(), p.active(), p.share(), p.weight());
        }
        int[] path = problem.path(p.flow());
        if (out.hop() < path.length) {
            return List.of(new Envelope<>(path[out.hop()], out));
        }
        if (p.kind() == Kind.DECLARE_INACTIVE) {
            return List.of();
        }
        return List.of(new Envelope<>(links + p.flow(),
                new Packet<>(out.kind(), out.flow(), -1, out.delta(), out.active(), out.share(), out.weight())));
    }

    private List<Envelope<Packet<N>>> onSource(Packet<N> p, long now) {
        int f = p.flow();
        // Steps 3-4: Δ̄ ← s − r̄(f); r̄(f) ← r̄(f) + Δ̄.
        N increment = a.sub(p.share(), normalised[f]);
        normalised[f] = p.share();
        lastIncrement[f] = increment;
        if (p.active()) {
            sendUpdate(f, a.mul(increment, a.of(problem.weight(f))));     // step 5: goto 2
            return List.of();
        }
        // Step 6: DeclareInactive(r̄(f), w_f); terminate.
        done[f] = true;
        finishNanos = Math.max(finishNanos, now);
        packets++;
        return List.of(new Envelope<>(problem.path(f)[0], new Packet<>(Kind.DECLARE_INACTIVE, f, 0, a.zero(), false,
                normalised[f], a.of(problem.weight(f)))));
    }

    /** Final rate of flow {@code f}: {@code w_f · r̄(f)}. */
    public N rate(int f) {
        return a.mul(a.of(problem.weight(f)), normalised[f]);
    }

    /** The increment computed in the flow's last pass (0 once the flow has converged). */
    public N lastIncrement(int f) {
        return lastIncrement[f];
    }

    /** UpdateLinks round trips flow {@code f} made. */
    public int roundTrips(int f) {
        return roundTrips[f];
    }

    /** Control packets sent by all sources (UpdateLinks round trips plus DeclareInactive). */
    public long packets() {
        return packets;
    }

    /**
     * When the last flow declared itself inactive; with hop deliveries every hop takes 1 µs, so a round trip over
     * a path of {@code h} links takes {@code (h + 1)} µs.
     */
    public long finishNanos() {
        return finishNanos;
    }

    /** Hop deliveries. */
    public long deliveries() {
        return scheduler.delivered();
    }
}

package weft.model.rate.distributed;

import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;

/**
 * SAA's distributed protocol: each source announces its flow's weight along its path
 * ({@code AnnounceStart}, which returns {@code W_f}), probes periodically ({@code ProbeLinks}) and withdraws
 * the weight when the flow ends ({@code AnnounceEnd}); each link keeps only {@code W_l}. After every flow has
 * announced, one probe per flow gives every flow its central SAA rate {@code w_f / W_f}.
 *
 * <p>Seed 003 §5, Algorithm 1; seed 000 Alg. 4.1-4.2. {@code AnnounceStart} adds the flow's own weight before taking
 * the maximum. Link weights follow eq. 4 ({@code W_l = Σ w_f / c_l}). The return trip to the source is one message that
 * touches no link.
 *
 * @param <N> number type
 */
public final class SaaProtocol<N> {
    /** Which subroutine a control packet runs. */
    public enum Kind { ANNOUNCE_START, PROBE, ANNOUNCE_END }

    /** A control packet: {@code hop} is the index in the path of the next link, or -1 on the way back. */
    public record Packet<N>(Kind kind, int flow, int hop, N weight, N maxLinkWeight) {
    }

    private final RateProblem problem;
    private final Arithmetic<N> a;
    private final LinkWeights<N> weights;
    private final N[] rate;
    private final N[] known;
    private final long[] sent;
    private final MessageScheduler<Packet<N>> scheduler;
    private final int links;

    /**
     * @param random {@code null} for FIFO delivery, else the seeded delivery order
     */
    public SaaProtocol(RateProblem problem, Arithmetic<N> arithmetic, RandomGenerator random) {
        this.problem = problem;
        this.a = arithmetic;
        this.links = problem.linkCount();
        weights = new LinkWeights<>(problem, a);
        rate = a.newArray(problem.flowCount());
        known = a.newArray(problem.flowCount());
        sent = new long[problem.flowCount()];
        scheduler = MessageScheduler.linksThenFlows(links, l -> (p, now) -> onLink(l, p),
                problem.flowCount(), f -> (p, now) -> onSource(p), random);
    }

    private List<Envelope<Packet<N>>> onLink(int l, Packet<N> p) {
        N max = p.maxLinkWeight();
        switch (p.kind()) {
            case ANNOUNCE_START -> {
                weights.announceStart(l, p.weight());                // 2.1 update weight
                max = a.max(max, weights.weight(l));                  // 2.2 collect W_f
            }
            case PROBE -> max = a.max(max, weights.weight(l));
            case ANNOUNCE_END -> weights.announceEnd(l, p.weight());
            default -> throw new IllegalStateException("unknown packet " + p);
        }
        int[] path = problem.path(p.flow());
        int next = p.hop() + 1;
        if (next < path.length) {
            return List.of(new Envelope<>(path[next], new Packet<>(p.kind(), p.flow(), next, p.weight(), max)));
        }
        return List.of(new Envelope<>(links + p.flow(), new Packet<>(p.kind(), p.flow(), -1, p.weight(), max)));
    }

    private List<Envelope<Packet<N>>> onSource(Packet<N> p) {
        if (p.kind() != Kind.ANNOUNCE_END) {
            int f = p.flow();
            known[f] = p.maxLinkWeight();
            rate[f] = a.div(a.of(problem.weight(f)), known[f]);      // r(f) ← w_f / W_f
        }
        return List.of();
    }

    private void send(Kind kind, int f) {
        sent[f]++;
        int[] path = problem.path(f);
        scheduler.send(List.of(new Envelope<>(path[0],
                new Packet<>(kind, f, 0, a.of(problem.weight(f)), a.zero()))));
    }

    /** Flow {@code f} starts: {@code AnnounceStart(w_f)}. */
    public void start(int f) {
        send(Kind.ANNOUNCE_START, f);
    }

    /** Flow {@code f} probes: {@code ProbeLinks()}. */
    public void probe(int f) {
        send(Kind.PROBE, f);
    }

    /** Flow {@code f} ends: {@code AnnounceEnd(w_f)}. */
    public void end(int f) {
        send(Kind.ANNOUNCE_END, f);
    }

    /** Delivers every pending packet; returns the number of deliveries. */
    public long run() {
        return scheduler.runUntilIdle(1_000_000L + 100L * problem.flowCount() * links);
    }

    /** The rate flow {@code f} uses now ({@code null} before its AnnounceStart returns). */
    public N rate(int f) {
        return rate[f];
    }

    /** The link weight {@code W_l} link {@code l} holds now. */
    public N linkWeightNow(int l) {
        return weights.weight(l);
    }

    /** Control packets flow {@code f}'s source has sent. */
    public long packetsSent(int f) {
        return sent[f];
    }

    /** Hop deliveries so far (each link visit and each return counts one). */
    public long deliveries() {
        return scheduler.delivered();
    }
}

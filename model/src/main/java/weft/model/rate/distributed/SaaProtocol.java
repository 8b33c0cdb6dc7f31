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
public final class SaaProtocol<N> extends PathProtocol<N, SaaProtocol.Packet<N>> {
    /** Which subroutine a control packet runs. */
    public enum Kind { ANNOUNCE_START, PROBE, ANNOUNCE_END }

    /** A control packet: {@code hop} is the index in the path of the next link, or -1 on the way back. */
    public record Packet<N>(Kind kind, int flow, int hop, N weight, N maxLinkWeight) {
    }

    private final N[] known;

    /**
     * @param random {@code null} for FIFO delivery, else the seeded delivery order
     */
    public SaaProtocol(RateProblem problem, Arithmetic<N> arithmetic, RandomGenerator random) {
        super(problem, arithmetic, random, 1_000_000L + 100L * problem.flowCount() * problem.linkCount());
        known = a.newArray(problem.flowCount());
    }

    @Override
    List<Envelope<Packet<N>>> onLink(int l, Packet<N> p) {
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
        int next = nextHop(p.flow(), p.hop());
        return List.of(new Envelope<>(address(p.flow(), next), new Packet<>(p.kind(), p.flow(), next, p.weight(),
                max)));
    }

    @Override
    List<Envelope<Packet<N>>> onSource(Packet<N> p) {
        if (p.kind() != Kind.ANNOUNCE_END) {
            int f = p.flow();
            known[f] = p.maxLinkWeight();
            rate[f] = a.div(a.of(problem.weight(f)), known[f]);      // r(f) ← w_f / W_f
        }
        return List.of();
    }

    private void send(Kind kind, int f) {
        sent[f]++;
        scheduler.send(List.of(new Envelope<>(address(f, 0), new Packet<>(kind, f, 0, a.of(problem.weight(f)),
                a.zero()))));
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

    /** The link weight {@code W_l} link {@code l} holds now. */
    public N linkWeightNow(int l) {
        return weights.weight(l);
    }

    /** Hop deliveries so far (each link visit and each return counts one). */
    public long deliveries() {
        return scheduler.delivered();
    }
}

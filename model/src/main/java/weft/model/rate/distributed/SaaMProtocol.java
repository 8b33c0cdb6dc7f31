package weft.model.rate.distributed;

import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;

/**
 * SAA-M's distributed protocol: SAA's announcements plus greedy claiming of spare capacity. Each link keeps
 * {@code W_l}, its free capacity {@code c_l} (negative when oversubscribed) and the reserved capacity
 * {@code c_l^r}. A flow starts at its SAA rate; on every probe it climbs back to its SAA rate if below it
 * (line 2), backs off to {@code w_f / W_o} if a link on its path is oversubscribed (line 3), and otherwise
 * reserves all of the smallest claimable capacity {@code c_u} on its path and claims it if every link granted the
 * reservation (line 4), or cancels it. Probes are driven from outside ("periodically"), so the back-off is the
 * caller's choice of when to probe next.
 *
 * <p>Seed 000 §4.1.3, Alg. 4.3-4.4. Theorem 4.1.5: once the flow set is fixed, rates reach the SAA requirement, stay
 * feasible, and become maximal once reservations stop colliding. Link capacities are absolute
 * ({@code W_l = Σ w_f / C_l}).
 *
 * @param <N> number type
 */
public final class SaaMProtocol<N> extends PathProtocol<N, SaaMProtocol.Packet<N>> {
    /** Control packet kinds (Alg. 4.4 subroutines). */
    public enum Kind { ANNOUNCE_START, ANNOUNCE_END, PROBE, UPDATE, RESERVE, CANCEL }

    /**
     * A control packet. {@code w}: flow weight; {@code delta}: rate change; {@code reserve}: capacity reserved;
     * collected on the way: {@code maxWeight} ({@code W_f}), {@code overWeight} ({@code W_o}), {@code claimable}
     * ({@code c}) and {@code granted} ({@code s}). {@code hop} is the next link's index, -1 on the way back.
     */
    public record Packet<N>(Kind kind, int flow, int hop, N w, N delta, N reserve, N maxWeight, N overWeight,
                            N claimable, boolean granted) {
        Packet<N> next(int h, N max, N over, N claim, boolean ok) {
            return new Packet<>(kind, flow, h, w, delta, reserve, max, over, claim, ok);
        }
    }

    private final N[] free;
    private final N[] reserved;

    /** Network setup (Alg. 4.3 Init): {@code c_l ← C_l, W_l ← 0, c_l^r ← 0}. */
    public SaaMProtocol(RateProblem problem, Arithmetic<N> arithmetic, RandomGenerator random) {
        super(problem, arithmetic, random, 10_000_000L);
        free = a.newArray(links);
        reserved = a.newArray(links);
        for (int l = 0; l < links; l++) {
            free[l] = weights.capacity(l);
            reserved[l] = a.zero();
        }
    }

    @Override
    List<Envelope<Packet<N>>> onLink(int l, Packet<N> p) {
        N max = p.maxWeight();
        N over = p.overWeight();
        N claim = p.claimable();
        boolean ok = p.granted();
        switch (p.kind()) {
            case ANNOUNCE_START -> {
                weights.announceStart(l, p.w());
                max = a.max(max, weights.weight(l));
            }
            case ANNOUNCE_END -> {
                weights.announceEnd(l, p.w());
                free[l] = a.add(free[l], p.delta());
            }
            case PROBE -> {
                max = a.max(max, weights.weight(l));
                N claimableHere = a.sub(free[l], reserved[l]);
                claim = claim == null ? claimableHere : a.min(claim, claimableHere);
                if (a.signum(free[l]) < 0) {
                    over = a.max(over, weights.weight(l));
                }
            }
            case UPDATE -> {
                free[l] = a.sub(free[l], p.delta());
                reserved[l] = a.sub(reserved[l], p.reserve());
            }
            case RESERVE -> {
                reserved[l] = a.add(reserved[l], p.reserve());
                if (a.signum(a.sub(free[l], reserved[l])) < 0) {
                    ok = false;                 // continues on all links even after failing
                }
            }
            case CANCEL -> reserved[l] = a.sub(reserved[l], p.reserve());
            default -> throw new IllegalStateException("unknown packet " + p);
        }
        int next = nextHop(p.flow(), p.hop());
        return List.of(new Envelope<>(address(p.flow(), next), p.next(next, max, over, claim, ok)));
    }

    @Override
    List<Envelope<Packet<N>>> onSource(Packet<N> p) {
        int f = p.flow();
        N w = a.of(problem.weight(f));
        switch (p.kind()) {
            case ANNOUNCE_START -> {
                rate[f] = a.div(w, p.maxWeight());                    // 2. start with the SAA rate
                return send(Kind.UPDATE, f, rate[f], a.zero());        // 3. UpdateLinks(r(f), 0)
            }
            case PROBE -> {
                N saa = a.div(w, p.maxWeight());
                if (a.compare(rate[f], saa) < 0) {                     // 2. below the SAA rate
                    N delta = a.sub(saa, rate[f]);
                    rate[f] = saa;
                    return send(Kind.UPDATE, f, delta, a.zero());
                }
                if (a.signum(p.overWeight()) > 0) {                    // 3. an oversubscribed link on the path
                    N target = a.min(a.div(w, p.overWeight()), rate[f]);
                    N delta = a.sub(target, rate[f]);
                    rate[f] = target;
                    return send(Kind.UPDATE, f, delta, a.zero());
                }
                if (a.signum(p.claimable()) > 0) {                     // 4. claimable capacity found
                    return send(Kind.RESERVE, f, a.zero(), p.claimable());
                }
                return List.of();
            }
            case RESERVE -> {
                N cu = p.reserve();
                if (p.granted()) {                                     // 4.2 claim it, release the reservation
                    rate[f] = a.add(rate[f], cu);
                    return send(Kind.UPDATE, f, cu, cu);
                }
                return send(Kind.CANCEL, f, a.zero(), cu);              // 4.3 cancel; the caller backs off
            }
            default -> {
                return List.of();
            }
        }
    }

    private List<Envelope<Packet<N>>> send(Kind kind, int f, N delta, N reserve) {
        sent[f]++;
        N zero = a.zero();
        return List.of(new Envelope<>(address(f, 0), new Packet<>(kind, f, 0, a.of(problem.weight(f)), delta,
                reserve, zero, zero, null, true)));
    }

    /** Flow {@code f} starts: AnnounceStart, then UpdateLinks with its SAA rate. */
    public void start(int f) {
        scheduler.send(send(Kind.ANNOUNCE_START, f, a.zero(), a.zero()));
    }

    /** Flow {@code f} probes (and acts on the answer). */
    public void probe(int f) {
        scheduler.send(send(Kind.PROBE, f, a.zero(), a.zero()));
    }

    /** Flow {@code f} ends: AnnounceEnd(w_f, r(f)) removes its weight and frees its rate. */
    public void end(int f) {
        scheduler.send(send(Kind.ANNOUNCE_END, f, rate[f], a.zero()));
        rate[f] = null;
    }

    /** Free capacity {@code c_l} (negative: oversubscribed). */
    public N free(int l) {
        return free[l];
    }

    /** Capacity reserved and not yet claimed on link {@code l}. */
    public N reserved(int l) {
        return reserved[l];
    }
}

package weft.model.rate.distributed;

import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;

/**
 * What SAA's and SAA-M's protocols share (seed 000 §4.1.2, seed 003 §5): a node per link and a source per flow on one
 * {@link MessageScheduler}, control packets that walk the flow's path link by link and return to the source, the link
 * weights the announcements keep ({@link LinkWeights}), each flow's rate and the packets each source has sent. A
 * subclass holds its packet and what a link and a source do with it (its algorithm's subroutines).
 *
 * @param <N> number type
 * @param <P> control packet type
 */
abstract class PathProtocol<N, P> {
    final RateProblem problem;
    final Arithmetic<N> a;
    final int links;
    final LinkWeights<N> weights;
    final N[] rate;
    final long[] sent;
    final MessageScheduler<P> scheduler;
    private final long maxDeliveries;

    /**
     * @param random        {@code null} for FIFO delivery, else the seeded delivery order
     * @param maxDeliveries the deliveries {@link #run()} allows before it reports a protocol that does not settle
     */
    PathProtocol(RateProblem problem, Arithmetic<N> arithmetic, RandomGenerator random, long maxDeliveries) {
        this.problem = problem;
        this.a = arithmetic;
        this.links = problem.linkCount();
        this.weights = new LinkWeights<>(problem, a);
        this.rate = a.newArray(problem.flowCount());
        this.sent = new long[problem.flowCount()];
        this.maxDeliveries = maxDeliveries;
        this.scheduler = MessageScheduler.linksThenFlows(links, l -> (p, now) -> onLink(l, p),
                problem.flowCount(), f -> (p, now) -> onSource(p), random);
    }

    /** What link {@code l} does with a packet passing through it: the packets it sends on. */
    abstract List<Envelope<P>> onLink(int l, P packet);

    /** What a flow's source does with a packet that came back to it: the packets it sends next. */
    abstract List<Envelope<P>> onSource(P packet);

    /** The hop after {@code hop} on flow {@code f}'s path: the next link's index in it, or -1 back to the source. */
    final int nextHop(int f, int hop) {
        return hop + 1 < problem.path(f).length ? hop + 1 : -1;
    }

    /** The node a packet of flow {@code f} at {@code hop} goes to: that link of the path, or -1: the source. */
    final int address(int f, int hop) {
        return hop < 0 ? links + f : problem.path(f)[hop];
    }

    /** Delivers every pending packet; returns the number of deliveries. */
    public final long run() {
        return scheduler.runUntilIdle(maxDeliveries);
    }

    /** The rate flow {@code f} uses now: {@code null} before its AnnounceStart returns (in SAA-M, after it ends). */
    public final N rate(int f) {
        return rate[f];
    }

    /** Control packets flow {@code f}'s source has sent. */
    public final long packetsSent(int f) {
        return sent[f];
    }
}

package weft.model.rate.distributed;

import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;

/**
 * What SAA's announcements keep at every link: the sum of the weights of the flows announced through it and its link
 * weight {@code W_l = Σ w_f / c_l} (seed 003 §5 eq. 4, Algorithm 1; seed 000 Alg. 4.1-4.2). SAA's and SAA-M's
 * protocols both keep it; SAA-M adds its capacities on top.
 *
 * @param <N> number type
 */
final class LinkWeights<N> {
    private final Arithmetic<N> a;
    private final N[] weightSum;
    private final N[] capacity;

    /** Every link with no flow announced: {@code W_l ← 0}. */
    LinkWeights(RateProblem problem, Arithmetic<N> arithmetic) {
        this.a = arithmetic;
        int links = problem.linkCount();
        weightSum = a.newArray(links);
        capacity = a.newArray(links);
        for (int l = 0; l < links; l++) {
            weightSum[l] = a.zero();
            capacity[l] = a.of(problem.capacity(l));
        }
    }

    /** {@code AnnounceStart}: a flow of weight {@code w} through link {@code l}. */
    void announceStart(int l, N w) {
        weightSum[l] = a.add(weightSum[l], w);
    }

    /** {@code AnnounceEnd}: the flow of weight {@code w} through link {@code l} has ended. */
    void announceEnd(int l, N w) {
        weightSum[l] = a.sub(weightSum[l], w);
    }

    /** The link weight {@code W_l}. */
    N weight(int l) {
        return a.div(weightSum[l], capacity[l]);
    }

    /** The capacity {@code C_l} of link {@code l}. */
    N capacity(int l) {
        return capacity[l];
    }
}

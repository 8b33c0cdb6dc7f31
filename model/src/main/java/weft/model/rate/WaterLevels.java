package weft.model.rate;

import java.util.Arrays;

/**
 * The arithmetic of weighted water-filling, shared by {@link Ffa} and {@link Afa}: per link its residual capacity
 * {@code c_l} and the weight {@code W_l} of its unfrozen flows, per flow its weight and frozen level, the common level
 * {@code ρ} all unfrozen flows have reached, and the order in which links saturate. The algorithms' loops read as
 * the paper's steps; this class holds the numbers, in {@code double}s ({@link #of}{@code (p, Arithmetic.DOUBLE)}) or in
 * any {@link Arithmetic} (exact fractions for the paper's vectors).
 *
 * <p>A finite demand acts as a private link of that capacity (seed 004's request {@code q}).
 *
 * <p>Decision: instead of rescanning every link per step (O(|R|·|L|)), each link keeps its residual as of the level
 * it was last touched ({@code base}) and sits in a binary heap keyed by the level at which it would saturate.
 * Freezing a flow only raises that level, so a stale key is fixed when its link is popped. Cost
 * O(Σ|L_f| · log |L|); the result is the same fixed point as the paper's rescanning loop. Decision: the numbers live
 * in primitive {@code double} arrays for {@link Arithmetic#DOUBLE} ({@link DoubleWaterLevels}) and in arrays of
 * {@code N} otherwise ({@link GenericWaterLevels}), behind one set of index-based operations, because boxing every
 * intermediate value made the generic form 3-10x slower on 65,536 flows; the loops above them are written once.
 *
 * @param <N> the number type of the rates
 */
abstract class WaterLevels<N> {
    final RateProblem problem;
    private final int[][] path;
    private final int[][] flowsOn;
    private final int[] activeCount;
    private final boolean[] frozen;
    private int[] heap;
    private int heapSize;
    private boolean started;

    /** The levels of a problem in the given arithmetic, every flow unfrozen at level 0. */
    @SuppressWarnings("unchecked")
    static <N> WaterLevels<N> of(RateProblem problem, Arithmetic<N> arithmetic) {
        if (arithmetic == Arithmetic.DOUBLE) {
            return (WaterLevels<N>) new DoubleWaterLevels(problem);
        }
        return new GenericWaterLevels<>(problem, arithmetic);
    }

    WaterLevels(RateProblem p) {
        this.problem = p;
        int flows = p.flowCount();
        int links = p.linkCount() + demandLinks(p);
        path = new int[flows][];
        flowsOn = new int[links][];
        activeCount = new int[links];
        frozen = new boolean[flows];
        heap = new int[Math.max(1, links)];
    }

    /** Fills the arrays (the subclass calls it once its own arrays exist); queues every link that carries a flow. */
    final void start() {
        RateProblem p = problem;
        int v = p.linkCount();
        for (int l = 0; l < p.linkCount(); l++) {
            flowsOn[l] = p.flowsOn(l);
            setCapacity(l, p.capacity(l));
        }
        for (int f = 0; f < p.flowCount(); f++) {
            setWeight(f, p.weight(f));
            int[] real = p.path(f);
            if (Double.isFinite(p.demand(f))) {
                path[f] = Arrays.copyOf(real, real.length + 1);
                path[f][real.length] = v;
                flowsOn[v] = new int[] {f};
                setCapacity(v, p.demand(f));
                v++;
            } else {
                path[f] = real;
            }
        }
        for (int l = 0; l < flowsOn.length; l++) {
            for (int f : flowsOn[l]) {
                addActiveWeight(l, f);
            }
            activeCount[l] = flowsOn[l].length;
            if (activeCount[l] > 0) {
                queueAtSaturation(l);
                push(l);
            }
        }
    }

    /**
     * The next link to saturate as every unfrozen flow rises together, or -1 when every flow is frozen; its
     * saturation level is then the current candidate for {@link #raiseToSaturation()}.
     */
    final int nextSaturatedLink() {
        while (heapSize > 0) {
            int l = pop();
            if (activeCount[l] == 0) {
                continue;
            }
            if (saturationRose(l)) {
                push(l);
                continue;
            }
            return l;
        }
        return -1;
    }

    /** The flows crossing link {@code l} (its own flow for a demand link). */
    final int[] flowsOn(int l) {
        return flowsOn[l];
    }

    final boolean frozen(int f) {
        return frozen[f];
    }

    /** Freezes flow {@code f} at the current level {@code ρ}: its links lose its weight. */
    final void freeze(int f) {
        frozen[f] = true;
        freezeAtLevel(f, path[f]);
        for (int m : path[f]) {
            activeCount[m]--;
        }
    }

    /**
     * Raises {@code ρ} to the saturation level of the link {@link #nextSaturatedLink()} returned (never lowering it).
     *
     * @return whether that is a new rate level: the first, or above the old one ({@link #raise})
     */
    final boolean raiseToSaturation() {
        boolean first = !started;
        started = true;
        return raise() || first;
    }

    /**
     * Raises {@code ρ} to the candidate level; whether it rose: exactly, or by more than a relative 1e-12 in doubles,
     * so rounding noise is not counted as a distinct rate.
     */
    abstract boolean raise();

    /** Each flow's rate {@code w_f · r̄(f)}. */
    abstract Allocation<N> allocation(String name, int iterations);

    abstract void setCapacity(int l, double capacity);

    abstract void setWeight(int f, double weight);

    abstract void addActiveWeight(int l, int f);

    /** Queues link {@code l} at its saturation level {@code base_l + c_l / W_l}. */
    private void queueAtSaturation(int l) {
        measure(l);
        keyAtCandidate(l);
    }

    /**
     * Computes link {@code l}'s saturation level {@code base_l + c_l / W_l} as the candidate level; when it lies
     * above the level {@code l} is queued at, queues it there and returns true.
     */
    private boolean saturationRose(int l) {
        measure(l);
        if (candidateAboveKey(l)) {
            keyAtCandidate(l);
            return true;
        }
        return false;
    }

    /** Sets the candidate level to link {@code l}'s saturation level {@code base_l + c_l / W_l}. */
    abstract void measure(int l);

    /** Whether the candidate level lies above the level link {@code l} is queued at. */
    abstract boolean candidateAboveKey(int l);

    /** Sets the level link {@code l} is queued at to the candidate level. */
    abstract void keyAtCandidate(int l);

    /** Compares the queued saturation levels of two links. */
    abstract int compareKeys(int l, int m);

    /** Sets {@code f}'s level to {@code ρ}; on each of its links: residual brought to {@code ρ}, its weight removed. */
    abstract void freezeAtLevel(int f, int[] links);

    private boolean before(int l, int m) {
        int c = compareKeys(l, m);
        return c < 0 || c == 0 && l < m;
    }

    private void push(int l) {
        if (heapSize == heap.length) {
            heap = Arrays.copyOf(heap, 2 * heapSize);
        }
        int i = heapSize++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(l, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = l;
    }

    private int pop() {
        int top = heap[0];
        int last = heap[--heapSize];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) {
                break;
            }
            if (child + 1 < heapSize && before(heap[child + 1], heap[child])) {
                child++;
            }
            if (!before(heap[child], last)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = last;
        return top;
    }

    static int demandLinks(RateProblem p) {
        int n = 0;
        for (int f = 0; f < p.flowCount(); f++) {
            if (Double.isFinite(p.demand(f))) {
                n++;
            }
        }
        return n;
    }
}

package weft.model.rate;

import java.util.PriorityQueue;

/**
 * Weighted water-filling shared by {@link Ffa} and {@link Afa}: all unfrozen flows rise together in normalised rate
 * {@code r̄ = r / w}; when a link saturates, the flows on it freeze (FFA, seed 000 Alg. 4.5) or every flow of
 * every application with a flow on it freezes (AFA, Alg. 4.12). A finite demand acts as a private link of that
 * capacity (seed 004's request {@code q}).
 *
 * <p>Decision: instead of rescanning every link per iteration (O(|R|·|L|)), each link keeps its residual as of
 * the level it was last touched and sits in a heap keyed by the level at which it would saturate. Freezing a flow
 * only raises that level, so stale heap keys are fixed lazily when popped. Cost O(Σ|L_f| · log |L|); the result is
 * the same fixed point, and in {@link Arithmetic#EXACT} exactly the paper's fractions.
 */
final class WaterFilling<N> {
    private final RateProblem p;
    private final Arithmetic<N> a;
    private final boolean freezeApplications;

    private final int links;
    private final int[][] path;
    private final int[][] flowsOn;
    private final N[] residual;
    private final N[] base;
    private final N[] activeWeight;
    private final int[] activeCount;
    private final N[] weight;
    private final N[] level;
    private final boolean[] frozen;
    private int iterations;

    private record Entry<N>(N level, int link) {
    }

    WaterFilling(RateProblem problem, Arithmetic<N> arithmetic, boolean freezeApplications) {
        this.p = problem;
        this.a = arithmetic;
        this.freezeApplications = freezeApplications;
        int flows = problem.flowCount();
        int demandLinks = 0;
        for (int f = 0; f < flows; f++) {
            if (Double.isFinite(problem.demand(f))) {
                demandLinks++;
            }
        }
        links = problem.linkCount() + demandLinks;
        path = new int[flows][];
        flowsOn = new int[links][];
        residual = a.newArray(links);
        int v = problem.linkCount();
        for (int l = 0; l < problem.linkCount(); l++) {
            flowsOn[l] = problem.flowsOn(l);
            residual[l] = a.of(problem.capacity(l));
        }
        for (int f = 0; f < flows; f++) {
            int[] real = problem.path(f);
            if (Double.isFinite(problem.demand(f))) {
                path[f] = java.util.Arrays.copyOf(real, real.length + 1);
                path[f][real.length] = v;
                flowsOn[v] = new int[] {f};
                residual[v] = a.of(problem.demand(f));
                v++;
            } else {
                path[f] = real;
            }
        }
        base = a.newArray(links);
        activeWeight = a.newArray(links);
        activeCount = new int[links];
        weight = a.newArray(flows);
        level = a.newArray(flows);
        frozen = new boolean[flows];
        for (int f = 0; f < flows; f++) {
            weight[f] = a.of(problem.weight(f));
        }
    }

    /** Runs to completion and returns each flow's rate {@code w_f · r̄(f)}. */
    Allocation<N> run(String name) {
        N zero = a.zero();
        PriorityQueue<Entry<N>> heap = new PriorityQueue<>(Math.max(1, links), (x, y) -> {
            int c = a.compare(x.level(), y.level());
            return c != 0 ? c : Integer.compare(x.link(), y.link());
        });
        for (int l = 0; l < links; l++) {
            base[l] = zero;
            N w = zero;
            for (int f : flowsOn[l]) {
                w = a.add(w, weight[f]);
            }
            activeWeight[l] = w;
            activeCount[l] = flowsOn[l].length;
            if (activeCount[l] > 0) {
                heap.add(new Entry<>(a.div(residual[l], w), l));
            }
        }
        N rho = zero;
        boolean first = true;
        int[][] appFlows = freezeApplications ? flowsByApplication(p) : null;
        while (!heap.isEmpty()) {
            Entry<N> e = heap.poll();
            int l = e.link();
            if (activeCount[l] == 0) {
                continue;
            }
            N saturation = saturationLevel(l);
            if (a.compare(saturation, e.level()) > 0) {
                heap.add(new Entry<>(saturation, l));
                continue;
            }
            // Steps 1-2: raise every active flow to the level at which l saturates (never below the current level).
            N next = a.max(rho, saturation);
            if (first || newLevel(rho, next)) {
                iterations++;
                first = false;
            }
            rho = next;
            // Steps 3-4: l is saturated; its flows (FFA) or their applications (AFA) are bottlenecked.
            for (int f : flowsOn[l]) {
                if (frozen[f]) {
                    continue;
                }
                if (appFlows == null) {
                    freeze(f, rho);
                } else {
                    for (int g : appFlows[p.app(f)]) {
                        if (!frozen[g]) {
                            freeze(g, rho);
                        }
                    }
                }
            }
        }
        N[] rates = a.newArray(p.flowCount());
        for (int f = 0; f < rates.length; f++) {
            rates[f] = a.mul(weight[f], level[f]);
        }
        return new Allocation<>(name, p, a, rates, iterations);
    }

    /**
     * Whether {@code next} is a new rate level: strictly above {@code rho} in exact arithmetic; in doubles, by more
     * than a relative 1e-12, so rounding noise is not counted as a distinct rate (the count is {@code |R|}).
     */
    private boolean newLevel(N rho, N next) {
        if (a.exact()) {
            return a.compare(next, rho) > 0;
        }
        double r = a.toDouble(rho);
        return a.toDouble(next) - r > 1e-12 * Math.max(1, Math.abs(r));
    }

    private N saturationLevel(int l) {
        N s = a.add(base[l], a.div(residual[l], activeWeight[l]));
        return s;
    }

    private void freeze(int f, N rho) {
        frozen[f] = true;
        level[f] = rho;
        for (int m : path[f]) {
            if (base[m] != rho) {
                // Bring the residual up to the current level (skipped when this level already did: same object).
                residual[m] = a.sub(residual[m], a.mul(a.sub(rho, base[m]), activeWeight[m]));
                base[m] = rho;
            }
            activeWeight[m] = a.sub(activeWeight[m], weight[f]);
            activeCount[m]--;
        }
    }

    /** The flows of each application, in flow order. */
    static int[][] flowsByApplication(RateProblem p) {
        int[] count = new int[p.appCount()];
        for (int f = 0; f < p.flowCount(); f++) {
            count[p.app(f)]++;
        }
        int[][] out = new int[p.appCount()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = new int[count[i]];
        }
        int[] fill = new int[p.appCount()];
        for (int f = 0; f < p.flowCount(); f++) {
            out[p.app(f)][fill[p.app(f)]++] = f;
        }
        return out;
    }
}

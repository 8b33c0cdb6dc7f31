package weft.model.rate.distributed;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;

/**
 * DAFA*: the parallel Application-Fair Algorithm (PAFA) run over Segall's PIF waves. A leader element holds
 * {@code ρ} and {@code B}; every element is the worker for the links it owns, holding {@code c_l},
 * {@code W_l^a} per application, {@code A_l} (a bit vector) and {@code δ_l}. Each iteration is two waves: the
 * rate collection phase distributes the newly bottlenecked applications {@code B} and gathers
 * {@code Δ̄ = min δ_l}; the rate distribution phase distributes {@code Δ̄} and gathers {@code B = ∪ B_l}. A wave
 * floods from the leader (the first message heard defines the tree) and every element answers its parent once it
 * has heard on all its element links, reducing with min or union. The result equals {@link weft.model.rate.Afa}.
 *
 * <p>Seed 000 §4.3.3, Alg. 4.13 (PAFA) and the PIF mapping of DAFA* (digest
 * {@code research/seed-000-zdornov-thesis.md} §3.8-3.9; errata §7.1 items 2-3). Messages: each wave crosses every
 * element link once in each direction; iterations {@code I <= |A|}; time {@code 2·I·h_max·(T_d + T_c)} (§6.5).
 * Decision: {@code c_l = 0} is tested exactly, so run it in {@link Arithmetic#EXACT} when links must saturate on
 * the nose; DAFA's restart rounds (Alg. 4.14) are not modelled: this is the one-shot calculation.
 *
 * @param <N> number type
 */
public final class Dafa<N> {
    /** A PIF message: a wave going out ({@code forward}) or a feedback coming back with the reduced value. */
    public record Wave<N>(int wave, boolean forward, int from, BitSet bottlenecked, N delta) {
    }

    private final RateProblem problem;
    private final Arithmetic<N> a;
    private final ElementGraph graph;
    private final int leader;
    private final int apps;
    private final List<List<Integer>> linksOf = new ArrayList<>();
    private final N[] free;
    private final N[][] appWeight;
    private final BitSet[] activeApps;
    private final N[] appRate;
    private final MessageScheduler<Wave<N>> scheduler;
    // PIF state per element for the current wave.
    private final int[] parent;
    private final int[] heard;
    private final Object[] reduced;
    private int wave;
    private boolean distributing;
    private BitSet pendingB = new BitSet();
    private N pendingDelta;
    private N rho;
    private int iterations;
    private int waves;
    private long finishNanos;
    private boolean done;

    public Dafa(RateProblem problem, Arithmetic<N> arithmetic, ElementGraph graph, int leader,
                RandomGenerator random) {
        if (graph.ownerOf().length != problem.linkCount()) {
            throw new IllegalArgumentException("dafa: element graph owns " + graph.ownerOf().length + " links, the"
                    + " problem has " + problem.linkCount());
        }
        this.problem = problem;
        this.a = arithmetic;
        this.graph = graph;
        this.leader = leader;
        this.apps = problem.appCount();
        graph.eccentricity(leader);
        for (int e = 0; e < graph.elements(); e++) {
            linksOf.add(new ArrayList<>());
        }
        for (int l = 0; l < problem.linkCount(); l++) {
            linksOf.get(graph.ownerOf()[l]).add(l);
        }
        int links = problem.linkCount();
        free = a.newArray(links);
        @SuppressWarnings("unchecked")
        N[][] w = (N[][]) new Object[links][];
        appWeight = w;
        activeApps = new BitSet[links];
        // Init: c_l ← capacity, W_l^a ← Σ_{f ∈ F_l ∩ a} w_f, A_l ← {a | ∃ f ∈ a ∩ F_l}.
        for (int l = 0; l < links; l++) {
            free[l] = a.of(problem.capacity(l));
            appWeight[l] = a.newArray(apps);
            activeApps[l] = new BitSet(apps);
            for (int f : problem.flowsOn(l)) {
                int app = problem.app(f);
                N prev = appWeight[l][app] == null ? a.zero() : appWeight[l][app];
                appWeight[l][app] = a.add(prev, a.of(problem.weight(f)));
                activeApps[l].set(app);
            }
        }
        appRate = a.newArray(apps);
        int elements = graph.elements();
        parent = new int[elements];
        heard = new int[elements];
        reduced = new Object[elements];
        List<Node<Wave<N>>> nodes = new ArrayList<>();
        for (int e = 0; e < elements; e++) {
            int element = e;
            nodes.add((m, now) -> onElement(element, m, now));
        }
        scheduler = new MessageScheduler<>(nodes, random, 1_000);
    }

    /** Runs PAFA to completion. */
    public void run() {
        rho = a.zero();
        distributing = false;
        pendingB = new BitSet();
        startWave();
        scheduler.runUntilIdle(100_000_000L);
        if (!done) {
            throw new IllegalStateException("dafa: the leader never finished");
        }
    }

    private void startWave() {
        wave++;
        waves++;
        java.util.Arrays.fill(parent, -2);
        java.util.Arrays.fill(heard, 0);
        java.util.Arrays.fill(reduced, null);
        parent[leader] = -1;
        reduced[leader] = local(leader);
        if (graph.neighbours()[leader].length == 0) {
            complete(reduced[leader], scheduler.nowNanos());
            return;
        }
        List<Envelope<Wave<N>>> out = new ArrayList<>();
        for (int n : graph.neighbours()[leader]) {
            out.add(new Envelope<>(n, new Wave<>(wave, true, leader, pendingB, pendingDelta)));
        }
        scheduler.send(out);
    }

    /** The element's own contribution to this wave: Alg. 4.13 steps 2 (RCP) or 8 (RDP) on its links. */
    private Object local(int e) {
        if (!distributing) {
            N min = null;
            for (int l : linksOf.get(e)) {
                // 2.1 remove the newly bottlenecked applications; 2.2 W_l ← Σ_a W_l^a; 2.3 δ_l ← c_l / W_l.
                N weight = a.zero();
                for (int app = activeApps[l].nextSetBit(0); app >= 0; app = activeApps[l].nextSetBit(app + 1)) {
                    if (pendingB.get(app)) {
                        continue;
                    }
                    weight = a.add(weight, appWeight[l][app]);
                }
                activeApps[l].andNot(pendingB);
                if (a.signum(weight) > 0) {
                    N delta = a.div(free[l], weight);
                    min = min == null ? delta : a.min(min, delta);
                }
            }
            return min;
        }
        BitSet b = new BitSet(apps);
        for (int l : linksOf.get(e)) {
            N weight = a.zero();
            for (int app = activeApps[l].nextSetBit(0); app >= 0; app = activeApps[l].nextSetBit(app + 1)) {
                weight = a.add(weight, appWeight[l][app]);
            }
            // 8.2 c_l ← c_l − Δ̄·W_l; 8.3 if c_l = 0: B_l ← A_l.
            free[l] = a.sub(free[l], a.mul(pendingDelta, weight));
            if (a.signum(weight) > 0 && a.signum(free[l]) == 0) {
                b.or(activeApps[l]);
            }
        }
        return b;
    }

    @SuppressWarnings("unchecked")
    private Object reduce(Object x, Object y) {
        if (x == null) {
            return y;
        }
        if (y == null) {
            return x;
        }
        if (x instanceof BitSet bx) {
            BitSet out = (BitSet) bx.clone();
            out.or((BitSet) y);
            return out;
        }
        return a.min((N) x, (N) y);
    }

    private List<Envelope<Wave<N>>> onElement(int e, Wave<N> m, long now) {
        if (m.wave() != wave) {
            throw new IllegalStateException("dafa: element " + e + " got wave " + m.wave() + " during " + wave);
        }
        List<Envelope<Wave<N>>> out = new ArrayList<>();
        if (parent[e] == -2) {
            // First message of this wave: the sender becomes the parent; flood on.
            parent[e] = m.from();
            reduced[e] = local(e);
            for (int n : graph.neighbours()[e]) {
                if (n != m.from()) {
                    out.add(new Envelope<>(n, new Wave<>(wave, true, e, pendingB, pendingDelta)));
                }
            }
        }
        if (!m.forward()) {
            reduced[e] = reduce(reduced[e], distributing ? m.bottlenecked() : m.delta());
        }
        heard[e]++;
        if (heard[e] == graph.neighbours()[e].length) {
            if (e == leader) {
                complete(reduced[e], now);
            } else {
                Object r = reduced[e];
                out.add(new Envelope<>(parent[e], new Wave<>(wave, false, e,
                        r instanceof BitSet bs ? bs : null, r instanceof BitSet ? null : castN(r))));
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private N castN(Object o) {
        return (N) o;
    }

    /** The leader has the reduced value of a wave: Alg. 4.13 steps 3-6 or 9-11. */
    private void complete(Object value, long now) {
        finishNanos = now;
        if (!distributing) {
            N delta = castN(value);
            if (delta == null) {
                done = true;                                   // 5: Δ̄ = ∞, terminate
                return;
            }
            iterations++;
            rho = a.add(rho, delta);                           // 6: ρ ← ρ + Δ̄
            pendingDelta = delta;
            distributing = true;
        } else {
            BitSet b = value == null ? new BitSet() : (BitSet) value;
            for (int app = b.nextSetBit(0); app >= 0; app = b.nextSetBit(app + 1)) {
                if (appRate[app] == null) {
                    appRate[app] = rho;                        // 11: r̄(a) ← ρ
                }
            }
            pendingB = b;
            distributing = false;
        }
        startWave();
    }

    /** Rate of flow {@code f}: {@code w_f · r̄(a)}. */
    public N rate(int f) {
        return a.mul(a.of(problem.weight(f)), appRate[problem.app(f)]);
    }

    /** PAFA iterations with a finite {@code Δ̄}. */
    public int iterations() {
        return iterations;
    }

    /** PIF waves run (two per iteration plus the final collection that finds {@code Δ̄ = ∞}). */
    public int waves() {
        return waves;
    }

    /** Messages delivered. */
    public long messages() {
        return scheduler.delivered();
    }

    /** Time the leader finished (1 µs per element hop). */
    public long finishNanos() {
        return finishNanos;
    }
}

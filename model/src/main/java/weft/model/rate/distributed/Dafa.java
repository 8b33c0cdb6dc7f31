package weft.model.rate.distributed;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.rate.Arithmetic;
import weft.model.rate.RateProblem;

/**
 * DAFA: the parallel Application-Fair Algorithm (PAFA) run over Segall's PIF waves, restarted by rounds whenever an
 * application enters or leaves its communication phase. A leader element holds {@code ρ} and {@code B}; every
 * element is the worker for the links it owns, holding {@code c_l}, {@code W_l^a} per application, {@code A_l}
 * (a bit vector) and {@code δ_l}. Each iteration is two waves: the rate collection phase distributes the newly
 * bottlenecked applications {@code B} and gathers {@code Δ̄ = min δ_l}; the rate distribution phase distributes
 * {@code Δ̄} and gathers {@code B = ∪ B_l}. A wave floods from the leader (the first message heard defines the
 * tree) and every element answers its parent once it has heard on all its element links, reducing with min or
 * union. The result equals {@link weft.model.rate.Afa} for the applications in phase.
 *
 * <p>Seed 000 §4.3.3, Alg. 4.13 (PAFA), the PIF mapping of DAFA*, and Alg. 4.14 (DAFA: true weights {@code W̃_l^a},
 * {@code Ã_l} updated by control packets along every flow path of an application changing phase, then a trigger to the
 * leader, which bumps {@code rnd_lead} and restarts; an element that sees a newer round resets {@code c_l, W_l^a, A_l}
 * and its PIF state; packets of older rounds are ignored). Alg. 4.12 line 6.1 and Alg. 4.13 line 2.1.2 as corrected in
 * docs/sources.md. Messages: each wave crosses every element link once in each direction; iterations {@code I <= |A|};
 * time {@code 2·I·h_max·(T_d + T_c)} (§6.5). Decisions: the application's barrier before the trigger is the return of
 * all its update packets; the leader's final distribution of {@code r̄(a)} to every element is not modelled (rates are
 * read from the leader); {@code c_l = 0} is tested exactly, so run it in {@link Arithmetic#EXACT}.
 *
 * <p>Decision: one class of about 400 lines, because Alg. 4.13/4.14 is one protocol whose leader and element
 * handlers read and reset the same round, wave and per-link state; its transport is {@link ElementGraph}.
 *
 * @param <N> number type
 */
public final class Dafa<N> {
    /** Message kinds. */
    public enum Kind { WAVE, FEEDBACK, PHASE, TRIGGER }

    /**
     * A message. WAVE/FEEDBACK: PIF traffic of wave {@code wave} in round {@code rnd}, in the collection phase
     * ({@code distributing = false}: carries {@code B}, collects {@code δ}) or the distribution phase (carries
     * {@code Δ̄}, collects {@code B}). PHASE: an application's update packet for flow {@code flow} at path index
     * {@code hop} ({@code entering}: +w, else −w). TRIGGER: to the leader.
     */
    public record Message<N>(Kind kind, long rnd, long wave, boolean distributing, int from, BitSet bottlenecked,
                             N delta, int flow, int hop, boolean entering) {
    }

    private final RateProblem problem;
    private final Arithmetic<N> a;
    private final ElementGraph graph;
    private final int leader;
    private final int apps;
    private final List<List<Integer>> linksOf = new ArrayList<>();
    private final N[][] trueAppWeight;
    private final N[] free;
    private final N[][] appWeight;
    private final BitSet[] activeApps;
    private final long[] elementRound;
    private final long[] elementWave;
    private final int[] parent;
    private final int[] heard;
    private final Object[] reduced;
    private final int[] outstanding;
    private final MessageScheduler<Message<N>> scheduler;
    // Leader state.
    private long roundLead;
    private long waveCounter;
    private N rho;
    private N[] appRate;
    private boolean distributing;
    private BitSet pendingB = new BitSet();
    private N pendingDelta;
    private int iterations;
    private int waves;
    private long finishNanos;
    private boolean done;

    /**
     * @param allInPhase every application starts in its communication phase (DAFA*, one calculation with
     *                   {@link #run()}); otherwise none does, and {@link #enterPhase}/{@link #leavePhase} drive it
     */
    public Dafa(RateProblem problem, Arithmetic<N> arithmetic, ElementGraph graph, int leader,
                RandomGenerator random, boolean allInPhase) {
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
        int elements = graph.elements();
        for (int e = 0; e < elements; e++) {
            linksOf.add(new ArrayList<>());
        }
        int links = problem.linkCount();
        for (int l = 0; l < links; l++) {
            linksOf.get(graph.ownerOf()[l]).add(l);
        }
        @SuppressWarnings("unchecked")
        N[][] t = (N[][]) new Object[links][];
        trueAppWeight = t;
        @SuppressWarnings("unchecked")
        N[][] w = (N[][]) new Object[links][];
        appWeight = w;
        free = a.newArray(links);
        activeApps = new BitSet[links];
        for (int l = 0; l < links; l++) {
            trueAppWeight[l] = a.newArray(apps);
            appWeight[l] = a.newArray(apps);
            java.util.Arrays.fill(trueAppWeight[l], a.zero());
            activeApps[l] = new BitSet(apps);
            if (allInPhase) {
                for (int f : problem.flowsOn(l)) {
                    int app = problem.app(f);
                    trueAppWeight[l][app] = a.add(trueAppWeight[l][app], a.of(problem.weight(f)));
                }
            }
        }
        elementRound = new long[elements];
        elementWave = new long[elements];
        parent = new int[elements];
        heard = new int[elements];
        reduced = new Object[elements];
        outstanding = new int[apps];
        appRate = a.newArray(apps);
        List<Node<Message<N>>> nodes = new ArrayList<>();
        for (int e = 0; e < elements; e++) {
            int element = e;
            nodes.add((m, now) -> onElement(element, m, now));
        }
        scheduler = new MessageScheduler<>(nodes, random, 1_000);
    }

    /** DAFA*: one calculation for the applications in phase (a trigger at the leader), run to the end. */
    public void run() {
        scheduler.send(List.of(new Envelope<>(leader, trigger())));
        deliver();
    }

    /** Application {@code app} enters its communication phase: update packets along its flows, then a trigger. */
    public void enterPhase(int app) {
        phase(app, true);
    }

    /** Application {@code app} leaves its communication phase. */
    public void leavePhase(int app) {
        phase(app, false);
    }

    private void phase(int app, boolean entering) {
        List<Envelope<Message<N>>> out = new ArrayList<>();
        for (int f = 0; f < problem.flowCount(); f++) {
            if (problem.app(f) == app) {
                outstanding[app]++;
                int first = problem.path(f)[0];
                out.add(new Envelope<>(graph.ownerOf()[first], new Message<>(Kind.PHASE, 0, 0, false, -1, null, null,
                        f, 0, entering)));
            }
        }
        if (out.isEmpty()) {
            out.add(new Envelope<>(leader, trigger()));
        }
        scheduler.send(out);
    }

    /** Delivers every pending message. */
    public long deliver() {
        return scheduler.runUntilIdle(100_000_000L);
    }

    private Message<N> trigger() {
        return new Message<>(Kind.TRIGGER, 0, 0, false, -1, null, null, -1, -1, false);
    }

    private List<Envelope<Message<N>>> onElement(int e, Message<N> m, long now) {
        List<Envelope<Message<N>>> out = new ArrayList<>();
        switch (m.kind()) {
            case PHASE -> {
                // Update W̃_l^a (Ã_l follows: a ∈ Ã_l iff W̃_l^a > 0) on the link this element owns, then onward.
                int f = m.flow();
                int[] path = problem.path(f);
                int l = path[m.hop()];
                N w = a.of(problem.weight(f));
                int app = problem.app(f);
                trueAppWeight[l][app] = m.entering() ? a.add(trueAppWeight[l][app], w)
                        : a.sub(trueAppWeight[l][app], w);
                if (m.hop() + 1 < path.length) {
                    out.add(new Envelope<>(graph.ownerOf()[path[m.hop() + 1]], new Message<>(Kind.PHASE, 0, 0, false,
                            e, null, null, f, m.hop() + 1, m.entering())));
                } else if (--outstanding[app] == 0) {
                    out.add(new Envelope<>(leader, trigger()));       // barrier passed: one node triggers
                }
            }
            case TRIGGER -> {
                // Alg. 4.14 leader: rnd_lead++, ρ ← 0, restart DAFA*.
                roundLead++;
                rho = a.zero();
                appRate = a.newArray(apps);
                distributing = false;
                pendingB = new BitSet();
                pendingDelta = null;
                iterations = 0;
                done = false;
                startWave(out, now);
            }
            case WAVE, FEEDBACK -> {
                if (m.rnd() < elementRound[e]) {
                    break;                                            // an older round: ignored
                }
                if (m.rnd() > elementRound[e]) {
                    enterRound(e, m.rnd());
                }
                if (m.wave() > elementWave[e]) {
                    // First message of this wave: the sender becomes the parent; flood on.
                    elementWave[e] = m.wave();
                    parent[e] = m.from();
                    heard[e] = 0;
                    reduced[e] = local(e, m.distributing(), m.bottlenecked(), m.delta());
                    for (int n : graph.neighbours()[e]) {
                        if (n != m.from()) {
                            out.add(new Envelope<>(n, new Message<>(Kind.WAVE, m.rnd(), m.wave(), m.distributing(),
                                    e, m.bottlenecked(), m.delta(), -1, -1, false)));
                        }
                    }
                } else if (m.wave() < elementWave[e]) {
                    break;
                }
                if (m.kind() == Kind.FEEDBACK) {
                    reduced[e] = reduce(reduced[e], m.distributing() ? m.bottlenecked() : m.delta());
                }
                heard[e]++;
                if (heard[e] == graph.neighbours()[e].length) {
                    if (e == leader) {
                        complete(reduced[e], out, now);
                    } else {
                        Object r = reduced[e];
                        out.add(new Envelope<>(parent[e], new Message<>(Kind.FEEDBACK, m.rnd(), m.wave(),
                                m.distributing(), e, r instanceof BitSet bs ? bs : null,
                                r instanceof BitSet ? null : castN(r), -1, -1, false)));
                    }
                }
            }
            default -> throw new IllegalStateException("unknown message " + m);
        }
        return out;
    }

    /** Alg. 4.14: a newer round resets the element's links ({@code c_l ← C, W_l^a ← W̃_l^a, A_l ← Ã_l}) and PIF. */
    private void enterRound(int e, long round) {
        elementRound[e] = round;
        elementWave[e] = 0;
        for (int l : linksOf.get(e)) {
            free[l] = a.of(problem.capacity(l));
            activeApps[l].clear();
            for (int app = 0; app < apps; app++) {
                appWeight[l][app] = trueAppWeight[l][app];
                if (a.signum(trueAppWeight[l][app]) > 0) {
                    activeApps[l].set(app);
                }
            }
        }
    }

    private void startWave(List<Envelope<Message<N>>> out, long now) {
        waveCounter++;
        waves++;
        if (roundLead > elementRound[leader]) {
            enterRound(leader, roundLead);
        }
        elementWave[leader] = waveCounter;
        parent[leader] = -1;
        heard[leader] = 0;
        reduced[leader] = local(leader, distributing, pendingB, pendingDelta);
        if (graph.neighbours()[leader].length == 0) {
            complete(reduced[leader], out, now);
            return;
        }
        for (int n : graph.neighbours()[leader]) {
            out.add(new Envelope<>(n, new Message<>(Kind.WAVE, roundLead, waveCounter, distributing, leader, pendingB,
                    pendingDelta, -1, -1, false)));
        }
    }

    /** The element's own contribution to a wave: Alg. 4.13 steps 2 (collection) or 8 (distribution). */
    private Object local(int e, boolean distribution, BitSet bottlenecked, N delta) {
        if (!distribution) {
            N min = null;
            for (int l : linksOf.get(e)) {
                // 2.1 remove the newly bottlenecked applications; 2.2 W_l ← Σ_a W_l^a; 2.3 δ_l ← c_l / W_l.
                activeApps[l].andNot(bottlenecked);
                N weight = activeWeight(l);
                if (a.signum(weight) > 0) {
                    N d = a.div(free[l], weight);
                    min = min == null ? d : a.min(min, d);
                }
            }
            return min;
        }
        BitSet b = new BitSet(apps);
        for (int l : linksOf.get(e)) {
            N weight = activeWeight(l);
            // 8.2 c_l ← c_l − Δ̄·W_l; 8.3 if c_l = 0: B_l ← A_l.
            free[l] = a.sub(free[l], a.mul(delta, weight));
            if (a.signum(weight) > 0 && a.signum(free[l]) == 0) {
                b.or(activeApps[l]);
            }
        }
        return b;
    }

    private N activeWeight(int l) {
        N weight = a.zero();
        for (int app = activeApps[l].nextSetBit(0); app >= 0; app = activeApps[l].nextSetBit(app + 1)) {
            weight = a.add(weight, appWeight[l][app]);
        }
        return weight;
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

    @SuppressWarnings("unchecked")
    private N castN(Object o) {
        return (N) o;
    }

    /** The leader has the reduced value of a wave: Alg. 4.13 steps 3-6 or 9-11. */
    private void complete(Object value, List<Envelope<Message<N>>> out, long now) {
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
        startWave(out, now);
    }

    /** Rate of flow {@code f}: {@code w_f · r̄(a)}, or {@code null} when its application has no rate this round. */
    public N rate(int f) {
        N r = appRate[problem.app(f)];
        return r == null ? null : a.mul(a.of(problem.weight(f)), r);
    }

    /** Whether the leader finished the current round's calculation. */
    public boolean done() {
        return done;
    }

    /** PAFA iterations with a finite {@code Δ̄} in the current round. */
    public int iterations() {
        return iterations;
    }

    /** PIF waves run in all rounds (two per iteration plus the collection that finds {@code Δ̄ = ∞}). */
    public int waves() {
        return waves;
    }

    /** Messages delivered. */
    public long messages() {
        return scheduler.delivered();
    }

    /** Time the leader last completed a wave (1 µs per element hop). */
    public long finishNanos() {
        return finishNanos;
    }
}

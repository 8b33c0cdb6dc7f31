package weft.model.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.traffic.Shuffle;

/**
 * The throughput ECMP leaves a permutation on a 3-level fat tree when flows collide: the thesis's analysis (exact
 * distributions) and a seeded Monte Carlo estimate over random permutations and hashes on a Weft fabric and routing
 * result, both in the same fluid model.
 *
 * <p>Seed 004 §3.1.3 (eqs. 3.1-3.3, Fig. 3.4): every server sends one flow at full offered load; ECMP puts each flow
 * on a path at random, independently of the others. With {@code n = k/2} uplinks per edge switch, X, the number of
 * flows on an edge uplink A, is Binomial(n, 1/n); the link carries {@code A = 1} when X > 0 (eq. 3.2:
 * {@code E[A] = 1 - (1 - 1/n)^n}). Of A's X flows, Y ~ Binomial(X, 1/n) continue onto an aggregation uplink B and
 * bring it the load {@code Z = Y / X} (eq. 3.3); B carries {@code min(1, Z_1 + ... + Z_n)} from the n edge switches
 * of the pod, and under the pod-to-pod permutation E[B] is the expected throughput (157/256 at k = 4).
 *
 * <p>The fluid model behind the analysis, as the Monte Carlo applies it: links are taken stage by stage in path
 * order (the unfolded fat tree of Fig. 3.4); a link whose flows bring more than its capacity scales each of them by
 * capacity / total, and a flow's rate after its last link is its throughput (as a fraction of its offered rate).
 */
public final class EcmpCollisions {
    /** Largest k the exact distribution is computed for (its support has lcm(1..k/2) + 1 points). */
    public static final int MAX_EXACT_K = 32;

    private EcmpCollisions() {
    }

    /**
     * A discrete distribution.
     *
     * @param values        the outcomes, ascending
     * @param probabilities their probabilities, summing to 1
     */
    public record Pmf(double[] values, double[] probabilities) {
        public Pmf {
            values = values.clone();
            probabilities = probabilities.clone();
        }

        /** The expectation. */
        public double mean() {
            double m = 0;
            for (int i = 0; i < values.length; i++) {
                m += values[i] * probabilities[i];
            }
            return m;
        }

        /** The probability of one outcome (0 when it is not one). */
        public double probability(double value) {
            for (int i = 0; i < values.length; i++) {
                if (Math.abs(values[i] - value) < 1e-12) {
                    return probabilities[i];
                }
            }
            return 0;
        }
    }

    /** Eq. 3.2: the expected throughput after stage 1 (the edge uplinks), {@code 1 - (1 - 1/n)^n}, n = k/2. */
    public static double stage1Throughput(int k) {
        int n = half(k);
        return 1 - Math.pow(1 - 1.0 / n, n);
    }

    /** The load Z one edge switch's uplink brings to one aggregation uplink (eq. 3.3): Y / X, or 0 when X = 0. */
    public static Pmf edgeContribution(int k) {
        int n = half(k);
        long l = lcm(n);
        Map<Long, Double> byUnits = new HashMap<>();
        for (int x = 0; x <= n; x++) {
            double px = binomial(n, x, 1.0 / n);
            for (int y = 0; y <= x; y++) {
                long units = x == 0 ? 0 : y * (l / x);
                byUnits.merge(units, px * binomial(x, y, 1.0 / n), Double::sum);
            }
        }
        List<Long> keys = new ArrayList<>(byUnits.keySet());
        keys.sort(null);
        double[] values = new double[keys.size()];
        double[] probabilities = new double[keys.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = (double) keys.get(i) / l;
            probabilities[i] = byUnits.get(keys.get(i));
        }
        return new Pmf(values, probabilities);
    }

    /**
     * The load B of an aggregation uplink: {@code min(1, Z_1 + ... + Z_n)} for n independent edge contributions.
     * Its mean is the pod-to-pod throughput.
     *
     * @throws IllegalArgumentException when k is odd, below 4 or above {@link #MAX_EXACT_K}
     */
    public static Pmf aggregationLoad(int k) {
        int n = half(k);
        if (k > MAX_EXACT_K) {
            throw new IllegalArgumentException("k = " + k + ": the exact distribution is computed up to k = "
                    + MAX_EXACT_K + " (its support grows as lcm(1..k/2)); use monteCarlo for larger trees");
        }
        int l = (int) lcm(n);
        Pmf z = edgeContribution(k);
        int[] step = new int[z.values().length];
        for (int i = 0; i < step.length; i++) {
            step[i] = (int) Math.round(z.values()[i] * l);
        }
        // dist[i]: probability that the partial sum is i/l; dist[l]: that it is at least 1 (the link is full).
        double[] dist = new double[l + 1];
        dist[0] = 1;
        for (int edge = 0; edge < n; edge++) {
            double[] next = new double[l + 1];
            for (int i = 0; i <= l; i++) {
                if (dist[i] == 0) {
                    continue;
                }
                for (int j = 0; j < step.length; j++) {
                    next[Math.min(l, i + step[j])] += dist[i] * z.probabilities()[j];
                }
            }
            dist = next;
        }
        int count = 0;
        for (double p : dist) {
            count += p > 0 ? 1 : 0;
        }
        double[] values = new double[count];
        double[] probabilities = new double[count];
        for (int i = 0, k2 = 0; i <= l; i++) {
            if (dist[i] > 0) {
                values[k2] = (double) i / l;
                probabilities[k2++] = dist[i];
            }
        }
        return new Pmf(values, probabilities);
    }

    /** The expected throughput under the pod-to-pod permutation: E[B] (157/256 at k = 4). */
    public static double podToPodThroughput(int k) {
        return aggregationLoad(k).mean();
    }

    /** The permutations the Monte Carlo draws. */
    public enum Pattern {
        /**
         * Seed 004 §3.1.3: the pods are permuted without a fixed point and every server of a pod sends to a distinct
         * server of its pod's destination pod.
         */
        POD_TO_POD,
        /**
         * Seed 004 §3.1.2 (Fig. 3.2): a permutation of the servers in which no server sends within its own pod, so
         * every flow crosses the core.
         */
        INTER_POD
    }

    /**
     * What the Monte Carlo measured, as fractions of the offered load.
     *
     * @param runs        permutations drawn
     * @param afterStage  mean over runs of the mean flow rate after each stage (switch hop) of the paths; the last
     *                    stage is the throughput
     * @param stageError  standard error over runs of each {@code afterStage} value (NaN for one run)
     * @param meanMinimum mean over runs of the smallest flow throughput of the run
     */
    public record Estimate(int runs, double[] afterStage, double[] stageError, double meanMinimum) {
        public Estimate {
            afterStage = afterStage.clone();
            stageError = stageError.clone();
        }

        /** Mean flow throughput: the rate after the last stage. */
        public double mean() {
            return afterStage[afterStage.length - 1];
        }

        /** Standard error of {@link #mean()}. */
        public double standardError() {
            return stageError[stageError.length - 1];
        }
    }

    /**
     * Monte Carlo over random permutations and hashes: in every run, draw the permutation, route every flow by
     * choosing one port of its entry's port group uniformly at every switch (a random hash per flow and hop), then
     * apply the stage-by-stage fluid model. Offered rate = the source host's link speed; capacity = the channel's.
     *
     * @param fatTree a 3-level fat tree whose pods are the groups of edge switches within two hops of each other
     *                ({@code KPortFatTree} with 3 levels)
     * @param ecmp    routes for it, read as the switches read them ({@link ForwardingTable}); port groups are
     *                hashed, e.g. the {@code ecmp} engine's
     * @param random  the only source of randomness
     * @throws IllegalArgumentException when the fabric has fewer than two pods, when the routes have a malformed
     *                                  entry, no entry or a loop on a flow's way, or when one link is a different
     *                                  hop of different flows (not a staged network)
     */
    public static Estimate monteCarlo(Topology fatTree, RoutingResult ecmp, Pattern pattern, int runs,
                                      RandomGenerator random) {
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be >= 1, got " + runs);
        }
        SwitchGraph g = fatTree.graph();
        int hosts = fatTree.hosts().size();
        int[] hostSwitch = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            hostSwitch[h] = fatTree.switchIndex(fatTree.hosts().get(h).switchId());
        }
        int[] pod = pods(g, hostSwitch);
        ForwardingTable table = ForwardingTable.of(fatTree, ecmp);
        double[][] perRun = new double[runs][];
        double minSum = 0;
        int stages = 0;
        for (int r = 0; r < runs; r++) {
            int[] dst = pattern == Pattern.POD_TO_POD ? podToPod(pod, random) : interPod(pod, random);
            int[][] paths = new int[hosts][];
            double[] rate = new double[hosts];
            for (int h = 0; h < hosts; h++) {
                paths[h] = hashedPath(table, hostSwitch[h], fatTree.hosts().get(h).port(), hostSwitch[dst[h]],
                        random);
                rate[h] = fatTree.hosts().get(h).gbps();
            }
            perRun[r] = fluid(g, paths, rate);
            stages = Math.max(stages, perRun[r].length);
            double min = Double.MAX_VALUE;
            for (int h = 0; h < hosts; h++) {
                min = Math.min(min, rate[h] / fatTree.hosts().get(h).gbps());
            }
            minSum += min;
        }
        double[] mean = new double[stages];
        double[] error = new double[stages];
        for (int s = 0; s < stages; s++) {
            // A run whose paths are all shorter keeps its last value (its flows are delivered).
            for (double[] run : perRun) {
                mean[s] += run[Math.min(s, run.length - 1)] / hosts / runs;
            }
            double var = 0;
            for (double[] run : perRun) {
                double x = run[Math.min(s, run.length - 1)] / hosts - mean[s];
                var += x * x;
            }
            error[s] = runs > 1 ? Math.sqrt(var / (runs - 1) / runs) : Double.NaN;
        }
        return new Estimate(runs, mean, error, minSum / runs);
    }

    /**
     * One permutation of the pattern on a 3-level fat tree, as the Monte Carlo draws it: the destination host of
     * every host (host indexes in topology order), for a packet simulation of the same experiment.
     *
     * @throws IllegalArgumentException when the fabric has fewer than two pods or pods of unequal size
     */
    public static int[] destinations(Topology fatTree, Pattern pattern, RandomGenerator random) {
        int hosts = fatTree.hosts().size();
        int[] hostSwitch = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            hostSwitch[h] = fatTree.switchIndex(fatTree.hosts().get(h).switchId());
        }
        int[] pod = pods(fatTree.graph(), hostSwitch);
        return pattern == Pattern.POD_TO_POD ? podToPod(pod, random) : interPod(pod, random);
    }

    /**
     * The fluid model: stage by stage, a channel carrying more than its capacity scales its flows by
     * capacity / total. Updates {@code rate} to the delivered rates; returns the sum of fractions of the offered
     * rate after each stage.
     */
    private static double[] fluid(SwitchGraph g, int[][] paths, double[] rate) {
        int stages = 0;
        for (int[] p : paths) {
            stages = Math.max(stages, p.length);
        }
        int[] stageOf = new int[g.channelCount()];
        Arrays.fill(stageOf, -1);
        for (int[] p : paths) {
            for (int s = 0; s < p.length; s++) {
                if (stageOf[p[s]] >= 0 && stageOf[p[s]] != s) {
                    throw new IllegalArgumentException("channel " + g.switchId(g.src(p[s])) + ":" + g.srcPort(p[s])
                            + " is hop " + stageOf[p[s]] + " of one flow and hop " + s + " of another: not a staged "
                            + "network");
                }
                stageOf[p[s]] = s;
            }
        }
        double[] offered = rate.clone();
        double[] load = new double[g.channelCount()];
        double[] after = new double[stages];
        for (int s = 0; s < stages; s++) {
            Arrays.fill(load, 0);
            for (int f = 0; f < paths.length; f++) {
                if (s < paths[f].length) {
                    load[paths[f][s]] += rate[f];
                }
            }
            for (int f = 0; f < paths.length; f++) {
                if (s < paths[f].length) {
                    int c = paths[f][s];
                    if (load[c] > g.gbps(c)) {
                        rate[f] *= g.gbps(c) / load[c];
                    }
                }
                after[s] += rate[f] / offered[f];
            }
        }
        return after;
    }

    /**
     * One flow's channels: from its source host's switch, at every switch the entry the switch applies (the
     * result's layer for the pair, no path tag), one out port of it chosen uniformly (the flow's hash).
     */
    private static int[] hashedPath(ForwardingTable table, int s, int hostPort, int d, RandomGenerator random) {
        SwitchGraph g = table.graph();
        int n = g.switchCount();
        int layer = table.ingressLayer(s, d, 0);
        int[] path = new int[n];
        int len = 0;
        int at = s;
        int inPort = hostPort;
        while (at != d) {
            int e = table.lookup(at, d, layer, inPort, 0);
            if (e == ForwardingTable.NONE || len == n) {
                throw new IllegalArgumentException("ECMP collisions: the routes " + (e == ForwardingTable.NONE
                        ? "have no entry at " : "loop at ") + g.switchId(at) + " for " + g.switchId(d));
            }
            int c = table.outChannel(e, random.nextInt(table.outCount(e)));
            path[len++] = c;
            inPort = g.dstPort(c);
            at = g.dst(c);
        }
        return Arrays.copyOf(path, len);
    }

    /** The pod of every host: edge switches within two hops of each other share a pod. */
    private static int[] pods(SwitchGraph g, int[] hostSwitch) {
        int[] podOfSwitch = new int[g.switchCount()];
        Arrays.fill(podOfSwitch, -1);
        int pods = 0;
        for (int s : hostSwitch) {
            if (podOfSwitch[s] >= 0) {
                continue;
            }
            int[] dist = g.bfsFrom(s);
            for (int t : hostSwitch) {
                if (dist[t] <= 2) {
                    podOfSwitch[t] = pods;
                }
            }
            pods++;
        }
        if (pods < 2) {
            throw new IllegalArgumentException("ECMP collisions: the fabric has " + pods + " pod(s), expected a "
                    + "3-level fat tree with at least 2");
        }
        int[] pod = new int[hostSwitch.length];
        for (int h = 0; h < pod.length; h++) {
            pod[h] = podOfSwitch[hostSwitch[h]];
        }
        return pod;
    }

    /** Pods permuted without a fixed point (rejection), servers matched at random inside each pod pair. */
    private static int[] podToPod(int[] pod, RandomGenerator random) {
        int pods = 0;
        for (int p : pod) {
            pods = Math.max(pods, p + 1);
        }
        List<List<Integer>> members = new ArrayList<>();
        for (int p = 0; p < pods; p++) {
            members.add(new ArrayList<>());
        }
        for (int h = 0; h < pod.length; h++) {
            members.get(pod[h]).add(h);
        }
        int[] target = new int[pods];
        boolean fixedPoint;
        do {
            for (int p = 0; p < pods; p++) {
                target[p] = p;
            }
            Shuffle.shuffle(target, random);
            fixedPoint = false;
            for (int p = 0; p < pods; p++) {
                fixedPoint |= target[p] == p;
            }
        } while (fixedPoint);
        int[] dst = new int[pod.length];
        for (int p = 0; p < pods; p++) {
            List<Integer> from = members.get(p);
            List<Integer> to = members.get(target[p]);
            if (from.size() != to.size()) {
                throw new IllegalArgumentException("ECMP collisions: pods of " + from.size() + " and " + to.size()
                        + " servers cannot be matched one to one");
            }
            int[] order = new int[to.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = to.get(i);
            }
            Shuffle.shuffle(order, random);
            for (int i = 0; i < order.length; i++) {
                dst[from.get(i)] = order[i];
            }
        }
        return dst;
    }

    /**
     * A uniformly shuffled permutation repaired by random swaps until no server sends within its own pod. Decision:
     * repair rather than rejection: a server of a k-pod tree stays in its pod with probability 1/k, so a whole
     * permutation without one almost never comes up on large trees.
     */
    private static int[] interPod(int[] pod, RandomGenerator random) {
        int hosts = pod.length;
        int[] dst = new int[hosts];
        for (int h = 0; h < hosts; h++) {
            dst[h] = h;
        }
        Shuffle.shuffle(dst, random);
        for (int h = 0; h < hosts; h++) {
            int tries = 0;
            while (pod[dst[h]] == pod[h]) {
                int j = random.nextInt(hosts);
                if (pod[dst[j]] != pod[h] && pod[dst[h]] != pod[j]) {
                    int t = dst[h];
                    dst[h] = dst[j];
                    dst[j] = t;
                }
                if (++tries > 1000 * hosts) {
                    throw new IllegalArgumentException("ECMP collisions: no inter-pod permutation found; is one pod "
                            + "more than half of the servers?");
                }
            }
        }
        return dst;
    }

    private static int half(int k) {
        if (k < 4 || k % 2 != 0) {
            throw new IllegalArgumentException("k must be even and >= 4, got " + k);
        }
        return k / 2;
    }

    private static double binomial(int n, int x, double p) {
        double c = 1;
        for (int i = 1; i <= x; i++) {
            c = c * (n - x + i) / i;
        }
        return c * Math.pow(p, x) * Math.pow(1 - p, n - x);
    }

    /** lcm(1..n). */
    private static long lcm(int n) {
        long l = 1;
        for (int i = 2; i <= n; i++) {
            l = l / gcd(l, i) * i;
        }
        return l;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}

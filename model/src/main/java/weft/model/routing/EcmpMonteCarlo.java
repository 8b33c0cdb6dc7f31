package weft.model.routing;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;
import weft.model.topology.SwitchGraph;
import weft.model.topology.Topology;
import weft.model.traffic.HostGroups;
import weft.model.traffic.Shuffle;

/**
 * A seeded Monte Carlo check of {@link EcmpCollisions} on a Weft fabric and routing result: random permutations,
 * a random hash per flow and hop, and the same stage-by-stage fluid model as the analysis (seed 004 §3.1.2-§3.1.3,
 * Fig. 3.4): links are taken stage by stage in path order; a link whose flows bring more than its capacity scales
 * each of them by capacity / total, and a flow's rate after its last link is its throughput (as a fraction of its
 * offered rate).
 */
public final class EcmpMonteCarlo {
    private EcmpMonteCarlo() {
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
     * @param fatTree a fat tree of 3 or more levels ({@code KPortFatTree}) whose pods are its top-level subtrees
     *                (the pod of a 3-level tree; seed 004 Fig. 3.3b's "subtree" on deeper ones)
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
     * One permutation of the pattern on a fat tree of 3 or more levels, as the Monte Carlo draws it: the destination
     * host of every host (host indexes in topology order), for a packet simulation of the same experiment.
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

    /**
     * The pod of every host: the top-level subtrees (seed 004 §2.1), i.e. edge switches within 2(l - 2) hops of each
     * other share a pod on an l-level tree, where 2(l - 1) is the largest distance between two edge switches (two
     * hops on a 3-level tree; a 2-level tree is one pod).
     */
    private static int[] pods(SwitchGraph g, int[] hostSwitch) {
        int[] podOfSwitch = new int[g.switchCount()];
        Arrays.fill(podOfSwitch, -1);
        int[] fromFirst = g.bfsFrom(hostSwitch[0]);
        int diameter = 0;
        for (int t : hostSwitch) {
            diameter = Math.max(diameter, fromFirst[t]);
        }
        int radius = Math.max(2, diameter - 2);
        int pods = 0;
        for (int s : hostSwitch) {
            if (podOfSwitch[s] >= 0) {
                continue;
            }
            int[] dist = s == hostSwitch[0] ? fromFirst : g.bfsFrom(s);
            for (int t : hostSwitch) {
                if (dist[t] <= radius) {
                    podOfSwitch[t] = pods;
                }
            }
            pods++;
        }
        if (pods < 2) {
            throw new IllegalArgumentException("ECMP collisions: the fabric has " + pods + " pod(s), expected a "
                    + "fat tree of 3 or more levels with at least 2");
        }
        int[] pod = new int[hostSwitch.length];
        for (int h = 0; h < pod.length; h++) {
            pod[h] = podOfSwitch[hostSwitch[h]];
        }
        return pod;
    }

    /** Pods permuted without a fixed point (rejection), servers matched at random inside each pod pair. */
    private static int[] podToPod(int[] pod, RandomGenerator random) {
        List<List<Integer>> members = HostGroups.members(pod);
        int pods = members.size();
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
}

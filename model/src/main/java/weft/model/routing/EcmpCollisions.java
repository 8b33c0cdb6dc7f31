package weft.model.routing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The throughput ECMP leaves a permutation on a 3-level fat tree when flows collide: the thesis's analysis, as exact
 * distributions. {@link EcmpMonteCarlo} checks it with a seeded Monte Carlo over random permutations and hashes on a
 * Weft fabric and routing result, in the same fluid model.
 *
 * <p>Seed 004 §3.1.3 (eqs. 3.1-3.3, Fig. 3.4): every server sends one flow at full offered load; ECMP puts each flow
 * on a path at random, independently of the others. With {@code n = k/2} uplinks per edge switch, X, the number of
 * flows on an edge uplink A, is Binomial(n, 1/n); the link carries {@code A = 1} when X > 0 (eq. 3.2:
 * {@code E[A] = 1 - (1 - 1/n)^n}). Of A's X flows, Y ~ Binomial(X, 1/n) continue onto an aggregation uplink B and
 * bring it the load {@code Z = Y / X} (eq. 3.3); B carries {@code min(1, Z_1 + ... + Z_n)} from the n edge switches
 * of the pod, and under the pod-to-pod permutation E[B] is the expected throughput (157/256 at k = 4).
 *
 * <p>The fluid model behind the analysis: links are taken stage by stage in path order (the unfolded fat tree of
 * Fig. 3.4); a link whose flows bring more than its capacity scales each of them by capacity / total, and a flow's
 * rate after its last link is its throughput (as a fraction of its offered rate).
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

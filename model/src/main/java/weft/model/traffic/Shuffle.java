package weft.model.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Seeded random orders, written once for every user: the Fisher-Yates shuffle (Durstenfeld's in-place form: for
 * {@code i = n-1 .. 1} swap {@code a[i]} with {@code a[j]}, {@code j} uniform in {@code 0..i}), which gives each of
 * the {@code n!} orders with equal probability, and the random permutation of {@code 0..n-1} built on it. Traffic
 * patterns, the seed 000 workloads, LASH's randomised pair orders, the random irregular topology generator and the
 * host's path policies (P-RR, P-SD) draw their orders here.
 *
 * <p>Source: the random permutations of seed 000 §6.2-6.3 and seed 003 §5.3 and the randomly permuted path lists of
 * seed 004 §3.2.1-3.2.2; the algorithm is Knuth's Algorithm P (TAOCP vol. 2 §3.4.2). Randomness is the caller's
 * {@link RandomGenerator}, so a seed fixes every order; {@link #shuffle} allocates nothing.
 */
public final class Shuffle {
    private Shuffle() {
    }

    /** Puts {@code a} in a uniformly random order, in place. */
    public static void shuffle(int[] a, RandomGenerator random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** {@code 0..n-1} in a uniformly random order. */
    public static int[] permutation(int n, RandomGenerator random) {
        int[] a = identity(n);
        shuffle(a, random);
        return a;
    }

    /** {@code 0..n-1} in order. */
    public static int[] identity(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("permutation size must be >= 0, got " + n);
        }
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /** A new list holding {@code items} in a uniformly random order: element i is {@code items[permutation[i]]}. */
    public static <T> List<T> shuffled(List<T> items, RandomGenerator random) {
        int[] order = permutation(items.size(), random);
        List<T> out = new ArrayList<>(items.size());
        for (int i : order) {
            out.add(items.get(i));
        }
        return out;
    }
}

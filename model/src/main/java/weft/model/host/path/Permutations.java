package weft.model.host.path;

import java.util.random.RandomGenerator;

/** Fisher-Yates shuffles into preallocated arrays. */
final class Permutations {
    private Permutations() {
    }

    static int[] random(int n, RandomGenerator random) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        shuffle(a, random);
        return a;
    }

    static void shuffle(int[] a, RandomGenerator random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}

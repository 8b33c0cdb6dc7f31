package weft.model.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ShuffleTest {
    /** A generator whose {@code nextInt(bound)} always answers {@code pick(bound)}. */
    private record Scripted(java.util.function.IntUnaryOperator pick) implements RandomGenerator {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int nextInt(int bound) {
            return pick.applyAsInt(bound);
        }
    }

    @Test
    @DisplayName("Fisher-Yates, hand-computed from its rule: j = 0 at every step turns 0 1 2 3 into 1 2 3 0; "
            + "j = i at every step leaves the order")
    void handComputed() {
        assertThat(Shuffle.permutation(4, new Scripted(bound -> 0))).containsExactly(1, 2, 3, 0);
        assertThat(Shuffle.permutation(4, new Scripted(bound -> bound - 1))).containsExactly(0, 1, 2, 3);
        int[] a = {10, 20, 30};
        Shuffle.shuffle(a, new Scripted(bound -> 0));
        assertThat(a).containsExactly(20, 30, 10);
        assertThat(Shuffle.permutation(0, new SplittableRandom(1))).isEmpty();
        assertThat(Shuffle.identity(3)).containsExactly(0, 1, 2);
        assertThatThrownBy(() -> Shuffle.permutation(-1, new SplittableRandom(1)))
                .hasMessage("permutation size must be >= 0, got -1");
    }

    @Test
    @DisplayName("All 6 orders of 3 come out equally often: 60000 seeded draws, each order within 3% of 10000")
    void uniform() {
        SplittableRandom random = new SplittableRandom(7);
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < 60_000; i++) {
            counts.merge(Arrays.toString(Shuffle.permutation(3, random)), 1, Integer::sum);
        }
        assertThat(counts).hasSize(6);
        assertThat(counts.values()).allSatisfy(c -> assertThat(c).isBetween(9_700, 10_300));
    }

    @Property
    void permutationIsAPermutationAndFixedBySeed(@ForAll @IntRange(min = 0, max = 300) int n,
                                                 @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        int[] p = Shuffle.permutation(n, new SplittableRandom(seed));
        assertThat(p).hasSize(n);
        int[] sorted = p.clone();
        Arrays.sort(sorted);
        assertThat(sorted).isEqualTo(Shuffle.identity(n));
        assertThat(Shuffle.permutation(n, new SplittableRandom(seed))).isEqualTo(p);
    }

    @Property
    void shuffledListFollowsThePermutationOfTheSameDraws(@ForAll @IntRange(min = 0, max = 50) int n,
                                                         @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        List<Integer> items = Arrays.stream(Shuffle.identity(n)).map(i -> 100 + i).boxed().toList();
        int[] p = Shuffle.permutation(n, new SplittableRandom(seed));
        List<Integer> out = Shuffle.shuffled(items, new SplittableRandom(seed));
        for (int i = 0; i < n; i++) {
            assertThat(out.get(i)).isEqualTo(items.get(p[i]));
        }
    }
}

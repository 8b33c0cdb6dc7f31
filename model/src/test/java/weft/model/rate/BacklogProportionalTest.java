package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BacklogProportionalTest extends RateAllocatorContract {
    BacklogProportionalTest() {
        super(new BacklogProportional());
    }

    @Test
    @DisplayName("Seed 004 BKLGPROP line 15 erratum (hand-computed from its rule): (b, q) = (4, 4), (2, 0.5), (6, 6) "
            + "on c = 10 give 3.8, 0.5, 5.7")
    void tv4Erratum() {
        Rational[] s = LinkShare.bklgProp(Arithmetic.EXACT, new Rational[] {q("4"), q("1/2"), q("6")},
                new Rational[] {q("4"), q("2"), q("6")}, q("10"));
        assertThat(s).containsExactly(q("19/5"), q("1/2"), q("57/10"));
        Rational sum = s[0].add(s[1]).add(s[2]);
        assertThat(sum).as("work conserving (the printed line 15 gives 8.76)").isEqualTo(q("10"));
    }

    @Test
    @DisplayName("Seed 004 BKLGPROP (hand-computed from its rule): BP mode with b = (3, 0.2) on c = 1 gives 0.9375 "
            + "and 0.0625")
    void tv4BacklogMode() {
        Rational[] s = LinkShare.bklgProp(Arithmetic.EXACT, new Rational[] {q("3"), q("1/5")},
                new Rational[] {q("3"), q("1/5")}, Rational.ONE);
        assertThat(s).containsExactly(q("15/16"), q("1/16"));
    }

    @Test
    @DisplayName("Seed 004 §5.3.3 (the thesis's counter-example): B0 = [[1,1,0],[1/2,1/2,0],[1/2,1/2,0]] clears in "
            + "2 intervals by BP, 3 by max-min")
    void tv7InitialBacklogSchedule() {
        Rational h = q("1/2");
        Rational[][] b0 = {{Rational.ONE, Rational.ONE, Rational.ZERO}, {h, h, Rational.ZERO},
            {h, h, Rational.ZERO}};
        assertThat(intervalsToClear(b0, new BacklogProportional())).isEqualTo(2);
        assertThat(intervalsToClear(b0, new MaxMin())).isEqualTo(3);
    }

    @Test
    @DisplayName("Seed 004 §5.4.3 example, online BP (hand-computed from Eq. 5.15): F0 = [[1,1],[1,0]], "
            + "F1 = [[0,0],[0,1]]: R0, R1 = [[1/2,1/3],[1/3,2/3]], 3 intervals")
    void tv11OnlineBacklogProportional() {
        Rational h = q("1/2");
        Rational[][] backlog = {{Rational.ONE, Rational.ONE}, {Rational.ONE, Rational.ZERO}};
        Rational[][][] expected = {{{h, h}, {h, Rational.ZERO}}, {{h, q("1/3")}, {q("1/3"), q("2/3")}},
            {{Rational.ZERO, q("1/6")}, {q("1/6"), q("1/3")}}};
        for (int t = 0; t < 3; t++) {
            if (t == 1) {
                backlog[1][1] = backlog[1][1].add(Rational.ONE);      // F1 arrives at the start of interval 1
            }
            Rational[][] r = interval(backlog, new BacklogProportional());
            for (int i = 0; i < 2; i++) {
                assertThat(r[i]).as("R%d row %d", t, i).containsExactly(expected[t][i]);
                for (int j = 0; j < 2; j++) {
                    backlog[i][j] = backlog[i][j].subtract(r[i][j]);
                }
            }
        }
        for (Rational[] row : backlog) {
            assertThat(row).containsOnly(Rational.ZERO);
        }
    }

    /**
     * One interval on a virtual switch (diagonal allowed, as the thesis's examples): rates with request = backlog.
     * Inputs are doubles, so the problem is scaled by 6 (capacity 6, backlogs x 6) to keep every input an exact
     * integer; rates are scaled back.
     */
    private static Rational[][] interval(Rational[][] backlog, RateAllocator allocator) {
        int n = backlog.length;
        RateProblem.Builder b = RateProblem.builder();
        for (int i = 0; i < n; i++) {
            b.link("up" + i, 6).link("dn" + i, 6);
        }
        java.util.List<int[]> ids = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (backlog[i][j].signum() > 0) {
                    double d = backlog[i][j].multiply(Rational.of(6)).doubleValue();
                    b.flow("b" + i + j, 1, "b" + i + j, d, d, "up" + i, "dn" + j);
                    ids.add(new int[] {i, j});
                }
            }
        }
        Rational[][] r = new Rational[n][n];
        for (Rational[] row : r) {
            java.util.Arrays.fill(row, Rational.ZERO);
        }
        if (!ids.isEmpty()) {
            Allocation<Rational> a = allocator.allocate(b.build(), Arithmetic.EXACT);
            for (int f = 0; f < ids.size(); f++) {
                r[ids.get(f)[0]][ids.get(f)[1]] = a.rate(f).divide(Rational.of(6));
            }
        }
        return r;
    }

    /** Applies the allocator once per interval to the residual backlog (request = backlog) until it is zero. */
    private static int intervalsToClear(Rational[][] backlog, RateAllocator allocator) {
        int n = backlog.length;
        Rational[][] left = new Rational[n][];
        for (int i = 0; i < n; i++) {
            left[i] = backlog[i].clone();
        }
        for (int interval = 1; interval <= 10; interval++) {
            if (java.util.Arrays.stream(left).flatMap(java.util.Arrays::stream).allMatch(b -> b.signum() == 0)) {
                return interval - 1;
            }
            Rational[][] r = interval(left, allocator);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    left[i][j] = left[i][j].subtract(r[i][j]);
                }
            }
        }
        return Integer.MAX_VALUE;
    }
}

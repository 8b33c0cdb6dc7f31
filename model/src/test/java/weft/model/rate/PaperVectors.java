package weft.model.rate;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * The papers' examples and the hand-computed vectors as problems. All capacities 1 unless the example says otherwise;
 * "private" links carry a single flow and never bind.
 */
final class PaperVectors {
    private PaperVectors() {
    }

    static Rational q(String text) {
        return Rational.parse(text);
    }

    /** Seed 000 Fig. 1.1 = seed 003 Fig. 1: the congestion-spreading network. */
    static RateProblem e1() {
        return RateProblem.builder().link("A", 1).link("B", 1).link("C", 1)
                .flow("f1", 1, "A", "B").flow("f2", 1, "A", "B").flow("f3", 1, "A", "C").flow("f4", 1, "A", "C")
                .flow("f5", 1, "C").flow("f6", 1, "C").build();
    }

    /** Seed 000 Fig. 2.2, two applications. */
    static RateProblem e2() {
        return RateProblem.builder().link("X", 1).link("Y", 1)
                .flowOf("f1", 1, "a1", "X").flowOf("f2", 1, "a1", "X").flowOf("f3", 1, "a1", "X")
                .flowOf("f4", 1, "a1", "Y").flowOf("f5", 1, "a2", "Y").build();
    }

    /** Hand-computed from seed 000 §4.1.1, Alg. 4.5 and Alg. 4.12: SAA, FFA and AFA all differ. */
    static RateProblem e3() {
        return RateProblem.builder().link("Y", 1).link("X", 1).link("Z", 1).link("Pg", 1).link("Ph", 1)
                .flowOf("g", 1, "g", "Y", "Pg").flowOf("h", 1, "h", "Y", "X").flowOf("h'", 1, "a", "Y", "Ph")
                .flowOf("x1", 1, "x1", "X").flowOf("x2", 1, "x2", "X").flowOf("x3", 1, "x3", "X")
                .flowOf("a'", 1, "a", "Z").flowOf("z1", 1, "z1", "Z").flowOf("z2", 1, "z2", "Z")
                .flowOf("z3", 1, "z3", "Z").flowOf("z4", 1, "z4", "Z").build();
    }

    /** Seed 000 Fig. 4.3 (at W = 5): weights 1, (W-1)/2, (W+1)/2; X = f2, f3; Y = f1, f2. */
    static RateProblem saaFfaBound(int w) {
        return RateProblem.builder().link("X", 1).link("Y", 1).link("P", 1)
                .flow("f1", 1, "Y").flow("f2", (w - 1) / 2.0, "X", "Y").flow("f3", (w + 1) / 2.0, "X", "P").build();
    }

    /** Seed 000 Fig. 4.4 (at W = 5): f1 in a1 (w 1), f2 in a2 (w (W-1)/2) share Y; f3 in a2 (w W) alone on Z. */
    static RateProblem afaBound(int w) {
        return RateProblem.builder().link("Y", 1).link("Z", 1)
                .flowOf("f1", 1, "a1", "Y").flowOf("f2", (w - 1) / 2.0, "a2", "Y").flowOf("f3", w, "a2", "Z").build();
    }

    /** Hand-computed from seed 000 §4.1.1: one application with sizes 2, 1, 3. */
    static RateProblem e6() {
        return RateProblem.builder().link("X", 1).link("Y", 1)
                .flow("f1", 2, "X").flow("f2", 1, "X", "Y").flow("f3", 3, "Y").build();
    }

    /** Hand-computed from seed 000 §4.1.3: SAA-M greedy claiming differs from FFA. */
    static RateProblem e7() {
        RateProblem.Builder b = RateProblem.builder().link("A", 1).link("H", 1)
                .flow("g1", 1, "A").flow("g2", 1, "A").flow("h", 1, "A", "H");
        for (int i = 1; i <= 9; i++) {
            b.flow("y" + i, 1, "H");
        }
        return b.build();
    }

    /** Hand-computed from seed 000 Alg. 4.6-4.9: the DFFA* trace network. */
    static RateProblem e8() {
        return RateProblem.builder().link("X", 1).link("Y", 1)
                .flow("f1", 1, "X").flow("f2", 1, "X").flow("f3", 1, "X", "Y").flow("f4", 1, "Y").build();
    }

    /** Hand-computed from seed 003 §5: single switch, unequal weights. */
    static RateProblem tv2() {
        return RateProblem.builder().link("s1->sw", 1).link("s2->sw", 1).link("sw->d1", 1).link("sw->d2", 1)
                .flow("f1", 2, "s1->sw", "sw->d1").flow("f2", 1, "s1->sw", "sw->d2")
                .flow("f3", 3, "s2->sw", "sw->d2").build();
    }

    /** Hand-computed from seed 003 §5 (Corollary 1): two leaves, two spines; static routing puts f1-f3 on S1 (or
     *  adaptive 2/2 split). */
    static RateProblem tv3(boolean adaptive) {
        RateProblem.Builder b = RateProblem.builder().link("A->S1", 1).link("S1->B", 1).link("A->S2", 1)
                .link("S2->B", 1);
        for (int i = 1; i <= 4; i++) {
            b.link("s" + i + "->A", 1).link("B->d" + i, 1);
            boolean viaS1 = adaptive ? i <= 2 : i <= 3;
            String spine = viaS1 ? "S1" : "S2";
            b.flow("f" + i, 1, "s" + i + "->A", "A->" + spine, spine + "->B", "B->d" + i);
        }
        return b.build();
    }

    /** Hand-computed from seed 003 §5, eq. 4: unequal capacities, trunk A->B has capacity 2. */
    static RateProblem tv4() {
        RateProblem.Builder b = RateProblem.builder().link("A->B", 2).link("s5->B", 1);
        for (int i = 1; i <= 4; i++) {
            b.link("s" + i + "->A", 1).link("B->d" + i, 1);
        }
        for (int i = 1; i <= 4; i++) {
            b.flow("f" + i, 1, "s" + i + "->A", "A->B", "B->d" + i);
        }
        return b.flow("f5", 2, "s5->B", "B->d1").build();
    }

    /** Seed 004 §4.2.2 Virtual Switch of three hosts; backlogs b13 = 3, b23 = 1, b12 = 1; path of i->j =
     *  {up_i, dn_j}. */
    static RateProblem tv5(double[][] backlog) {
        int n = backlog.length;
        RateProblem.Builder b = RateProblem.builder();
        for (int i = 1; i <= n; i++) {
            b.link("up" + i, 1).link("dn" + i, 1);
        }
        for (int i = 1; i <= n; i++) {
            for (int j = 1; j <= n; j++) {
                double bij = backlog[i - 1][j - 1];
                if (bij > 0) {
                    b.flow("r" + i + j, 1, "r" + i + j, bij, bij, "up" + i, "dn" + j);
                }
            }
        }
        return b.build();
    }

    /**
     * A random problem: 1-8 links with capacities in {1, 2, 5/2}, 1-14 flows over random link subsets, integer
     * weights 1-3, a few applications and, when {@code demands}, random finite demands.
     */
    static RateProblem random(long seed, boolean demands) {
        RandomGenerator r = RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
        int links = 1 + r.nextInt(8);
        int flows = 1 + r.nextInt(14);
        double[] caps = {1, 2, 2.5};
        RateProblem.Builder b = RateProblem.builder();
        for (int l = 0; l < links; l++) {
            b.link("l" + l, caps[r.nextInt(caps.length)]);
        }
        for (int f = 0; f < flows; f++) {
            int len = 1 + r.nextInt(Math.min(4, links));
            int[] path = r.ints(0, links).distinct().limit(len).toArray();
            double demand = demands && r.nextBoolean() ? (1 + r.nextInt(8)) / 4.0 : Double.POSITIVE_INFINITY;
            b.flow("f" + f, 1 + r.nextInt(3), "a" + r.nextInt(3), demand, 1 + r.nextInt(4), path);
        }
        return b.build();
    }
}

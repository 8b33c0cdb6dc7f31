package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rate allocators on the papers' worked examples, one named case per example: the figure, algorithm or section
 * it comes from, and the rates (loads, iterations, completion) the paper prints or its rule gives by hand. The
 * examples differ only in their data, so they are rows of one table; each allocator's other tests and its contract
 * ({@link RateAllocatorContract}) stay in its own test class.
 */
class PaperExamplesTest {
    /** One worked example: its name, the allocator, the problem (seed 000/003/004 vectors), what must hold. */
    record Example(String name, RateAllocator allocator, RateProblem problem, Consumer<Allocation<Rational>> check) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Example> saa() {
        return Stream.of(
                new Example("Seed 000 Fig. 1.1 = seed 003 Fig. 1: SAA gives 1/4 to all six flows, completion 4",
                        new Saa(), PaperVectors.e1(), a -> {
                            assertThat(a.rates()).containsOnly(q("1/4"));
                            assertThat(Saa.maxLinkWeight(a.problem(), Arithmetic.EXACT)).isEqualTo(q("4"));
                        }),
                new Example("Seed 000 Fig. 2.2: SAA gives f1-f3 1/3 and f4 = f5 = 1/2", new Saa(), PaperVectors.e2(),
                        a -> assertThat(a.rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("1/2"),
                                q("1/2"))),
                new Example("Seed 000 §4.1.1 (hand-computed from its rule): SAA g = h' = 1/3, h = x* = 1/4, "
                        + "a' = z* = 1/5", new Saa(), PaperVectors.e3(), a -> {
                            rates(a, "g=1/3", "h'=1/3", "h=1/4", "x1=1/4", "z1=1/5");
                        }),
                new Example("Seed 000 Fig. 4.3: SAA gives (1/3, 2/5, 3/5); Y is used 11/15", new Saa(),
                        PaperVectors.saaFfaBound(5), a -> {
                            assertThat(a.rates()).containsExactly(q("1/3"), q("2/5"), q("3/5"));
                            assertThat(a.load(a.problem().linkIndex("Y"))).isEqualTo(q("11/15"));
                        }),
                new Example("Seed 000 §4.1.1 (hand-computed from its rule): SAA gives (2/3, 1/4, 3/4), loads "
                        + "X = 11/12, Y = 1, completion 4 = W", new Saa(), PaperVectors.e6(), a -> {
                            assertThat(a.rates()).containsExactly(q("2/3"), q("1/4"), q("3/4"));
                            assertThat(a.load(0)).isEqualTo(q("11/12"));
                            assertThat(a.load(1)).isEqualTo(q("1"));
                            Rational completion = Rational.ZERO;
                            for (int f = 0; f < 3; f++) {
                                Rational t = Rational.ofDecimal(a.problem().weight(f)).divide(a.rate(f));
                                completion = completion.compareTo(t) > 0 ? completion : t;
                            }
                            assertThat(completion).isEqualTo(q("4"))
                                    .isEqualTo(Saa.maxLinkWeight(a.problem(), Arithmetic.EXACT));
                        }),
                new Example("Seed 003 §5 (hand-computed from its rule): single switch, weights (2, 1, 3): SAA gives "
                        + "(2/3, 1/4, 3/4), phase 4", new Saa(), PaperVectors.tv2(), a -> {
                            assertThat(a.rates()).containsExactly(q("2/3"), q("1/4"), q("3/4"));
                            assertThat(a.load(a.problem().linkIndex("s1->sw"))).isEqualTo(q("11/12"));
                            assertThat(Saa.maxLinkWeight(a.problem(), Arithmetic.EXACT)).isEqualTo(q("4"));
                        }),
                new Example("Seed 003 §5, eq. 4 (hand-computed): trunk of capacity 2: SAA gives 1/3, 1/2 x3, 2/3; "
                        + "trunk load 11/6, phase 3", new Saa(), PaperVectors.tv4(), a -> {
                            assertThat(a.rates()).containsExactly(q("1/3"), q("1/2"), q("1/2"), q("1/2"), q("2/3"));
                            assertThat(a.load(a.problem().linkIndex("A->B"))).isEqualTo(q("11/6"));
                            assertThat(Saa.maxLinkWeight(a.problem(), Arithmetic.EXACT)).isEqualTo(q("3"));
                        }),
                new Example("Seed 000 §4.1.3 (hand-computed from its rule): SAA-M f1 claims c_X = 1/12 and reaches "
                        + "3/4", new SaaM(), PaperVectors.e6(),
                        a -> assertThat(a.rates()).containsExactly(q("3/4"), q("1/4"), q("3/4"))));
    }

    static Stream<Example> ffaAndAfa() {
        return Stream.of(
                new Example("Seed 000 Fig. 1.1: FFA gives every flow 1/4; B carries only 1/2", new Ffa(),
                        PaperVectors.e1(), a -> {
                            assertThat(a.rates()).containsOnly(q("1/4"));
                            assertThat(a.load(a.problem().linkIndex("B"))).isEqualTo(q("1/2"));
                            assertThat(a.iterations()).isEqualTo(1);
                        }),
                new Example("Seed 000 Fig. 2.2: FFA gives f1-f3 1/3, f4 = f5 = 1/2 in two iterations", new Ffa(),
                        PaperVectors.e2(), a -> {
                            assertThat(a.rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("1/2"), q("1/2"));
                            assertThat(a.iterations()).isEqualTo(2);
                        }),
                new Example("Seed 000 Alg. 4.5 (hand-computed from its rule): FFA g = h' = 3/8, h = x* = 1/4, "
                        + "a' = z* = 1/5 in three iterations", new Ffa(), PaperVectors.e3(), a -> {
                            rates(a, "g=3/8", "h'=3/8", "h=1/4", "x2=1/4", "a'=1/5", "z4=1/5");
                            assertThat(a.load(0)).as("Y is saturated").isEqualTo(Rational.ONE);
                            assertThat(a.iterations()).isEqualTo(3);
                        }),
                new Example("Seed 000 Fig. 4.3: weighted FFA gives (3/5, 2/5, 3/5)", new Ffa(),
                        PaperVectors.saaFfaBound(5),
                        a -> assertThat(a.rates()).containsExactly(q("3/5"), q("2/5"), q("3/5"))),
                new Example("Seed 000 Alg. 4.5 (hand-computed from its rule): FFA gives rates (3/4, 1/4, 3/4), "
                        + "normalised (3/8, 1/4, 1/4)", new Ffa(), PaperVectors.e6(), a -> {
                            assertThat(a.rates()).containsExactly(q("3/4"), q("1/4"), q("3/4"));
                            assertThat(a.normalised(0)).isEqualTo(q("3/8"));
                        }),
                new Example("Seed 000 Alg. 4.5 (hand-computed from its rule): FFA gives g1 = g2 = 9/20, "
                        + "h = y* = 1/10", new Ffa(), PaperVectors.e7(), a -> {
                            rates(a, "g1=9/20", "g2=9/20", "h=1/10", "y9=1/10");
                        }),
                new Example("Seed 000 Alg. 4.5 (hand-computed from its rule): FFA gives (1/3, 1/3, 1/3, 2/3) with "
                        + "|R| = 2", new Ffa(), PaperVectors.e8(), a -> {
                            assertThat(a.rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("2/3"));
                            assertThat(a.iterations()).isEqualTo(2);
                        }),
                new Example("Seed 000 Fig. 2.2: AFA gives a1 = 1/3 (f4 freezes with X), a2 = 2/3; 2 finite passes",
                        new Afa(), PaperVectors.e2(), a -> {
                            assertThat(a.rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("1/3"), q("2/3"));
                            assertThat(a.iterations()).as("Alg. 4.12 passes with finite Δ̄ (the third returns ∞)")
                                    .isEqualTo(2);
                        }),
                new Example("Seed 000 Alg. 4.12 (hand-computed from its rule): AFA g = 11/20, h = x* = 1/4, "
                        + "h' = a' = z* = 1/5; Y saturated", new Afa(), PaperVectors.e3(), a -> {
                            rates(a, "g=11/20", "h=1/4", "x1=1/4", "h'=1/5", "a'=1/5", "z3=1/5");
                            assertThat(a.load(0)).isEqualTo(Rational.ONE);
                            assertThat(a.iterations()).isEqualTo(3);
                        }),
                new Example("Seed 000 Fig. 4.4: AFA gives f1 = 3/5, f2 = 2/5, f3 = 1", new Afa(),
                        PaperVectors.afaBound(5), a -> assertThat(a.rates()).containsExactly(q("3/5"), q("2/5"),
                                q("1"))));
    }

    static Stream<Example> backlogProportional() {
        return Stream.of(
                new Example("Seed 004 Alg. 3 (hand-computed on a 3-host Virtual Switch): BP gives r13 = 3/4, "
                        + "r12 = 1/4, r23 = 1/4; up1 and dn3 saturated", new BacklogProportional(),
                        PaperVectors.tv5(new double[][] {{0, 1, 3}, {0, 0, 1}, {0, 0, 0}}), a -> {
                            rates(a, "r13=3/4", "r12=1/4", "r23=1/4");
                            assertThat(a.load(a.problem().linkIndex("up1"))).isEqualTo(Rational.ONE);
                            assertThat(a.load(a.problem().linkIndex("dn3"))).isEqualTo(Rational.ONE);
                            assertThat(a.load(a.problem().linkIndex("up2"))).isEqualTo(q("1/4"));
                        }),
                new Example("Seed 004 Alg. 3 (hand-computed on a 4-host Virtual Switch): BP gives r42 = 3/4 and "
                        + "keeps the other three", new BacklogProportional(),
                        PaperVectors.tv5(new double[][] {{0, 1, 3, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}, {0, 2, 0, 0}}),
                        a -> {
                            rates(a, "r13=3/4", "r23=1/4", "r12=1/4", "r42=3/4");
                        }),
                new Example("Seed 004 Alg. 3 (hand-computed, admissible backlogs): BP gives r = b",
                        new BacklogProportional(),
                        PaperVectors.tv5(new double[][] {{0, 0.3, 0.4}, {0.2, 0, 0}, {0, 0, 0}}),
                        a -> assertThat(a.rates()).containsExactly(q("3/10"), q("2/5"), q("1/5"))));
    }

    /** Asserts the exact rate of each flow named, written {@code "flow=p/q"}. */
    private static void rates(Allocation<Rational> a, String... expected) {
        for (String e : expected) {
            int eq = e.lastIndexOf('=');
            assertThat(a.rate(e.substring(0, eq))).as(e).isEqualTo(q(e.substring(eq + 1)));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"saa", "ffaAndAfa", "backlogProportional"})
    void givesThePapersRates(Example example) {
        example.check().accept(example.allocator().allocate(example.problem(), Arithmetic.EXACT));
    }
}

package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RateAllocator} promises: feasible rates (no link over capacity), non-negative rates,
 * {@link Arithmetic#DOUBLE} within 1e-9 of {@link Arithmetic#EXACT}, and a deterministic answer.
 * One subclass per allocator.
 */
abstract class RateAllocatorContract {
    private final RateAllocator allocator;

    RateAllocatorContract(RateAllocator allocator) {
        this.allocator = allocator;
    }

    /** The allocator under test. */
    RateAllocator allocator() {
        return allocator;
    }

    /** Its rates for {@code p} in exact arithmetic (the paper vectors' numbers). */
    Allocation<Rational> exact(RateProblem p) {
        return allocator.allocate(p, Arithmetic.EXACT);
    }

    private static List<RateProblem> samples() {
        List<RateProblem> out = new java.util.ArrayList<>(List.of(PaperVectors.e1(), PaperVectors.e2(),
                PaperVectors.e3(), PaperVectors.e6(), PaperVectors.e7(), PaperVectors.e8(), PaperVectors.tv4(),
                PaperVectors.saaFfaBound(5), PaperVectors.afaBound(5)));
        LongStream.range(0, 40).forEach(s -> out.add(PaperVectors.random(s, s % 2 == 0)));
        return out;
    }

    @Test
    @DisplayName("Contract: exact rates are feasible and non-negative on the paper vectors and 40 random problems")
    void exactRatesAreFeasible() {
        for (RateProblem p : samples()) {
            Allocation<Rational> a = allocator().allocate(p, Arithmetic.EXACT);
            for (int l = 0; l < p.linkCount(); l++) {
                assertThat(a.load(l)).as("%s on %s: load of %s", allocator().name(), p, p.linkName(l))
                        .isLessThanOrEqualTo(Rational.ofDecimal(p.capacity(l)));
            }
            for (int f = 0; f < p.flowCount(); f++) {
                assertThat(a.rate(f).signum()).as("rate of %s", p.flowId(f)).isGreaterThanOrEqualTo(0);
            }
        }
    }

    @Test
    @DisplayName("Contract: double arithmetic agrees with exact arithmetic within 1e-9")
    void doubleAgreesWithExact() {
        for (RateProblem p : samples()) {
            Allocation<Rational> exact = allocator().allocate(p, Arithmetic.EXACT);
            Allocation<Double> fast = allocator().allocate(p);
            for (int f = 0; f < p.flowCount(); f++) {
                assertThat(fast.gbps(f)).as("%s %s flow %s", allocator().name(), p, p.flowId(f))
                        .isCloseTo(exact.gbps(f), within(1e-9));
            }
            assertThat(fast.worstOverload()).isLessThanOrEqualTo(1e-9);
        }
    }

    @Test
    @DisplayName("Contract: the same problem gives the same rates twice")
    void deterministic() {
        RateProblem p = PaperVectors.random(7, true);
        assertThat(allocator().allocate(p, Arithmetic.EXACT).rates())
                .containsExactly(allocator().allocate(p, Arithmetic.EXACT).rates());
    }

    @Test
    @DisplayName("Contract: the allocator is registered under its name")
    void registered() {
        assertThat(RateAllocators.byName(allocator().name()).getClass()).isEqualTo(allocator().getClass());
    }
}

package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AfaTest extends RateAllocatorContract {
    AfaTest() {
        super(new Afa());
    }

    @Test
    @DisplayName("AFA with one flow per application equals FFA (seed 000 §4.4 table)")
    void singletonsEqualFfa() {
        for (long seed = 0; seed < 20; seed++) {
            RateProblem p = PaperVectors.random(seed, false);
            RateProblem.Builder b = RateProblem.builder();
            for (int l = 0; l < p.linkCount(); l++) {
                b.link(p.linkName(l), p.capacity(l));
            }
            for (int f = 0; f < p.flowCount(); f++) {
                b.flow(p.flowId(f), p.weight(f), p.flowId(f), Double.POSITIVE_INFINITY, 1, p.path(f));
            }
            RateProblem singletons = b.build();
            assertThat(exact(singletons).rates()).containsExactly(new Ffa().allocate(singletons, Arithmetic.EXACT)
                    .rates());
        }
    }
}

package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class FfaTest extends RateAllocatorContract {
    FfaTest() {
        super(new Ffa());
    }

    @Test
    @DisplayName("FFA: a finite demand caps the flow and the others share what it leaves")
    void demandCaps() {
        RateProblem p = RateProblem.builder().link("L", 10).flow("a", 1, "a", 2, 1, "L").flow("b", 1, "L")
                .flow("c", 1, "L").build();
        assertThat(exact(p).rates()).containsExactly(q("2"), q("4"), q("4"));
    }
}

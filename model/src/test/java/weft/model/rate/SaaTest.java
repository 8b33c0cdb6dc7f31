package weft.model.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static weft.model.rate.PaperVectors.q;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SaaTest extends RateAllocatorContract {
    SaaTest() {
        super(new Saa());
    }

    @Test
    @DisplayName("Seed 003 §5, Corollary 1 (hand-computed): static routing gives (1/3, 1/3, 1/3, 1), phase 3; the "
            + "2/2 split gives 1/2, phase 2")
    void tv3() {
        assertThat(exact(PaperVectors.tv3(false)).rates()).containsExactly(q("1/3"), q("1/3"), q("1/3"), q("1"));
        assertThat(Saa.maxLinkWeight(PaperVectors.tv3(false), Arithmetic.EXACT)).isEqualTo(q("3"));
        assertThat(exact(PaperVectors.tv3(true)).rates()).containsOnly(q("1/2"));
        assertThat(Saa.maxLinkWeight(PaperVectors.tv3(true), Arithmetic.EXACT)).isEqualTo(q("2"));
    }
}

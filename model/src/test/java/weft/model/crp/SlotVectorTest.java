package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static weft.model.crp.Vectors.vector;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SlotVectorTest {
    @Test
    @DisplayName("Seed 001 §2.2 (hand-computed Test D): TTTFFF shifted by one slot is TTFFFT, a true bit entering")
    void shiftFillsTrue() {
        SlotVector v = vector(0, "TTTFFF").rebase(1);
        assertThat(v).isEqualTo(vector(1, "TTFFFT"));
        assertThat(v.first()).isEqualTo(1);
        assertThat(v.test(0)).as("slot before the base").isFalse();
        assertThat(v.test(6)).isTrue();
        assertThat(v.test(7)).as("beyond the window").isFalse();
    }

    @Test
    void shiftsPastTheWholeVectorAndBackwards() {
        assertThat(vector(0, "FFFF").rebase(9)).isEqualTo(vector(9, "TTTT"));
        assertThat(vector(5, "TFTT").rebase(4)).as("an earlier base knows nothing of slot 4")
                .isEqualTo(vector(4, "FTFT"));
        assertThat(vector(5, "TFTT").rebase(0)).isEqualTo(vector(0, "FFFF"));
        SlotVector wide = SlotVector.all(0, 64);
        assertThat(wide.and(new SlotVector(0, 64, 1L << 63)).first()).isEqualTo(63);
        assertThat(new SlotVector(0, 64, 1L << 63).rebase(1)).isEqualTo(new SlotVector(1, 64, (1L << 62) | (1L << 63)));
    }

    @Test
    void andNeedsTheSameWindow() {
        assertThatThrownBy(() -> vector(0, "TT").and(vector(1, "TT"))).hasMessageContaining("same base");
        assertThatThrownBy(() -> vector(0, "FF").first()).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new SlotVector(0, 2, 4)).hasMessageContaining("beyond size 2");
    }

    @Property(tries = 300)
    void rebasingForwardTwiceIsRebasingOnce(@ForAll @IntRange(min = 1, max = 64) int size, @ForAll long bits,
                                            @ForAll @LongRange(min = 0, max = 70) long a,
                                            @ForAll @LongRange(min = 0, max = 70) long b) {
        long mask = size == 64 ? -1L : (1L << size) - 1;
        SlotVector v = new SlotVector(10, size, bits & mask);
        assertThat(v.rebase(10 + a).rebase(10 + a + b)).isEqualTo(v.rebase(10 + a + b));
        for (long s = 10 + a; s < 10 + a + size; s++) {
            assertThat(v.rebase(10 + a).test(s)).as("slot %d", s).isEqualTo(s >= 10 + size || v.test(s));
        }
    }
}

package weft.model.host.reseq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class HeaderBudgetTest {
    @Test
    @DisplayName("Seed 004 §3.4.3: at 10 Gbit/s with a 1 ms age threshold, about 15,000 minimum frames fit "
            + "(14-bit sequence number), and 1 ms at 10 ns is 17 bits of timestamp")
    void thesisExample() {
        HeaderBudget b = new HeaderBudget(10, 1_000_000, 84, 10);
        // 84 B = 672 bits: 67.2 ns per frame, 14.88 million frames per second ("close to 15 million")
        assertThat(b.packetTimeNs()).isCloseTo(67.2, within(1e-9));
        assertThat(b.packetsPerThreshold()).isEqualTo(14_881);
        assertThat(b.sequenceBits()).isEqualTo(14);
        assertThat(b.ticksPerThreshold()).isEqualTo(100_000);
        assertThat(b.timestampBits()).isEqualTo(17);
        assertThat(b.sequenceBits() + b.timestampBits()).isLessThan(32);
    }

    @Test
    @DisplayName("Seed 004 §3.4.3: 'these numbers would be the same for a 10 ms age threshold at 1 Gbps': 14 bits of "
            + "sequence number, and 17 of timestamp with the clock ten times coarser as the link")
    void oneGigabit() {
        assertThat(new HeaderBudget(1, 10_000_000, 84, 100).sequenceBits()).isEqualTo(14);
        assertThat(new HeaderBudget(1, 10_000_000, 84, 100).timestampBits()).isEqualTo(17);
        assertThat(new HeaderBudget(1, 10_000_000, 84, 10).timestampBits()).isEqualTo(20);
    }

    @Test
    @DisplayName("a non-positive rate, threshold, frame or clock is refused, naming the values")
    void refusesBadInput() {
        assertThatThrownBy(() -> new HeaderBudget(0, 1, 84, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0.0 Gbit/s");
        assertThatThrownBy(() -> new HeaderBudget(1, 1, 0, 10)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property
    @Label("the bits suffice and one fewer does not: 2^(b-1) < count <= 2^b")
    void bitsAreTheLeastThatSuffice(@ForAll @DoubleRange(min = 0.1, max = 400) double gbps,
                                    @ForAll @DoubleRange(min = 1_000, max = 1e8) double thresholdNs,
                                    @ForAll @IntRange(min = 64, max = 9038) int frame) {
        HeaderBudget b = new HeaderBudget(gbps, thresholdNs, frame, 1);
        long n = b.packetsPerThreshold();
        int bits = b.sequenceBits();
        assertThat(n).isGreaterThanOrEqualTo((long) (thresholdNs * gbps / (8.0 * frame)));
        if (n > 1) {
            assertThat(1L << bits).isGreaterThanOrEqualTo(n);
            assertThat(1L << (bits - 1)).isLessThan(n);
        }
        assertThat(1L << b.timestampBits()).isGreaterThanOrEqualTo((long) thresholdNs);
    }
}

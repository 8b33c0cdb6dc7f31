package weft.model.host.shaping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TokenBucketTest {
    @Test
    @DisplayName("Seed 004 §4.5.3 (hand-computed): a 1-MTU bucket at 1 Gbit/s spaces 1538 B frames 12.304 µs")
    void oneMtuBucketPacesAtLenOverRate() {
        TokenBucket b = new TokenBucket(1_000_000_000L, 1538, 0);
        assertThat(b.tryConsume(1538, 0)).isTrue();
        assertThat(b.tryConsume(1538, 0)).isFalse();
        // next = last + len/rate = 1538*8 bit / 1e9 bit/s = 12.304 µs
        assertThat(b.conformingAtNanos(1538, 0)).isEqualTo(12_304L);
        assertThat(b.tryConsume(1538, 12_303L)).isFalse();
        assertThat(b.tryConsume(1538, 12_304L)).isTrue();
    }

    @Test
    @DisplayName("Seed 004 §4.5.3: at 1 Gbit/s a 1 ms interval carries 125,000 B = 81.3 frames of 1538 B")
    void oneMillisecondCarriesEightyOneFrames() {
        TokenBucket b = new TokenBucket(1_000_000_000L, 1538, 0);
        b.tryConsume(1538, 0); // start empty
        int sent = 0;
        long t = 0;
        while (true) {
            long at = b.conformingAtNanos(1538, t);
            if (at > 1_000_000L) {
                break;
            }
            t = at;
            assertThat(b.tryConsume(1538, t)).isTrue();
            sent++;
        }
        assertThat(sent).isEqualTo(81); // floor(125000/1538) = 81
    }

    @Test
    @DisplayName("Decision (docs/sources.md): a rate change settles tokens at the old rate, never retroactively")
    void rateChangeIsNotRetroactive() {
        TokenBucket b = new TokenBucket(8_000_000L, 3000, 0); // 1 byte per µs
        b.tryConsume(3000, 0);
        b.setRate(80_000_000L, 1_000_000L); // after 1 ms at 1 B/µs: 1000 B
        assertThat(b.tokensBytes(1_000_000L)).isEqualTo(1000);
        assertThat(b.tokensBytes(1_100_000L)).isEqualTo(2000); // then 10 B/µs
        assertThat(b.tokensBytes(10_000_000L)).isEqualTo(3000); // capped at depth
    }

    @Test
    void zeroRateHoldsAndOversizeNeverConforms() {
        TokenBucket b = new TokenBucket(0, 1500, 0);
        b.tryConsume(1500, 0);
        assertThat(b.conformingAtNanos(100, 5_000_000_000L)).isEqualTo(Long.MAX_VALUE);
        TokenBucket c = new TokenBucket(1_000_000, 1500, 0);
        assertThat(c.conformingAtNanos(1501, 0)).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> new TokenBucket(1, 0, 0)).hasMessageContaining("depthBytes");
        assertThatThrownBy(() -> c.setRate(-1, 0)).hasMessageContaining("rateBitsPerSecond");
    }

    @Property(tries = 200, seed = "42")
    void longRunRateIsExact(@ForAll @LongRange(min = 1_000_000L, max = 10_000_000_000L) long rate,
                            @ForAll @IntRange(min = 64, max = 1538) int size) {
        TokenBucket b = new TokenBucket(rate, 1538 * 2, 0);
        b.tryConsume(b.depthBytes(), 0);
        long t = 0;
        long bytes = 0;
        for (int i = 0; i < 2000; i++) {
            t = b.conformingAtNanos(size, t);
            assertThat(b.tryConsume(size, t)).isTrue();
            bytes += size;
        }
        // bytes sent by time t can exceed rate*t by less than one packet of rounding (ceil on every wait)
        double expected = rate * (t / 1e9) / 8;
        assertThat(bytes).isBetween((long) expected - 1, (long) expected + size);
    }
}

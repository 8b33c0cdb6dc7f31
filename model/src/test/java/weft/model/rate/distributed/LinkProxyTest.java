package weft.model.rate.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static weft.model.rate.Rational.parse;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.rate.Arithmetic;
import weft.model.rate.Rational;
import weft.model.rate.VoqBudget;

/** One link's proxy (seed 004 Alg. 5, corrected), step by step. */
class LinkProxyTest {
    @Test
    @DisplayName("Seed 004 Alg. 5 (hand-computed from its rule), the downlink proxy of host 3 in BP mode with b13 = 3, "
            + "b23 = 1, c = 1: round 0 grants 1 then 0 (share 1/4, nothing available), round 1 grants 3/4 and 1/4")
    void tv6DownlinkProxy() {
        LinkProxy<Rational> dn3 = new LinkProxy<>(Arithmetic.EXACT, 1, VoqBudget.NONE);
        assertThat(dn3.handleRequest(13, parse("3"), parse("3"))).isEqualTo(parse("1"));
        assertThat(dn3.handleResponse(13, parse("1"), parse("1"))).isEqualTo(parse("1"));
        assertThat(dn3.handleRequest(23, parse("1"), parse("1"))).isEqualTo(parse("1/4"));
        assertThat(dn3.handleResponse(23, parse("1/4"), parse("1/4"))).isEqualTo(parse("0"));
        assertThat(dn3.handleRequest(13, parse("3"), parse("3"))).isEqualTo(parse("3/4"));
        assertThat(dn3.handleResponse(13, parse("3/4"), parse("3/4"))).isEqualTo(parse("3/4"));
        assertThat(dn3.handleRequest(23, parse("1"), parse("1"))).isEqualTo(parse("1/4"));
        assertThat(dn3.handleResponse(23, parse("1/4"), parse("1/4"))).isEqualTo(parse("1/4"));
        assertThat(dn3.flowCount()).isEqualTo(2);
    }

    @Test
    @DisplayName("Seed 004 Eq. 4.2: every known flow takes 2M/T off the link (84 B, 1 ms: 1.344 Mbit/s); a removed "
            + "flow gives it back, and its rate with it")
    void overheadPerFlow() {
        LinkProxy<Double> up = new LinkProxy<>(Arithmetic.DOUBLE, 1.0, new VoqBudget(84, 1e-3, 0));
        assertThat(up.allocatable()).isCloseTo(1.0, within(1e-12));
        up.handleRequest(1, 1.0, null);
        assertThat(up.handleResponse(1, 0.998656, 0.998656)).isCloseTo(0.998656, within(1e-12));
        up.handleRequest(2, 1.0, null);
        assertThat(up.allocatable()).isCloseTo(1.0 - 2 * 0.001344, within(1e-12));
        assertThat(up.handleResponse(2, 0.5, 0.5)).as("flow 1 still holds its old rate").isCloseTo(0, within(1e-12));
        up.remove(1);
        assertThat(up.flowCount()).isEqualTo(1);
        assertThat(up.allocatable()).isCloseTo(0.998656, within(1e-12));
        assertThat(up.handleResponse(2, 0.998656, 0.998656)).isCloseTo(0.998656, within(1e-12));
        assertThatThrownBy(() -> up.handleResponse(7, 0.1, 0.1)).isInstanceOf(IllegalStateException.class)
                .hasMessage("link proxy: response for flow 7, which sent no request here");
    }
}

package weft.model.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** RFC 6298's estimator; values hand-computed from its §2.2-2.5 and §5.5. */
class RetransmissionTimerTest {
    private static final TcpParameters P = new TcpParameters(1000, 100_000, 3_000_000, 1_000, 10_000_000);

    @Test
    @DisplayName("RFC 6298 §2.2-2.3: samples 100 then 200 ns give RTO 300 then 362.5 ns")
    void samples() {
        RetransmissionTimer t = new RetransmissionTimer(P);
        assertEquals(3_000_000, t.rtoPs());
        t.sample(100_000);
        assertEquals(100_000, t.srttPs());
        assertEquals(50_000, t.rttvarPs());
        assertEquals(300_000, t.rtoPs());
        t.sample(200_000);
        assertEquals(62_500, t.rttvarPs(), "3/4 * 50,000 + 1/4 * |100,000 - 200,000|");
        assertEquals(112_500, t.srttPs(), "7/8 * 100,000 + 1/8 * 200,000");
        assertEquals(362_500, t.rtoPs());
    }

    @Test
    @DisplayName("RFC 6298 §2.4-2.5, §5.5: the minimum holds, backoff doubles up to the maximum, a sample ends it")
    void boundsAndBackoff() {
        RetransmissionTimer t = new RetransmissionTimer(P);
        t.sample(10);
        assertEquals(1_000, t.rtoPs(), "10 + 4 * 5 = 30 ps, raised to the 1,000 ps minimum");
        t.sample(100_000);
        long rto = t.rtoPs();
        t.start(0);
        t.backOff(rto);
        assertEquals(2 * rto, t.rtoPs());
        assertEquals(3 * rto, t.deadlinePs());
        for (int i = 0; i < 20; i++) {
            t.backOff(0);
        }
        assertEquals(10_000_000, t.rtoPs());
        t.stop();
        assertEquals(Long.MAX_VALUE, t.deadlinePs());
        assertThrows(IllegalArgumentException.class, () -> t.sample(-1));
    }

    @Test
    @DisplayName("Parameters: a window below one MSS or a minimum above the initial timeout is refused")
    void parameters() {
        assertThrows(IllegalArgumentException.class, () -> new TcpParameters(1000, 999, 10, 10, 10));
        assertThrows(IllegalArgumentException.class, () -> new TcpParameters(1000, 1000, 10, 20, 30));
        assertEquals(3 * 1460, TcpParameters.rfc(1460).initialWindowBytes());
        assertEquals(2 * 4000, TcpParameters.rfc(4000).initialWindowBytes());
    }
}

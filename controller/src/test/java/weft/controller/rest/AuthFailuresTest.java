package weft.controller.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The per-address limit of failed authentications, on a stepped clock. */
class AuthFailuresTest {
    private static final long S = 1_000_000_000L;

    @Test
    @DisplayName("5 failures block an address, the first refusal is flagged for the log, one more attempt is "
            + "allowed per 2 s; other addresses are unaffected")
    void burstThenRefill() {
        AuthFailures f = new AuthFailures(5, 2 * S, 100);
        for (int i = 0; i < 5; i++) {
            assertThat(f.admit("10.0.0.1", 0)).isEqualTo(AuthFailures.Verdict.CHECK);
            f.failed("10.0.0.1", 0);
        }
        assertThat(f.admit("10.0.0.1", 0)).isEqualTo(AuthFailures.Verdict.BLOCKED_FIRST);
        assertThat(f.admit("10.0.0.1", S)).isEqualTo(AuthFailures.Verdict.BLOCKED);
        assertThat(f.retryAfterSeconds("10.0.0.1", S)).isEqualTo(1);
        assertThat(f.admit("10.0.0.2", S)).isEqualTo(AuthFailures.Verdict.CHECK);
        assertThat(f.admit("10.0.0.1", 2 * S)).isEqualTo(AuthFailures.Verdict.CHECK);
        f.failed("10.0.0.1", 2 * S);
        assertThat(f.admit("10.0.0.1", 2 * S)).isEqualTo(AuthFailures.Verdict.BLOCKED_FIRST);
    }

    @Test
    @DisplayName("at most maxPeers addresses are tracked: the least recently seen is forgotten")
    void bounded() {
        AuthFailures f = new AuthFailures(1, S, 2);
        f.failed("a", 0);
        f.failed("b", 0);
        f.failed("c", 0);
        assertThat(f.admit("a", 0)).isEqualTo(AuthFailures.Verdict.CHECK);
        assertThat(f.admit("c", 0)).isEqualTo(AuthFailures.Verdict.BLOCKED_FIRST);
    }
}

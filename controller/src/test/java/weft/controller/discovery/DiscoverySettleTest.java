package weft.controller.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The settle logic on a clock the test steps (milliseconds, as nanoseconds). */
class DiscoverySettleTest {
    private static final long MS = 1_000_000L;
    private final DiscoverySettle settle = new DiscoverySettle(Duration.ofMillis(2000), Duration.ofMillis(250));

    /** Discovery at {@code version} from time 0: due once settled at 2 s, and computed then. */
    private void firstRoutes(long version) {
        settle.due(version, 0);
        assertThat(settle.due(version, 2000 * MS)).isTrue();
        settle.computed(version);
    }

    @Test
    @DisplayName("nothing discovered (version 0) is never routed, however long it stays so")
    void nothingIsNeverDue() {
        for (long t = 0; t <= 10_000; t += 100) {
            assertThat(settle.due(0, t * MS)).isFalse();
        }
        assertThat(settle.settled()).isFalse();
    }

    @Test
    @DisplayName("first routes only once the version has been unchanged for the settle interval; each change "
            + "restarts the wait")
    void firstRoutesWaitForSettle() {
        assertThat(settle.due(1, 0)).isFalse();
        assertThat(settle.due(1, 1999 * MS)).isFalse();
        assertThat(settle.due(2, 1999 * MS)).as("a change restarts the wait").isFalse();
        assertThat(settle.due(2, 3998 * MS)).isFalse();
        assertThat(settle.due(2, 3999 * MS)).isTrue();
        assertThat(settle.settled()).isFalse();
        settle.computed(2);
        assertThat(settle.settled()).isTrue();
        assertThat(settle.due(2, 10_000 * MS)).as("nothing new since").isFalse();
    }

    @Test
    @DisplayName("after the first routes a change is due after the shorter coalesce interval; a burst costs one")
    void laterChangesCoalesce() {
        firstRoutes(5);
        assertThat(settle.due(6, 3000 * MS)).isFalse();
        assertThat(settle.due(7, 3100 * MS)).isFalse();
        assertThat(settle.due(8, 3200 * MS)).isFalse();
        assertThat(settle.due(8, 3449 * MS)).isFalse();
        assertThat(settle.due(8, 3450 * MS)).isTrue();
        settle.computed(8);
        assertThat(settle.due(8, 3500 * MS)).isFalse();
    }

    @Test
    @DisplayName("a computation that failed is not retried until discovery changes again")
    void failedComputationWaitsForNews() {
        firstRoutes(3);
        for (long t = 2000; t <= 9000; t += 500) {
            assertThat(settle.due(3, t * MS)).isFalse();
        }
        assertThat(settle.due(4, 9000 * MS)).isFalse();
        assertThat(settle.due(4, 9250 * MS)).isTrue();
    }

    @Test
    @DisplayName("a clock that wraps past Long.MAX_VALUE still measures the quiet time")
    void clockWrap() {
        long start = Long.MAX_VALUE - 1000 * MS;
        settle.due(1, start);
        assertThat(settle.due(1, start + 1999 * MS)).isFalse();
        assertThat(settle.due(1, start + 2000 * MS)).isTrue();
    }

    @Test
    @DisplayName("negative intervals are refused, naming both")
    void refusesNegative() {
        assertThatThrownBy(() -> new DiscoverySettle(Duration.ofMillis(-1), Duration.ZERO))
                .hasMessageContaining("settle and coalesce must be >= 0, got PT-0.001S and PT0S");
    }
}

package weft.agent.clock;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.crp.ClockOffset;

/** The running agent's clock watch against a real SNTP responder on a loopback UDP port. */
class ClockWatchTest {
    @Test
    @DisplayName("Measures at once and then every period; a responder 250 ms ahead reads +250 ms within the error "
            + "bound; a silent server keeps the last good offset")
    @SuppressWarnings("try") // the responder is closed mid-test on purpose: the watch must then see no answer
    void measuresPeriodically() throws Exception {
        LinkedBlockingQueue<ClockOffset> seen = new LinkedBlockingQueue<>();
        try (SntpResponder r = new SntpResponder(250_000_000L, p -> { });
             ClockWatch w = new ClockWatch(new SntpProbe(Duration.ofSeconds(2)), 3, Duration.ofMillis(100),
                     seen::add)) {
            w.watch(r.address());
            ClockOffset first = seen.poll(10, TimeUnit.SECONDS);
            assertThat(first).isNotNull();
            assertThat(Math.abs(first.offset() - 250_000_000L)).isLessThanOrEqualTo(first.error());
            assertThat(seen.poll(10, TimeUnit.SECONDS)).as("a second measurement one period later").isNotNull();
            r.close();
            seen.clear();
            assertThat(seen.poll(3, TimeUnit.SECONDS)).as("no answer, no new offset").isNull();
            assertThat(w.last()).isNotNull();
        }
    }
}

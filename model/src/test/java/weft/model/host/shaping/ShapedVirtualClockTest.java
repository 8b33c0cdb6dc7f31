package weft.model.host.shaping;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ShapedVirtualClockTest {
    @Test
    @DisplayName("Seed 003 §6 (hand-computed from the SVC rule): r = (1/3, 1/6) sends A and B back to back at "
            + "t = 0, 1")
    void svcAllowsAnAggregateBurst() {
        // line 6 Mbit/s, d_p = 750 B: one unit (d_p at line rate) is 1 ms
        long unit = 1_000_000L;
        ShapedVirtualClock svc = new ShapedVirtualClock(2);
        svc.setRate(0, 2_000_000L);
        svc.setRate(1, 1_000_000L);
        FixedBacklog backlog = FixedBacklog.infinite(750, 2);
        assertThat(svc.select(backlog, 0)).isZero();
        svc.sent(0, 750, 0);
        assertThat(svc.select(backlog, unit)).isEqualTo(1); // link free at t = 1: B is eligible, a burst
        svc.sent(1, 750, unit);
        assertThat(svc.select(backlog, 2 * unit)).isEqualTo(-1); // A eligible only at 3 units
        assertThat(svc.nextSelectNanos(backlog, 2 * unit)).isEqualTo(3 * unit);
    }

    @Test
    void eachFlowKeepsItsRate() {
        ShapedVirtualClock svc = new ShapedVirtualClock(2);
        svc.setRate(0, 2_000_000L);
        svc.setRate(1, 1_000_000L);
        FixedBacklog backlog = FixedBacklog.infinite(750, 2);
        int[] count = new int[2];
        long t = 0;
        while (t < 300_000_000L) {
            t = svc.nextSelectNanos(backlog, t);
            int f = svc.select(backlog, t);
            svc.sent(f, 750, t);
            count[f]++;
        }
        assertThat(count[0]).isBetween(100, 101); // 2 Mbit/s * 0.3 s / 6000 bit
        assertThat(count[1]).isBetween(50, 51);
    }
}

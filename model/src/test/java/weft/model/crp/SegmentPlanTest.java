package weft.model.crp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SegmentPlanTest {
    private static final CrpParameters P = CrpParameters.paper();

    @Test
    @DisplayName("Seed 001 §2.5: a flow smaller than N_min (3 packets < 4) does not use CRP")
    void smallFlow() {
        assertThat(SegmentPlan.of(3 * 32, P)).isEqualTo(new SegmentPlan(List.of(), 96));
    }

    @Test
    @DisplayName("Seed 001 §3: the default 8-packet message is one reservation of 256 flits")
    void defaultMessage() {
        assertThat(SegmentPlan.of(256, P)).isEqualTo(new SegmentPlan(List.of(256L), 0));
    }

    @Test
    @DisplayName("Seed 001 §2.5: a flow larger than N_max is cut into N_max segments")
    void largeFlow() {
        assertThat(SegmentPlan.of(40 * 32, P)).isEqualTo(new SegmentPlan(List.of(512L, 512L, 256L), 0));
        assertThat(SegmentPlan.of(20 * 32, P)).isEqualTo(new SegmentPlan(List.of(512L, 128L), 0));
        assertThat(SegmentPlan.of(18 * 32, P)).as("a remainder below N_min goes unreserved")
                .isEqualTo(new SegmentPlan(List.of(512L), 64));
        assertThatThrownBy(() -> SegmentPlan.of(0, P)).hasMessageContaining("0 units");
    }

    @Property(tries = 200)
    void segmentsCoverTheFlowWithinTheBounds(@ForAll @LongRange(min = 1, max = 100_000) long units) {
        SegmentPlan s = SegmentPlan.of(units, P);
        long sum = s.unreserved();
        for (long seg : s.segments()) {
            assertThat(seg).isBetween(P.minUnits(), P.maxUnits());
            sum += seg;
        }
        assertThat(sum).isEqualTo(units);
        assertThat(s.unreserved()).isLessThan(P.minUnits());
    }
}

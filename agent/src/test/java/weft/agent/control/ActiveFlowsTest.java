package weft.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.VoqReport;

class ActiveFlowsTest {
    private static final long MS = 1_000_000L;

    private static VoqReport voq(String ip, long backlog, long sent) {
        return new VoqReport(ip, backlog, sent / 1500, sent, 0, 0, ip);
    }

    @Test
    void aDestinationAppearsWhenItsVoqHoldsDataAndEndsAfterTheIdleTime() {
        ActiveFlows flows = new ActiveFlows(2_000 * MS);
        assertThat(flows.update(List.of(voq("10.0.0.2", 0, 0)), 0)).as("a VOQ the controller made, never used")
                .isFalse();
        assertThat(flows.update(List.of(voq("10.0.0.2", 3000, 0)), 100 * MS)).as("data queued").isTrue();
        assertThat(flows.message("h1")).isEqualTo(new ControlMessage.Flows("h1", List.of("10.0.0.2"),
                Map.of("10.0.0.2", 3000L)));
        assertThat(flows.update(List.of(voq("10.0.0.2", 0, 3000)), 200 * MS)).as("drained: still a flow").isFalse();
        assertThat(flows.update(List.of(voq("10.0.0.2", 0, 3000)), 2_100 * MS)).as("idle 1.9 s").isFalse();
        assertThat(flows.update(List.of(voq("10.0.0.2", 0, 3000)), 2_200 * MS)).as("idle 2 s: ended").isTrue();
        assertThat(flows.message("h1").destinations()).isEmpty();
    }

    @Test
    void sendingKeepsAFlowAliveAndASecondDestinationChangesTheSet() {
        ActiveFlows flows = new ActiveFlows(1_000 * MS);
        flows.update(List.of(voq("10.0.0.2", 1500, 0)), 0);
        for (int t = 1; t <= 5; t++) {
            assertThat(flows.update(List.of(voq("10.0.0.2", 0, t * 1500L)), t * 900 * MS)).isFalse();
        }
        assertThat(flows.update(List.of(voq("10.0.0.2", 0, 7500), voq("10.0.0.3", 1500, 0)), 4_600 * MS))
                .isTrue();
        assertThat(flows.message("h1").destinations()).containsExactly("10.0.0.2", "10.0.0.3");
    }
}

package weft.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import weft.controller.program.FlowClass;

@Tag("lab")
class RingLabTest {
    @Test
    @DisplayName("4-switch ring: LLDP and first packets discover the lab's fabric; every host pair pings and "
            + "transfers over TCP; link and flow counters see the bytes")
    void ringAllPairs() throws Exception {
        try (LabHarness h = LabHarness.of("RingLabTest", "wlring", LabFabrics.ring(4), "updown")) {
            h.awaitConverged(Duration.ofSeconds(20));
            h.assertDiscoveredEqualsLab(Duration.ofSeconds(10));
            assertThat(Reachability.pingAll(h.lab, Duration.ofSeconds(1))).isEmpty();
            Reachability.startSinks(h.lab, Reachability.SINK_PORT, h.dir);
            assertThat(Reachability.tcpAll(h.lab, Reachability.SINK_PORT, 256 * 1024)).isEmpty();
            // the controller polls the switches' counters: wait for a poll that saw the transfers, then check each
            LabScripts.await("a counter poll that saw the transfers on all 8 link directions and 4 hosts' ports",
                    () -> h.controller.fabric().linkCounters().size() == 8
                            && h.controller.fabric().linkCounters().values().stream()
                            .allMatch(c -> c.txBytes() > 256 * 1024)
                            && h.controller.fabric().flowCounters().size() == 4
                            && h.controller.fabric().flowCounters().values().stream().allMatch(flows -> flows.stream()
                            .filter(f -> f.flowClass() == FlowClass.LOCAL).mapToLong(f -> f.bytes()).sum()
                            > 3 * 256 * 1024), 30);
            assertThat(h.controller.fabric().linkCounters()).as("port counters of all 8 link directions")
                    .hasSize(8).allSatisfy((port, c) -> assertThat(c.txBytes())
                            .as("bytes sent on %s from %s (12 transfers of 256 KiB cross the ring)", c.link(),
                                    c.from()).isGreaterThan(256 * 1024));
            assertThat(h.controller.fabric().flowCounters()).as("Weft flow counters of all 4 switches").hasSize(4)
                    .allSatisfy((sw, flows) -> assertThat(flows).as("LOCAL entries of %s", sw)
                            .filteredOn(f -> f.flowClass() == FlowClass.LOCAL)
                            .singleElement().satisfies(f -> assertThat(f.bytes())
                                    .as("bytes delivered to the host of %s (3 transfers of 256 KiB)", sw)
                                    .isGreaterThan(3 * 256 * 1024)));
        }
    }
}

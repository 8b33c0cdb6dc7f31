package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFMeterStats;
import org.projectfloodlight.openflow.protocol.OFMeterStatsReply;
import org.projectfloodlight.openflow.types.U64;
import weft.controller.program.FlowMods13;
import weft.controller.program.PairRate;
import weft.controller.program.PairRates;
import weft.controller.testing.TestFabrics;
import weft.model.topology.Host;
import weft.model.topology.Topology;

class MeterCountersTest {
    private static OFMeterStats stats(long id, long packetsIn, long bytesIn, long[]... bands) {
        return FlowMods13.F.buildMeterStats().setMeterId(id).setFlowCount(1).setPacketInCount(U64.of(packetsIn))
                .setByteInCount(U64.of(bytesIn)).setDurationSec(3).setDurationNsec(0)
                .setBandStats(java.util.Arrays.stream(bands).map(b -> FlowMods13.F.buildMeterBandStats()
                        .setPacketBandCount(U64.of(b[0])).setByteBandCount(U64.of(b[1])).build()).toList())
                .build();
    }

    @Test
    @DisplayName("meter statistics: rated pairs' meters on this switch are kept with their band drops summed, "
            + "foreign meters and meters of other switches are skipped")
    void fromReply() {
        Topology t = TestFabrics.leafSpine(2, 1, 2);
        PairRates rates = PairRates.parse("test", "{\"rates\": [{\"src\": \"h1\", \"dst\": \"h3\", \"mbps\": 10}, "
                + "{\"src\": \"h2\", \"dst\": \"h4\", \"mbps\": 5}, {\"src\": \"h3\", \"dst\": \"h1\", \"mbps\": 5}]}",
                t);
        Map<String, String> switchOfHost = new java.util.HashMap<>();
        for (Host h : t.hosts()) {
            switchOfHost.put(h.id(), h.switchId());
        }
        Map<Long, PairRate> here = MeterCounters.pairsAt(rates, switchOfHost, "l1");
        assertThat(here.values()).extracting(PairRate::src).containsExactlyInAnyOrder("h1", "h2");
        long h1h3 = rates.rates().get(0).meterId();
        long h2h4 = rates.rates().get(1).meterId();
        OFMeterStatsReply reply = FlowMods13.F.buildMeterStatsReply().setEntries(List.of(
                stats(7, 100, 10_000, new long[] {1, 100}),
                stats(h2h4, 30, 3_000),
                stats(h1h3, 1000, 1_442_000, new long[] {600, 865_200}, new long[] {10, 14_420}))).build();
        assertThat(MeterCounters.of("l1", List.of(reply), here, 42)).containsExactly(
                new MeterCounters("l1", h1h3, "h1", "h3", 1000, 1_442_000, 610, 879_620, 42),
                new MeterCounters("l1", h2h4, "h2", "h4", 30, 3_000, 0, 0, 42));
    }
}

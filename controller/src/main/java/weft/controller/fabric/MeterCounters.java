package weft.controller.fabric;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import org.projectfloodlight.openflow.protocol.OFMeterBandStats;
import org.projectfloodlight.openflow.protocol.OFMeterStats;
import org.projectfloodlight.openflow.protocol.OFMeterStatsReply;
import weft.controller.openflow.SwitchSession;
import weft.controller.program.FlowMods13;
import weft.controller.program.PairRate;
import weft.controller.program.PairRates;

/**
 * Counters of one rated pair's meter, read by a meter statistics request (OVS's userspace datapath counts what enters a
 * meter and, per band, what its DROP band dropped: docs/sources.md §5).
 *
 * @param switchId       the source's switch, where the meter is
 * @param meterId        the meter
 * @param src            source host
 * @param dst            destination host
 * @param packetsIn      packets that entered the meter since it was added
 * @param bytesIn        bytes (Ethernet frames) that entered it
 * @param droppedPackets packets its DROP band dropped
 * @param droppedBytes   bytes its DROP band dropped
 * @param atMillis       wall-clock time of the sample
 */
public record MeterCounters(String switchId, long meterId, String src, String dst, long packetsIn, long bytesIn,
                            long droppedPackets, long droppedBytes, long atMillis) {

    /** Reads one switch's meter statistics and keeps the meters of rated pairs whose source is on it. */
    public static CompletableFuture<List<MeterCounters>> poll(SwitchSession session, String switchId,
                                                              Map<Long, PairRate> pairsHere, LongSupplier clock) {
        return session.multipart(FlowMods13.F.buildMeterStatsRequest().setMeterId(FlowMods13.ALL_METERS).build())
                .thenApply(parts -> of(switchId, parts, pairsHere, clock.getAsLong()));
    }

    /** The rated pairs of a table whose meter is on {@code switchId}, by meter id. */
    public static Map<Long, PairRate> pairsAt(PairRates rates, Map<String, String> switchOfHost, String switchId) {
        Map<Long, PairRate> out = new HashMap<>();
        for (PairRate r : rates.rates()) {
            if (switchId.equals(switchOfHost.get(r.src()))) {
                out.put(r.meterId(), r);
            }
        }
        return out;
    }

    /** The counters of the rated pairs' meters in a meter statistics reply; other meters are skipped. */
    static List<MeterCounters> of(String switchId, List<OFMeterStatsReply> parts, Map<Long, PairRate> pairsHere,
                                  long atMillis) {
        List<MeterCounters> out = new ArrayList<>();
        for (OFMeterStatsReply part : parts) {
            for (OFMeterStats s : part.getEntries()) {
                PairRate r = pairsHere.get(s.getMeterId());
                if (r == null) {
                    continue;
                }
                long droppedPackets = 0;
                long droppedBytes = 0;
                for (OFMeterBandStats b : s.getBandStats()) {
                    droppedPackets += b.getPacketBandCount().getValue();
                    droppedBytes += b.getByteBandCount().getValue();
                }
                out.add(new MeterCounters(switchId, s.getMeterId(), r.src(), r.dst(),
                        s.getPacketInCount().getValue(), s.getByteInCount().getValue(), droppedPackets,
                        droppedBytes, atMillis));
            }
        }
        out.sort(Comparator.comparingLong(MeterCounters::meterId));
        return out;
    }
}

package weft.controller.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.OFFlowStatsRequest;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;
import weft.controller.openflow.SwitchSession;
import weft.controller.program.FlowClass;
import weft.controller.program.FlowMods13;

/**
 * Packet and byte counters of Weft's flow entries on one switch, summed per entry class and destination (the
 * IPv4 and ARP entries of one destination, and its per-layer, per-port and per-path variants, add up). Read by a
 * flow statistics request restricted to Weft's cookie ({@link FlowClass#COOKIE_BASE} under
 * {@link FlowClass#COOKIE_MASK}), so foreign entries are neither read nor counted.
 *
 * @param switchId    the switch
 * @param flowClass   the entry class ({@code LLDP}, {@code LOCAL}, {@code INGRESS}, {@code FORWARD},
 *                    {@code TABLE_MISS}, {@code RATED})
 * @param destination the destination IPv4 address the entries match, or {@code *} for entries of no destination
 * @param entries     how many entries were summed
 * @param packets     packets they matched since installation
 * @param bytes       bytes they matched
 * @param atMillis    wall-clock time of the sample
 */
public record FlowCounters(String switchId, FlowClass flowClass, String destination, int entries, long packets,
                           long bytes, long atMillis) {

    /** The destination of entries that match none (LLDP, table-miss). */
    public static final String ANY = "*";

    /** A flow statistics request for every Weft entry in every table, and no other. */
    public static OFFlowStatsRequest request() {
        return FlowMods13.F.buildFlowStatsRequest().setTableId(TableId.ALL).setOutPort(OFPort.ANY)
                .setOutGroup(OFGroup.ANY).setCookie(U64.of(FlowClass.COOKIE_BASE))
                .setCookieMask(U64.of(FlowClass.COOKIE_MASK)).setMatch(FlowMods13.F.buildMatch().build()).build();
    }

    /** Reads and sums one switch's Weft flow counters. */
    public static CompletableFuture<List<FlowCounters>> poll(SwitchSession session, String switchId,
                                                             LongSupplier clock) {
        return session.multipart(request()).thenApply(parts -> sum(switchId, parts, clock.getAsLong()));
    }

    /**
     * Sums the entries of a flow statistics reply per class and destination, ordered by class then destination.
     * Entries whose cookie is not Weft's (a switch ignoring the cookie mask) are skipped.
     */
    public static List<FlowCounters> sum(String switchId, List<OFFlowStatsReply> parts, long atMillis) {
        Map<FlowClass, Map<String, long[]>> byClass = new TreeMap<>();
        for (OFFlowStatsReply part : parts) {
            for (OFFlowStatsEntry e : part.getEntries()) {
                long cookie = e.getCookie().getValue();
                if (!FlowClass.isWeft(cookie)) {
                    continue;
                }
                long[] sum = byClass.computeIfAbsent(FlowClass.ofCookie(cookie), c -> new TreeMap<>())
                        .computeIfAbsent(destination(e.getMatch()), d -> new long[3]);
                sum[0]++;
                sum[1] += e.getPacketCount().getValue();
                sum[2] += e.getByteCount().getValue();
            }
        }
        List<FlowCounters> out = new ArrayList<>();
        byClass.forEach((c, byDest) -> byDest.forEach((d, s) ->
                out.add(new FlowCounters(switchId, c, d, (int) s[0], s[1], s[2], atMillis))));
        return out;
    }

    private static String destination(Match m) {
        IPv4Address ip = m.get(MatchField.IPV4_DST);
        if (ip == null) {
            ip = m.get(MatchField.ARP_TPA);
        }
        return ip == null ? ANY : ip.toString();
    }
}

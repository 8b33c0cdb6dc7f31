package weft.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFFlowStatsRequest;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFStatsReplyFlags;
import org.projectfloodlight.openflow.protocol.OFType;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.U64;
import weft.controller.program.FlowClass;
import weft.controller.testing.EmbeddedSession;

/** Weft flow counters read from a fake switch over an embedded channel. */
class FlowCountersTest {
    private static final OFFactory F = EmbeddedSession.F;

    private final EmbeddedSession sw = EmbeddedSession.ready(0x5745460001L);

    @AfterEach
    void close() {
        sw.close();
    }

    private static OFFlowStatsEntry entry(long cookie, Match match, long packets, long bytes) {
        return F.buildFlowStatsEntry().setCookie(U64.of(cookie)).setMatch(match).setPacketCount(U64.of(packets))
                .setByteCount(U64.of(bytes)).build();
    }

    private static Match ip(String dst) {
        return F.buildMatch().setExact(MatchField.ETH_TYPE, EthType.IPv4)
                .setExact(MatchField.IPV4_DST, IPv4Address.of(dst)).build();
    }

    private static Match arp(String dst) {
        return F.buildMatch().setExact(MatchField.ETH_TYPE, EthType.ARP)
                .setExact(MatchField.ARP_TPA, IPv4Address.of(dst)).build();
    }

    @Test
    @DisplayName("the request selects Weft's cookie; replies are summed per class and destination across parts")
    void pollsAndSums() throws Exception {
        CompletableFuture<List<FlowCounters>> f = FlowCounters.poll(sw.session, "s1", () -> 1234L);
        OFFlowStatsRequest req = (OFFlowStatsRequest) sw.out(OFType.STATS_REQUEST);
        assertThat(req.getCookie().getValue()).isEqualTo(0x5745465400000000L);
        assertThat(req.getCookieMask().getValue()).isEqualTo(0xffffffff00000000L);

        sw.ch.writeInbound(F.buildFlowStatsReply().setXid(req.getXid())
                .setFlags(EnumSet.of(OFStatsReplyFlags.REPLY_MORE)).setEntries(List.of(
                        entry(FlowClass.INGRESS.cookie(), ip("10.0.0.2"), 10, 1000),
                        entry(FlowClass.INGRESS.cookie(), arp("10.0.0.2"), 1, 42),
                        entry(FlowClass.FORWARD.cookie(), ip("10.0.0.3"), 5, 500))).build());
        assertThat(f).isNotDone();
        sw.ch.writeInbound(F.buildFlowStatsReply().setXid(req.getXid()).setEntries(List.of(
                entry(FlowClass.FORWARD.cookie(), F.buildMatch().setExact(MatchField.IN_PORT, OFPort.of(2))
                        .setExact(MatchField.ETH_TYPE, EthType.IPv4)
                        .setExact(MatchField.IPV4_DST, IPv4Address.of("10.0.0.3")).build(), 7, 700),
                entry(FlowClass.LLDP.cookie(), F.buildMatch().setExact(MatchField.ETH_TYPE, EthType.of(0x88cc))
                        .build(), 3, 180),
                entry(0x1234L, ip("10.0.0.2"), 99, 9900))).build());

        assertThat(f.get(1, TimeUnit.SECONDS)).containsExactly(
                new FlowCounters("s1", FlowClass.LLDP, FlowCounters.ANY, 1, 3, 180, 1234),
                new FlowCounters("s1", FlowClass.INGRESS, "10.0.0.2", 2, 11, 1042, 1234),
                new FlowCounters("s1", FlowClass.FORWARD, "10.0.0.3", 2, 12, 1200, 1234));
    }

    @Test
    @DisplayName("a switch with no Weft entries yields no counters")
    void empty() throws Exception {
        CompletableFuture<List<FlowCounters>> f = FlowCounters.poll(sw.session, "s1", () -> 1L);
        OFMessage req = sw.out(OFType.STATS_REQUEST);
        sw.ch.writeInbound(F.buildFlowStatsReply().setXid(req.getXid()).build());
        assertThat(f.get(1, TimeUnit.SECONDS)).isEmpty();
    }
}

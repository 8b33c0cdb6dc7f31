package weft.controller.openflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFBadMatchCode;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.errormsg.OFHelloFailedErrorMsg;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPortConfig;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortReason;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import org.projectfloodlight.openflow.protocol.OFStatsReplyFlags;
import org.projectfloodlight.openflow.protocol.OFType;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.projectfloodlight.openflow.types.DatapathId;
import org.projectfloodlight.openflow.types.MacAddress;
import org.projectfloodlight.openflow.types.OFPort;
import weft.controller.testing.EmbeddedSession;
import org.projectfloodlight.openflow.types.U32;

class SwitchSessionTest {
    private static final OFFactory F = SwitchSession.F;
    private static final SessionConfig CONFIG =
            new SessionConfig(Duration.ofSeconds(1), 3, Duration.ofSeconds(5), Duration.ofSeconds(10));

    private final List<String> events = new ArrayList<>();
    private final SwitchListener listener = new SwitchListener() {
        @Override
        public void switchReady(SwitchSession s) {
            events.add("ready " + s.dpidHex());
        }

        @Override
        public void switchDisconnected(SwitchSession s) {
            events.add("gone");
        }

        @Override
        public void portStatus(SwitchSession s, OFPortStatus status) {
            events.add("port " + status.getReason() + " " + status.getDesc().getPortNo());
        }

        @Override
        public void unsolicitedError(SwitchSession s, OFErrorMsg error) {
            events.add("error " + error.getXid());
        }
    };
    private EmbeddedSession sw;
    private SwitchSession session;
    private EmbeddedChannel ch;

    @BeforeEach
    void connect() {
        sw = new EmbeddedSession(new SwitchSession(CONFIG, listener));
        session = sw.session;
        ch = sw.ch;
    }

    @AfterEach
    void nothingLeft() {
        assertThat(sw.close()).isFalse();
    }

    private OFMessage out(OFType type) {
        return sw.out(type);
    }

    /** A transaction's messages, written as one buffer, decoded back. */
    private List<OFMessage> outBatch() {
        io.netty.buffer.ByteBuf wire = ch.readOutbound();
        List<OFMessage> out = new ArrayList<>();
        try {
            for (OFMessage m = OFFactories.getGenericReader().readFrom(wire); m != null;
                    m = OFFactories.getGenericReader().readFrom(wire)) {
                out.add(m);
            }
            assertThat(wire.isReadable()).as("bytes left after the batch").isFalse();
        } catch (org.projectfloodlight.openflow.exceptions.OFParseError e) {
            throw new AssertionError(e);
        } finally {
            wire.release();
        }
        return out;
    }

    private static OFPortDesc port(int no, boolean live) {
        return F.buildPortDesc().setPortNo(OFPort.of(no)).setName("p" + no)
                .setHwAddr(MacAddress.of(no)).setConfig(EnumSet.noneOf(OFPortConfig.class))
                .setState(live ? EnumSet.of(OFPortState.LIVE) : EnumSet.of(OFPortState.LINK_DOWN)).build();
    }

    /** A request the session wrote: the future of its reply and the message as it went out. */
    private record Pending(CompletableFuture<OFMessage> reply, OFMessage sent) {
        /** The message the reply failed with. */
        String failure() {
            return reply.handle((r, e) -> e.getMessage()).join();
        }
    }

    /** Sends {@code m} as a request and reads it back from the channel. */
    private Pending request(OFMessage m) {
        CompletableFuture<OFMessage> reply = session.request(m);
        return new Pending(reply, out(m.getType()));
    }

    private void handshake() {
        OFMessage hello = out(OFType.HELLO);
        assertThat(hello.getVersion()).isEqualTo(OFVersion.OF_13);
        ch.writeInbound(F.buildHello().setXid(1).build());
        OFMessage fr = out(OFType.FEATURES_REQUEST);
        ch.writeInbound(F.buildFeaturesReply().setXid(fr.getXid()).setDatapathId(DatapathId.of(0x5745460001L))
                .setNBuffers(0).setNTables((short) 254).build());
        out(OFType.SET_CONFIG);
        OFMessage pd = out(OFType.STATS_REQUEST);
        ch.writeInbound(F.buildPortDescStatsReply().setXid(pd.getXid())
                .setFlags(EnumSet.of(OFStatsReplyFlags.REPLY_MORE)).setEntries(List.of(port(1, true))).build());
        assertThat(session.state()).isEqualTo(SwitchSession.State.WAIT_PORT_DESC);
        ch.writeInbound(F.buildPortDescStatsReply().setXid(pd.getXid())
                .setEntries(List.of(port(2, true), port(0xfffffffe, true))).build());
    }

    @Test
    @DisplayName("handshake: HELLO, FEATURES, SET_CONFIG, port-desc over two parts, then READY")
    void handshakeReachesReady() {
        handshake();
        assertThat(session.state()).isEqualTo(SwitchSession.State.READY);
        assertThat(session.dpidHex()).isEqualTo("0000005745460001");
        assertThat(session.ports()).containsOnlyKeys(1, 2);
        assertThat(events).containsExactly("ready 0000005745460001");
    }

    @Test
    @DisplayName("a switch that offers only OpenFlow 1.0 gets HELLO_FAILED/INCOMPATIBLE and is closed")
    void incompatibleVersion() {
        out(OFType.HELLO);
        ch.writeInbound(OFFactories.getFactory(OFVersion.OF_10).buildHello().setXid(1).build());
        assertThat(out(OFType.ERROR)).isInstanceOf(OFHelloFailedErrorMsg.class);
        assertThat(ch.isOpen()).isFalse();
        assertThat(session.state()).isEqualTo(SwitchSession.State.CLOSED);
    }

    @Test
    @DisplayName("a 1.5 HELLO whose bitmap includes 1.3 negotiates 1.3 (OVS with protocols unset)")
    void newerSwitchWithBitmap() {
        out(OFType.HELLO);
        OFFactory f15 = OFFactories.getFactory(OFVersion.OF_15);
        ch.writeInbound(f15.buildHello().setXid(1).setElements(List.of(f15.buildHelloElemVersionbitmap()
                .setBitmaps(List.of(U32.of((1 << 4) | (1 << 6)))).build())).build());
        assertThat(out(OFType.FEATURES_REQUEST).getVersion()).isEqualTo(OFVersion.OF_13);
    }

    @Test
    @DisplayName("ECHO_REQUEST is answered with the same xid and data")
    void echoAnswered() {
        out(OFType.HELLO);
        ch.writeInbound(F.buildEchoRequest().setXid(77).setData(new byte[] {9, 8}).build());
        assertThat(out(OFType.ECHO_REPLY)).isEqualTo(F.buildEchoReply().setXid(77).setData(new byte[] {9, 8})
                .build());
    }

    @Test
    @DisplayName("keepalive: a quiet interval sends ECHO_REQUEST, three quiet intervals close the connection")
    void keepaliveAndTimeout() {
        handshake();
        ch.writeInbound(F.buildEchoReply().setXid(1).setData(new byte[0]).build());
        ch.advanceTimeBy(1, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertThat(ch.<Object>readOutbound()).as("no echo after a busy interval").isNull();
        ch.advanceTimeBy(1, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        out(OFType.ECHO_REQUEST);
        ch.advanceTimeBy(1, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        out(OFType.ECHO_REQUEST);
        assertThat(ch.isOpen()).isTrue();
        ch.advanceTimeBy(1, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertThat(ch.isOpen()).isFalse();
        assertThat(events).endsWith("gone");
    }

    @Test
    @DisplayName("transaction: errors with the transaction's xids arrive before the barrier reply and are kept")
    void transactionCollectsErrors() throws Exception {
        handshake();
        OFMessage flow = F.buildFlowAdd().setPriority(1).build();
        CompletableFuture<TransactionResult> tx = session.transaction(List.of(flow, flow, flow));
        List<OFMessage> batch = outBatch();
        assertThat(batch).extracting(OFMessage::getType).containsExactly(OFType.FLOW_MOD, OFType.FLOW_MOD,
                OFType.FLOW_MOD, OFType.BARRIER_REQUEST);
        OFMessage first = batch.get(0);
        OFMessage third = batch.get(2);
        OFMessage barrier = batch.get(3);
        OFErrorMsg error = F.errorMsgs().buildBadMatchErrorMsg().setXid(third.getXid())
                .setCode(OFBadMatchCode.BAD_PREREQ).build();
        ch.writeInbound(error);
        assertThat(tx).isNotDone();
        ch.writeInbound(F.buildBarrierReply().setXid(barrier.getXid()).build());
        TransactionResult result = tx.get(1, TimeUnit.SECONDS);
        assertThat(result.messages()).isEqualTo(3);
        assertThat(result.errors()).containsExactly(error);
        assertThat(result.ok()).isFalse();
        assertThat(first.getXid()).isLessThan(third.getXid());
        ch.writeInbound(F.errorMsgs().buildBadMatchErrorMsg().setXid(first.getXid())
                .setCode(OFBadMatchCode.BAD_PREREQ).build());
        assertThat(session.unsolicitedErrors()).as("late error after the transaction ended").isEqualTo(1);
    }

    @Test
    @DisplayName("a multipart request accumulates REPLY_MORE parts until the last one")
    void multipartAccumulates() throws Exception {
        handshake();
        CompletableFuture<List<OFFlowStatsReply>> f = session.multipart(F.buildFlowStatsRequest().build());
        OFMessage req = out(OFType.STATS_REQUEST);
        ch.writeInbound(F.buildFlowStatsReply().setXid(req.getXid())
                .setFlags(EnumSet.of(OFStatsReplyFlags.REPLY_MORE)).build());
        ch.writeInbound(F.buildFlowStatsReply().setXid(req.getXid())
                .setFlags(EnumSet.of(OFStatsReplyFlags.REPLY_MORE)).build());
        assertThat(f).isNotDone();
        ch.writeInbound(F.buildFlowStatsReply().setXid(req.getXid()).build());
        assertThat(f.get(1, TimeUnit.SECONDS)).hasSize(3);
    }

    @Test
    @DisplayName("a request without reply fails after the request timeout, naming type and xid")
    void requestTimesOut() {
        handshake();
        Pending p = request(F.buildBarrierRequest().build());
        ch.advanceTimeBy(5, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        while (ch.readOutbound() != null) {
            // echo requests sent meanwhile
        }
        assertThat(p.reply()).isCompletedExceptionally();
        assertThat(p.failure()).contains("BARRIER_REQUEST").contains("xid " + p.sent().getXid())
                .contains("within PT5S");
    }

    @Test
    @DisplayName("an error reply fails the request with the switch's error")
    void requestFailsOnError() {
        handshake();
        Pending p = request(F.buildFlowAdd().build());
        ch.writeInbound(F.errorMsgs().buildBadMatchErrorMsg().setXid(p.sent().getXid())
                .setCode(OFBadMatchCode.BAD_PREREQ).build());
        assertThat(p.failure()).contains("BAD_PREREQ");
    }

    @Test
    @DisplayName("PORT_STATUS updates the port table and reaches the listener; disconnect fails pending requests")
    void portStatusAndDisconnect() {
        handshake();
        ch.writeInbound(F.buildPortStatus().setReason(OFPortReason.MODIFY).setDesc(port(2, false)).build());
        ch.writeInbound(F.buildPortStatus().setReason(OFPortReason.DELETE).setDesc(port(1, false)).build());
        assertThat(session.ports()).containsOnlyKeys(2);
        assertThat(session.ports().get(2).getState()).contains(OFPortState.LINK_DOWN);
        Pending p = request(F.buildBarrierRequest().build());
        ch.close();
        assertThat(p.failure()).contains("disconnected");
        assertThat(events).containsExactly("ready 0000005745460001", "port MODIFY 2", "port DELETE 1", "gone");
    }

    @Test
    @DisplayName("skipped frames are counted and the session stays up")
    void skippedFramesCounted() {
        out(OFType.HELLO);
        ch.writeInbound(new OfFrameError(OfFrameError.Kind.UNPARSABLE, 4, 200, 12, 1, "unknown type"));
        assertThat(session.skippedFrames()).isEqualTo(1);
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    @DisplayName("operator review: a peer that sends HELLO and then ERROR messages is closed at the first one and "
            + "never reaches the fabric's event log")
    void errorBeforeHandshakeCloses() {
        out(OFType.HELLO);
        ch.writeInbound(F.buildHello().setXid(1).build());
        out(OFType.FEATURES_REQUEST);
        OFErrorMsg error = F.errorMsgs().buildBadRequestErrorMsg().setXid(999)
                .setCode(org.projectfloodlight.openflow.protocol.OFBadRequestCode.BAD_TYPE).build();
        for (int i = 0; i < 1000 && ch.isOpen(); i++) {
            ch.writeInbound(error);
        }
        assertThat(ch.isOpen()).isFalse();
        assertThat(events).containsExactly("gone");
        assertThat(session.unsolicitedErrors()).isEqualTo(1);
    }
}

package weft.controller.openflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFBadRequestCode;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketInReason;
import org.projectfloodlight.openflow.protocol.OFPortConfig;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFStatsReplyFlags;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.DatapathId;
import org.projectfloodlight.openflow.types.EthType;
import org.projectfloodlight.openflow.types.IPv4Address;
import org.projectfloodlight.openflow.types.MacAddress;
import org.projectfloodlight.openflow.types.OFBufferId;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;

class OfFrameDecoderTest {
    private static final OFFactory F = SwitchSession.F;
    private EmbeddedChannel ch;

    @AfterEach
    void nothingLeft() {
        if (ch != null) {
            assertThat(ch.finish()).as("finish() with nothing left over").isFalse();
        }
    }

    /** One message of each kind the controller sends or receives. */
    static List<OFMessage> samples() {
        return List.of(
                F.buildHello().setXid(1).build(),
                F.buildEchoRequest().setXid(2).setData(new byte[] {1, 2, 3}).build(),
                F.buildFeaturesReply().setXid(3).setDatapathId(DatapathId.of(0x5745460001L)).setNBuffers(0)
                        .setNTables((short) 254).build(),
                F.buildFlowAdd().setXid(4).setTableId(TableId.of(0)).setPriority(100)
                        .setCookie(U64.of(0x5745465400000001L)).setBufferId(OFBufferId.NO_BUFFER)
                        .setMatch(F.buildMatch().setExact(MatchField.ETH_TYPE, EthType.IPv4)
                                .setExact(MatchField.IPV4_DST, IPv4Address.of("10.0.0.7")).build())
                        .setInstructions(List.of(F.instructions().applyActions(List.of(
                                F.actions().output(OFPort.of(3), 0xffff))))).build(),
                F.buildPacketIn().setXid(5).setReason(OFPacketInReason.NO_MATCH).setBufferId(OFBufferId.NO_BUFFER)
                        .setMatch(F.buildMatch().setExact(MatchField.IN_PORT, OFPort.of(2)).build())
                        .setData(new byte[60]).build(),
                F.buildPortDescStatsReply().setXid(6).setFlags(EnumSet.of(OFStatsReplyFlags.REPLY_MORE))
                        .setEntries(List.of(F.buildPortDesc().setPortNo(OFPort.of(1)).setName("p1")
                                .setHwAddr(MacAddress.of("02:00:00:00:00:01"))
                                .setConfig(EnumSet.noneOf(OFPortConfig.class))
                                .setState(EnumSet.of(OFPortState.LIVE)).build())).build(),
                F.errorMsgs().buildBadRequestErrorMsg().setXid(7).setCode(OFBadRequestCode.BAD_TYPE).build(),
                F.buildBarrierReply().setXid(8).build());
    }

    private static ByteBuf encode(List<OFMessage> messages) {
        ByteBuf buf = Unpooled.buffer();
        for (OFMessage m : messages) {
            m.writeTo(buf);
        }
        return buf;
    }

    /** What {@code decoder}, on a new channel, passes on from {@code reads} written inbound one after another. */
    private List<Object> decode(OfFrameDecoder decoder, ByteBuf... reads) {
        ch = new EmbeddedChannel(decoder);
        for (ByteBuf read : reads) {
            ch.writeInbound(read);
        }
        List<Object> out = new ArrayList<>();
        for (Object o = ch.readInbound(); o != null; o = ch.readInbound()) {
            out.add(o);
        }
        return out;
    }

    @Test
    @DisplayName("every message type round-trips through encoder and decoder")
    void roundTrip() {
        ch = new EmbeddedChannel(new OfFrameDecoder(), new OfMessageEncoder());
        for (OFMessage m : samples()) {
            assertThat(ch.writeOutbound(m)).isTrue();
            ByteBuf wire = ch.readOutbound();
            ch.writeInbound(wire);
            assertThat(ch.<Object>readInbound()).isEqualTo(m);
        }
    }

    @Test
    @DisplayName("a stream split at every byte offset yields the same messages")
    void splitsAtEveryOffset() {
        List<OFMessage> messages = samples();
        ByteBuf whole = encode(messages);
        int n = whole.readableBytes();
        for (int cut = 0; cut <= n; cut++) {
            assertThat(decode(new OfFrameDecoder(), whole.retainedSlice(0, cut), whole.retainedSlice(cut, n - cut)))
                    .as("cut at %d of %d", cut, n).containsExactlyElementsOf(messages);
            assertThat(ch.finish()).isFalse();
        }
        whole.release();
        ch = null;
    }

    @Test
    @DisplayName("a truncated frame yields nothing until the rest arrives, and nothing at close")
    void truncated() {
        ByteBuf wire = encode(List.of(samples().get(3)));
        assertThat(decode(new OfFrameDecoder(), wire.readRetainedSlice(wire.readableBytes() - 1))).isEmpty();
        wire.release();
    }

    @Test
    @DisplayName("an unknown message type is skipped as one frame and the next message still decodes")
    void unknownTypeIsSkipped() {
        ByteBuf buf = Unpooled.buffer();
        buf.writeByte(4).writeByte(200).writeShort(12).writeInt(99).writeInt(0xdeadbeef);
        OFMessage barrier = F.buildBarrierReply().setXid(100).build();
        barrier.writeTo(buf);
        List<Object> out = decode(new OfFrameDecoder(), buf);
        assertThat(out).hasSize(2);
        assertThat(out.get(0)).isInstanceOfSatisfying(OfFrameError.class, e -> {
            assertThat(e.kind()).isEqualTo(OfFrameError.Kind.UNPARSABLE);
            assertThat(e.type()).isEqualTo(200);
            assertThat(e.xid()).isEqualTo(99);
        });
        assertThat(out.get(1)).isEqualTo(barrier);
    }

    @Test
    @DisplayName("an unknown wire version is skipped and the stream stays in sync")
    void unknownVersionIsSkipped() {
        ByteBuf buf = Unpooled.buffer();
        buf.writeByte(9).writeByte(0).writeShort(8).writeInt(5);
        OFMessage hello = F.buildHello().setXid(6).build();
        hello.writeTo(buf);
        List<Object> out = decode(new OfFrameDecoder(), buf);
        assertThat(out.get(0)).isInstanceOf(OfFrameError.class);
        assertThat(out.get(1)).isEqualTo(hello);
    }

    @Test
    @DisplayName("an oversize frame arriving in pieces is discarded and the next frame decodes")
    void oversizeIsSkippedAcrossReads() {
        ByteBuf big = encode(List.of(F.buildPacketIn().setXid(1).setReason(OFPacketInReason.NO_MATCH)
                .setBufferId(OFBufferId.NO_BUFFER).setMatch(F.buildMatch().build()).setData(new byte[200]).build()));
        OFMessage next = F.buildEchoReply().setXid(2).setData(new byte[0]).build();
        List<Object> out = decode(new OfFrameDecoder(64), big.readRetainedSlice(50), big.readRetainedSlice(100), big,
                encode(List.of(next)));
        assertThat(out).hasSize(2);
        assertThat(out.get(0)).isInstanceOfSatisfying(OfFrameError.class,
                e -> assertThat(e.kind()).isEqualTo(OfFrameError.Kind.OVERSIZE));
        assertThat(out.get(1)).isEqualTo(next);
    }

    @Test
    @DisplayName("a length field below the header closes the connection with BAD_LENGTH")
    void badLengthCloses() {
        ByteBuf buf = Unpooled.buffer();
        buf.writeByte(4).writeByte(0).writeShort(4).writeInt(1).writeInt(0);
        assertThat(decode(new OfFrameDecoder(), buf)).singleElement().isInstanceOfSatisfying(OfFrameError.class,
                e -> assertThat(e.kind()).isEqualTo(OfFrameError.Kind.BAD_LENGTH));
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    @DisplayName("the constructor names a bad maxFrameLength")
    void checksArguments() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new OfFrameDecoder(4))
                .hasMessageContaining("maxFrameLength");
    }
}

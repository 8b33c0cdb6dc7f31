package weft.controller.openflow;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFStatsReplyFlags;
import org.projectfloodlight.openflow.protocol.OFType;
import org.projectfloodlight.openflow.types.DatapathId;
import org.slf4j.LoggerFactory;
import weft.controller.testing.FakeSwitch;
import weft.controller.testing.Await;
import weft.controller.testing.TestLoop;

/** The memory bounds of a switch connection: gathered multipart parts, and replies the switch never reads. */
class SessionBoundsTest {
    private static final OFFactory F = SwitchSession.F;
    @RegisterExtension
    final TestLoop group = new TestLoop();

    private static ByteBuf wire(OFMessage m) {
        ByteBuf b = Unpooled.buffer();
        m.writeTo(b);
        return b;
    }

    private static OFMessage out(EmbeddedChannel ch, OFType type) {
        OFMessage m = ch.readOutbound();
        assertThat(m).as("expected an outbound %s", type).isNotNull();
        assertThat(m.getType()).isEqualTo(type);
        return m;
    }

    @Test
    @DisplayName("operator review: endless REPLY_MORE parts fail the request and close the connection at the "
            + "multipart bound, with one log line naming it")
    void multipartBound() throws Exception {
        ListAppender<ILoggingEvent> log = capture();
        SwitchSession session = new SwitchSession(SessionConfig.defaults().withMaxMultipartBytes(64 << 10),
                new SwitchListener() {
                    @Override
                    public void switchReady(SwitchSession s) {
                    }

                    @Override
                    public void switchDisconnected(SwitchSession s) {
                    }
                });
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.freezeTime();
        ch.pipeline().addLast(new OfFrameDecoder(), session);
        ch.pipeline().fireChannelActive();
        out(ch, OFType.HELLO);
        ch.writeInbound(wire(F.buildHello().setXid(1).build()));
        OFMessage fr = out(ch, OFType.FEATURES_REQUEST);
        ch.writeInbound(wire(F.buildFeaturesReply().setXid(fr.getXid()).setDatapathId(DatapathId.of(7))
                .setNBuffers(0).setNTables((short) 254).build()));
        out(ch, OFType.SET_CONFIG);
        OFMessage pd = out(ch, OFType.STATS_REQUEST);
        ch.writeInbound(wire(F.buildPortDescStatsReply().setXid(pd.getXid()).build()));
        assertThat(session.state()).isEqualTo(SwitchSession.State.READY);

        CompletableFuture<List<OFFlowStatsReply>> dump = session.multipart(F.buildFlowStatsRequest().build());
        OFMessage request = out(ch, OFType.STATS_REQUEST);
        OFMessage part = F.buildFlowStatsReply().setXid(request.getXid())
                .setFlags(EnumSet.of(OFStatsReplyFlags.REPLY_MORE)).build();
        int sent = 0;
        for (; sent < 100_000 && ch.isOpen(); sent++) {
            ch.writeInbound(wire(part));
        }
        assertThat(ch.isOpen()).isFalse();
        assertThat(sent).isEqualTo((64 << 10) / SwitchSession.MIN_PART_CHARGE + 1);
        assertThat(dump).isCompletedExceptionally();
        assertThat(dump.handle((r, e) -> e.getCause().getMessage()).get())
                .endsWith("multipart reply over 65536 bytes; connection closed");
        assertThat(log.list).extracting(ILoggingEvent::getFormattedMessage)
                .filteredOn(m -> m.contains("multipart replies not complete hold more than 65536 bytes")).hasSize(1);
        ch.finishAndReleaseAll();
    }

    @Test
    @DisplayName("operator review: 64 KiB ECHO_REQUESTs whose replies are never read: the session stops reading at "
            + "the high water mark, holds at most about that much, and closes the switch that makes no progress")
    void unreadRepliesBounded() throws Exception {
        ListAppender<ILoggingEvent> log = capture();
        CompletableFuture<SwitchSession> ready = new CompletableFuture<>();
        SessionConfig fast = new SessionConfig(Duration.ofMillis(200), 3, Duration.ofSeconds(5),
                Duration.ofSeconds(5));
        try (OfServer server = OfServer.plain(new InetSocketAddress("127.0.0.1", 0), fast, new SwitchListener() {
            @Override
            public void switchReady(SwitchSession s) {
                ready.complete(s);
            }

            @Override
            public void switchDisconnected(SwitchSession s) {
            }
        })) {
            FakeSwitch peer = new FakeSwitch(9, 1).connect(group, server.port());
            SwitchSession session = ready.get(10, TimeUnit.SECONDS);
            peer.channel().config().setOption(ChannelOption.SO_RCVBUF, 4096);
            peer.channel().config().setAutoRead(false);
            byte[] payload = new byte[OfFrameDecoder.MAX_WIRE_LENGTH - OfFrameDecoder.HEADER_LENGTH];
            AtomicLong maxUnsent = new AtomicLong();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            int sent = 0;
            while (peer.channel().isActive() && System.nanoTime() < deadline) {
                if (peer.channel().isWritable() && sent < 2000) {
                    peer.channel().writeAndFlush(F.buildEchoRequest().setXid(sent++).setData(payload).build());
                } else {
                    Thread.sleep(5);
                }
                maxUnsent.accumulateAndGet(session.unsentBytes(), Math::max);
            }
            assertThat(peer.channel().isActive()).as("the switch that reads nothing is closed").isFalse();
            assertThat(maxUnsent.get()).as("bytes queued for the switch")
                    .isLessThanOrEqualTo(OfServer.WATER_MARK.high() + 2L * 64 * 1024);
            assertThat(log.list).extracting(ILoggingEvent::getFormattedMessage)
                    .anySatisfy(m -> assertThat(m).contains("has read none of our last"));
        }
    }

    @Test
    @DisplayName("connections beyond the limit are closed on accept, handshaking or not; the open ones go on")
    @SuppressWarnings("try") // b only holds the second connection open
    void connectionLimit() throws Exception {
        try (OfServer server = OfServer.plain(new InetSocketAddress("127.0.0.1", 0), SessionConfig.defaults(),
                new SwitchListener() {
                    @Override
                    public void switchReady(SwitchSession s) {
                    }

                    @Override
                    public void switchDisconnected(SwitchSession s) {
                    }
                }, 2);
             java.net.Socket a = new java.net.Socket("127.0.0.1", server.port());
             java.net.Socket b = new java.net.Socket("127.0.0.1", server.port())) {
            Await.until("two connections accepted", () -> server.openConnections() >= 2);
            try (java.net.Socket c = new java.net.Socket("127.0.0.1", server.port())) {
                c.setSoTimeout(20_000);
                assertThat(c.getInputStream().read()).as("third connection closed on accept").isEqualTo(-1);
            }
            a.setSoTimeout(20_000);
            assertThat(a.getInputStream().read()).as("first byte of the controller's HELLO").isEqualTo(4);
        }
    }

    private static ListAppender<ILoggingEvent> capture() {
        ListAppender<ILoggingEvent> a = new ListAppender<>();
        a.start();
        ((Logger) LoggerFactory.getLogger(SwitchSession.class)).addAppender(a);
        return a;
    }
}

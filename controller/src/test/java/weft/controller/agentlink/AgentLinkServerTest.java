package weft.controller.agentlink;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslContextBuilder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import weft.controller.testing.TestCerts;
import weft.model.protocol.ControlLineCodec;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.DestinationRate;
import weft.model.protocol.VoqReport;

/**
 * The registry's Netty shell on embedded channels and a stepped clock: a round trip per message type, a stream
 * split at every byte offset, truncated, oversize and unknown lines, the timeouts and bounds, and what reaches the
 * log. Every channel ends with {@code finish()} false: nothing left unread or unreleased.
 */
class AgentLinkServerTest {
    private static final String TOKEN = AgentRegistryTest.TOKEN;
    private static final long S = 1_000_000_000L;
    private final AtomicLong clock = new AtomicLong(5_000 * S);
    private final List<EmbeddedChannel> channels = new ArrayList<>();
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final ControlLineCodec codec = new ControlLineCodec();
    private AgentLinkServer server;

    @BeforeEach
    void setUp() {
        AgentLinkLimits limits = AgentLinkLimits.defaults();
        server = new AgentLinkServer(new InetSocketAddress(0), null, new AgentRegistry(AgentToken.of(TOKEN, "test"),
                PathProvider.NONE, null, RegistrationCheck.syntax(List.of(), RegistrationCheck.SYNTAX), r -> { },
                limits), limits, clock::get);
        log.start();
        ((Logger) LoggerFactory.getLogger(AgentLinkServer.class)).addAppender(log);
    }

    @AfterEach
    void finishEveryChannel() {
        ((Logger) LoggerFactory.getLogger(AgentLinkServer.class)).detachAppender(log);
        for (EmbeddedChannel ch : channels) {
            drain(ch);
            assertThat(ch.finish()).as("nothing left in the channel").isFalse();
        }
        assertThat(logText()).doesNotContain(TOKEN).doesNotContain(hex(TOKEN));
    }

    private String logText() {
        StringBuilder sb = new StringBuilder();
        log.list.forEach(e -> sb.append(e.getLevel()).append(' ').append(e.getFormattedMessage()).append('\n'));
        return sb.toString();
    }

    private static String hex(String s) {
        return HexFormat.of().formatHex(s.getBytes(StandardCharsets.UTF_8));
    }

    private EmbeddedChannel channel() {
        EmbeddedChannel ch = new EmbeddedChannel(server.newSessionHandler());
        channels.add(ch);
        return ch;
    }

    private void write(EmbeddedChannel ch, byte[] bytes) {
        ch.writeInbound(Unpooled.wrappedBuffer(bytes));
    }

    private void write(EmbeddedChannel ch, ControlMessage m) {
        write(ch, codec.encode(m));
    }

    /** Steps the clock by {@code nanos} and ticks the shell; what it then wrote to {@code ch}, decoded. */
    private List<ControlMessage> tickAfter(long nanos, EmbeddedChannel ch) {
        clock.addAndGet(nanos);
        server.tick();
        return drain(ch);
    }

    /** Everything the shell wrote to {@code ch}, decoded. */
    private List<ControlMessage> drain(EmbeddedChannel ch) {
        List<ControlLineCodec.Decoded> out = new ArrayList<>();
        ControlLineCodec reader = new ControlLineCodec();
        for (Object o = ch.readOutbound(); o != null; o = ch.readOutbound()) {
            ByteBuf b = (ByteBuf) o;
            try {
                reader.decode(b.nioBuffer(), out);
            } finally {
                b.release();
            }
        }
        return out.stream().map(d -> ((ControlLineCodec.Message) d).message()).toList();
    }

    private static ControlMessage.Register register(String host, String ip) {
        return new ControlMessage.Register(host, ip, "02:00:00:00:00:01", 7470, "s1:1", TOKEN);
    }

    private EmbeddedChannel agent(String host, String ip) {
        EmbeddedChannel ch = channel();
        write(ch, register(host, ip));
        assertThat(drain(ch)).first().isInstanceOf(ControlMessage.Registered.class);
        return ch;
    }

    @Test
    @DisplayName("A round trip per message type: register, set-rate, rates, report, flows, error, ok and registered")
    void roundTripPerType() {
        EmbeddedChannel h1 = agent("h1", "10.0.0.1");
        agent("h2", "10.0.0.2");
        EmbeddedChannel admin = channel();
        write(admin, new ControlMessage.SetRate("h1", "h2", 9_000_000L, "rr", TOKEN));
        assertThat(drain(admin)).containsExactly(new ControlMessage.Ok("rate h1 -> h2 = 9000000 bit/s pushed"));
        assertThat(drain(h1)).containsExactly(new ControlMessage.Rates(false, List.of(
                new DestinationRate("h2", "10.0.0.2", 7470, 9_000_000L, "rr", List.of(), 0, true))));
        write(h1, new ControlMessage.Report("h1", List.of(new VoqReport("h2", 0, 1, 1500, 0, 9_000_000L))));
        write(h1, new ControlMessage.Flows("h1", List.of("10.0.0.2")));
        assertThat(drain(h1)).as("report and flows need no answer").isEmpty();
        assertThat(server.lastReport("h1")).hasSize(1);
        write(h1, new ControlMessage.Error("the VOQ is \r\nfull"));
        assertThat(logText()).contains("WARN agent h1: the VOQ is \\r\\nfull");
        for (ControlMessage unexpected : List.of(new ControlMessage.Ok("x"), new ControlMessage.Registered("h1", 1),
                new ControlMessage.Rates(true, List.of()))) {
            write(h1, unexpected);
            assertThat(drain(h1)).containsExactly(new ControlMessage.Error("agent link: unexpected type '"
                    + unexpected.type() + "' from an agent"));
        }
        assertThat(server.connectedHosts()).containsExactly("h1", "h2");
        assertThat(server.rate("h1", "h2")).isEqualTo(9_000_000L);
        assertThat(server.view()).extracting(AgentView::host).containsExactly("h1", "h2");
    }

    @Test
    @DisplayName("Register and set-rate split in two at every byte offset are answered the same")
    void splitAtEveryByteOffset() {
        agent("h2", "10.0.0.2");
        byte[] reg = codec.encode(register("h1", "10.0.0.1"));
        byte[] set = codec.encode(new ControlMessage.SetRate("h1", "h2", 1_000_000L, null, TOKEN));
        byte[] both = new byte[reg.length + set.length];
        System.arraycopy(reg, 0, both, 0, reg.length);
        System.arraycopy(set, 0, both, reg.length, set.length);
        for (int cut = 0; cut <= both.length; cut++) {
            EmbeddedChannel ch = channel();
            write(ch, java.util.Arrays.copyOfRange(both, 0, cut));
            write(ch, java.util.Arrays.copyOfRange(both, cut, both.length));
            List<ControlMessage> got = drain(ch);
            assertThat(got).as("cut at %d", cut).hasSize(3);
            assertThat(got.get(0)).isInstanceOf(ControlMessage.Registered.class);
            assertThat(got).contains(new ControlMessage.Ok("rate h1 -> h2 = 1000000 bit/s pushed"));
            ch.close();
        }
    }

    @Test
    @DisplayName("A truncated line waits for its end and leaves nothing behind when the peer goes; oversize and "
            + "unknown lines are answered and skipped")
    void truncatedOversizeAndUnknownLines() {
        EmbeddedChannel cut = channel();
        byte[] reg = codec.encode(register("h1", "10.0.0.1"));
        write(cut, java.util.Arrays.copyOf(reg, reg.length / 2));
        assertThat(drain(cut)).isEmpty();
        cut.close();
        assertThat(server.connectedHosts()).isEmpty();

        EmbeddedChannel ch = channel();
        write(ch, ("x".repeat(70_000) + "\n").getBytes(StandardCharsets.UTF_8));
        write(ch, "{\"v\":1,\"type\":\"beam\"}\n".getBytes(StandardCharsets.UTF_8));
        write(ch, reg);
        List<ControlMessage> got = drain(ch);
        assertThat(got).hasSize(3);
        assertThat(got.get(0)).isEqualTo(new ControlMessage.Error("control line longer than 65536 bytes, skipped"));
        assertThat(((ControlMessage.Error) got.get(1)).message()).contains("unknown type 'beam'");
        assertThat(got.get(2)).isInstanceOf(ControlMessage.Registered.class);
    }

    @Test
    @DisplayName("200 wrong tokens in one burst on one connection get one answer, one log line with the peer, and "
            + "the connection closed")
    void wrongTokensEndTheConnection() {
        EmbeddedChannel ch = channel();
        StringBuilder burst = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            burst.append(new String(codec.encode(new ControlMessage.SetRate("h1", "h2", 1, null, "guess" + i)),
                    StandardCharsets.UTF_8));
        }
        write(ch, burst.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(drain(ch)).containsExactly(new ControlMessage.Error("set-rate h1 -> h2: bad token"));
        assertThat(ch.isOpen()).isFalse();
        assertThat(log.list).filteredOn(e -> e.getFormattedMessage().contains("wrong token")).singleElement()
                .satisfies(e -> assertThat(e.getFormattedMessage()).contains("from embedded:0")
                        .doesNotContain("guess"));
    }

    @Test
    @DisplayName("A silent session is closed after 30 s on the stepped clock, one that never registers after 10 s")
    void timeouts() {
        EmbeddedChannel h1 = agent("h1", "10.0.0.1");
        EmbeddedChannel mute = channel();
        assertThat(tickAfter(10 * S, mute)).containsExactly(new ControlMessage.Error("agent link: no register or "
                + "set-rate with the token within 10 s; closing"));
        assertThat(mute.isOpen()).isFalse();
        assertThat(h1.isOpen()).isTrue();
        assertThat(tickAfter(20 * S, h1)).containsExactly(new ControlMessage.Error("agent link: nothing received "
                + "for 30 s; closing"));
        assertThat(h1.isOpen()).isFalse();
        assertThat(server.connectedHosts()).isEmpty();
    }

    @Test
    @DisplayName("A peer that leaves more than the bound unread is closed")
    void unreadRepliesCloseTheSession() {
        EmbeddedChannel h1 = agent("h1", "10.0.0.1");
        h1.unsafe().outboundBuffer().setUserDefinedWritability(1, false);
        h1.runPendingTasks();
        assertThat(h1.isOpen()).isFalse();
        assertThat(logText()).contains("the peer leaves more than");
    }

    @Test
    @DisplayName("A plaintext client on the TLS port: its line (token included) never reaches the log")
    void plaintextOnTheTlsPortIsNotLogged(@TempDir Path dir) throws Exception {
        TestCerts.SelfSigned pem = TestCerts.selfSigned(dir, "127.0.0.1");
        var tls = SslContextBuilder.forServer(pem.cert(), pem.key()).build();
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast(tls.newHandler(ch.alloc()), server.newSessionHandler());
        channels.add(ch);
        write(ch, register("h1", "10.0.0.1"));
        for (Object o = ch.readOutbound(); o != null; o = ch.readOutbound()) {
            ((ByteBuf) o).release(); // a TLS alert, if any
        }
        assertThat(ch.isOpen()).isFalse();
        assertThat(logText()).contains("not a TLS record (a plaintext client on the TLS port?)");
    }
}

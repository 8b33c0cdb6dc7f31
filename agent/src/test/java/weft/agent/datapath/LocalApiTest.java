package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The local API's shell on embedded channels, with the pipeline the agent builds (4-byte length framing): each
 * operation's frames, bad frames answered and skipped, a stream split at every byte offset, truncated and oversize
 * frames, and {@code finish()} false at the end.
 */
class LocalApiTest {
    private final DefaultEventLoopGroup group = new DefaultEventLoopGroup(1);
    private final DataPath path;
    private final List<EmbeddedChannel> channels = new ArrayList<>();

    LocalApiTest() throws Exception {
        path = new DataPath(DataPathConfig.defaults(InetAddress.getByName("127.0.0.1")), Transport.best(), group);
    }

    @AfterEach
    void finish() {
        for (EmbeddedChannel ch : channels) {
            replies(ch);
            assertThat(ch.finish()).as("nothing left in the channel").isFalse();
        }
        group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    private EmbeddedChannel channel() {
        EmbeddedChannel ch = new EmbeddedChannel(new LengthFieldBasedFrameDecoder(LocalFrames.MAX_FRAME, 0, 4, 0, 4),
                new LengthFieldPrepender(4), new LocalApi(path));
        channels.add(ch);
        return ch;
    }

    private static byte[] frame(byte op, byte[] body) {
        return ByteBuffer.allocate(5 + body.length).putInt(1 + body.length).put(op).put(body).array();
    }

    /** Every frame the agent wrote, as "op:text". */
    private static List<String> replies(EmbeddedChannel ch) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Object o = ch.readOutbound(); o != null; o = ch.readOutbound()) {
            ByteBuf b = (ByteBuf) o;
            byte[] bytes = new byte[b.readableBytes()];
            b.readBytes(bytes);
            b.release();
            all.writeBytes(bytes);
        }
        ByteBuffer in = ByteBuffer.wrap(all.toByteArray());
        List<String> out = new ArrayList<>();
        while (in.remaining() >= 4) {
            byte[] f = new byte[in.getInt()];
            in.get(f);
            out.add((char) f[0] + ":" + new String(f, 1, f.length - 1, StandardCharsets.UTF_8));
        }
        return out;
    }

    private static final byte[] BAD_STREAM = join(frame(LocalFrames.STREAM_OPEN, new byte[8]),
            frame(LocalFrames.SEND, new byte[2]), frame((byte) 'Z', new byte[0]),
            frame(LocalFrames.QUERY, new byte[1]), frame(LocalFrames.SUBSCRIBE, new byte[0]));

    private static byte[] join(byte[]... frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Arrays.stream(frames).forEach(out::writeBytes);
        return out.toByteArray();
    }

    private static final List<String> BAD_REPLIES = List.of(
            "E:local api: send frame of 3 bytes, expected at least 5 (op + IPv4 destination)",
            "E:local api: unknown operation 0x5a, expected S, R, Q, O, M or A",
            "E:local api: query frame of 2 bytes, expected 6 (op + IPv4 destination + reset flag)");

    @Test
    @DisplayName("Stream open, subscribe and bad frames: claimed, subscribed, each bad frame answered and skipped")
    void operationsAndBadFrames() {
        EmbeddedChannel app = channel();
        app.writeInbound(Unpooled.wrappedBuffer(BAD_STREAM));
        assertThat(replies(app)).isEqualTo(BAD_REPLIES);
        assertThat(path.streamOwners().owner(0)).isSameAs(app);
        assertThat(path.subscribers()).containsExactly(app);
        app.writeInbound(Unpooled.wrappedBuffer(frame(LocalFrames.STREAM_ACK, new byte[3])));
        assertThat(replies(app)).containsExactly("E:local api: stream ack frame of 4 bytes, expected 22 (op + "
                + "source IPv4 + stream id + next + flags)");
        app.close();
        assertThat(path.streamOwners().owner(0)).as("given up with the connection").isNull();
        assertThat(path.subscribers()).isEmpty();
    }

    @Test
    @DisplayName("The same frames split in two at every byte offset are answered the same")
    void splitAtEveryOffset() {
        for (int cut = 0; cut <= BAD_STREAM.length; cut++) {
            EmbeddedChannel app = channel();
            app.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(BAD_STREAM, 0, cut)));
            app.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(BAD_STREAM, cut, BAD_STREAM.length)));
            assertThat(replies(app)).as("cut at %d", cut).isEqualTo(BAD_REPLIES);
            app.close();
        }
    }

    @Test
    @DisplayName("A truncated frame waits and leaves nothing behind; an oversize one closes the connection")
    void truncatedAndOversize() {
        EmbeddedChannel cut = channel();
        byte[] open = frame(LocalFrames.STREAM_OPEN, new byte[8]);
        cut.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOf(open, 6)));
        assertThat(replies(cut)).isEmpty();
        assertThat(path.streamOwners().owner(0)).isNull();
        cut.close();

        EmbeddedChannel big = channel();
        big.writeInbound(Unpooled.wrappedBuffer(ByteBuffer.allocate(8).putInt(LocalFrames.MAX_FRAME + 1)
                .put(LocalFrames.SEND).array()));
        assertThat(big.isOpen()).isFalse();
    }
}

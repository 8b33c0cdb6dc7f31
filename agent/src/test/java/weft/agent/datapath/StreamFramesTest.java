package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoopGroup;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The reliable-stream wire format: fragment headers round-trip; malformed stream frames from an application are
 * answered with an error that names the frame, its size and what was expected, and the session continues.
 */
class StreamFramesTest {
    private final Transport transport = Transport.best();
    private final EventLoopGroup group = transport.newGroup(1);
    private DataPath a;

    @AfterEach
    void tearDown() {
        if (a != null) {
            a.close();
        }
        group.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void fragmentHeaderRoundTripsEveryField() {
        ByteBuffer b = ByteBuffer.allocate(StreamFragment.LENGTH + 3);
        StreamFragment.write(b, true, 65535, 0x1122334455667788L, 1L << 40, (1L << 40) - 7);
        b.put(new byte[] {1, 2, 3});
        StreamFragment.Header h = StreamFragment.parse(b.array(), 0, b.capacity(), "test");
        assertThat(h).isEqualTo(new StreamFragment.Header(true, 65535, 0x1122334455667788L, 1L << 40,
                (1L << 40) - 7, StreamFragment.LENGTH, 3));
        assertThat(StreamFragment.MAX_DATA + StreamFragment.LENGTH).isEqualTo(ShimHeader.MAX_PAYLOAD);
    }

    @Test
    void malformedFragmentsAreTypedErrorsNamingTheProblem() {
        byte[] shortOne = new byte[10];
        shortOne[0] = 1;
        assertThatThrownBy(() -> StreamFragment.parse(shortOne, 0, 10, "fragment from 10.0.0.1"))
                .isInstanceOf(StreamFormatException.class)
                .hasMessage("fragment from 10.0.0.1: stream fragment of 10 bytes, expected at least the 28-byte "
                        + "header");
        byte[] v2 = new byte[40];
        v2[0] = 2;
        assertThatThrownBy(() -> StreamFragment.parse(v2, 0, 40, "fragment from 10.0.0.1"))
                .isInstanceOf(StreamFormatException.class)
                .hasMessage("fragment from 10.0.0.1: stream fragment version 2, expected 1");
    }

    private static void frame(DataOutputStream out, byte op, byte[] body) throws Exception {
        out.writeInt(1 + body.length);
        out.writeByte(op);
        out.write(body);
        out.flush();
    }

    private static String error(DataInputStream in) throws Exception {
        byte[] f = new byte[in.readInt()];
        in.readFully(f);
        assertThat(f[0]).isEqualTo(LocalFrames.ERROR);
        return new String(f, 1, f.length - 1, StandardCharsets.UTF_8);
    }

    @Test
    @Timeout(20)
    void malformedStreamFramesGetAnErrorAndTheSessionContinues() throws Exception {
        a = new DataPath(DataPathConfig.defaults(InetAddress.getByName("127.0.0.1"))
                .withPorts(Loopback.freeUdpPort(), 0), transport, group).start();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), a.localPort())) {
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            DataInputStream in = new DataInputStream(s.getInputStream());
            frame(out, LocalFrames.STREAM_OPEN, new byte[4]);
            assertThat(error(in)).isEqualTo("local api: stream open frame of 5 bytes, expected 9 (op + stream id)");
            byte[] tooShort = new byte[4 + 10]; // destination + 10 bytes of fragment
            tooShort[4] = 1;
            frame(out, LocalFrames.STREAM_SEND, tooShort);
            assertThat(error(in)).isEqualTo("local api: 'M' frame: stream fragment of 10 bytes, expected at least "
                    + "the 28-byte header");
            byte[] tooLong = new byte[4 + ShimHeader.MAX_PAYLOAD + 1];
            tooLong[4] = 1;
            frame(out, LocalFrames.STREAM_SEND, tooLong);
            assertThat(error(in)).isEqualTo("local api: 'M' frame: stream fragment of 1445 bytes, expected at most "
                    + "1444 (one shim packet)");
            byte[] otherVersion = new byte[4 + 40];
            otherVersion[4] = 7;
            frame(out, LocalFrames.STREAM_SEND, otherVersion);
            assertThat(error(in)).isEqualTo("local api: 'M' frame: stream fragment version 7, expected 1");
            frame(out, LocalFrames.STREAM_ACK, new byte[12]);
            assertThat(error(in)).isEqualTo("local api: stream ack frame of 13 bytes, expected 22 (op + source IPv4 "
                    + "+ stream id + next + flags)");
            // the session is still up: a well-formed open is accepted silently, an unknown op still answered
            frame(out, LocalFrames.STREAM_OPEN, new byte[8]);
            frame(out, (byte) 'Z', new byte[0]);
            assertThat(error(in)).isEqualTo("local api: unknown operation 0x5a, expected S, R, Q, O, M or A");
        }
    }
}

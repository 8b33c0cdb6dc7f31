package weft.model.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The control channel's framing and parsing together, as both shells use them: every message type round-trips,
 * a stream split anywhere decodes the same, bad lines are values and the next line still decodes.
 */
class ControlLineCodecTest {
    private final ControlLineCodec codec = new ControlLineCodec();

    private static byte[] stream(List<ControlMessage> messages) {
        ControlLineCodec c = new ControlLineCodec();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        messages.forEach(m -> out.writeBytes(c.encode(m)));
        return out.toByteArray();
    }

    private List<ControlLineCodec.Decoded> decode(byte[]... pieces) {
        List<ControlLineCodec.Decoded> out = new ArrayList<>();
        for (byte[] p : pieces) {
            codec.decode(ByteBuffer.wrap(p), out);
        }
        return out;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<ControlLineCodec.Decoded> messages(List<ControlMessage> ms) {
        return ms.stream().<ControlLineCodec.Decoded>map(ControlLineCodec.Message::new).toList();
    }

    @Test
    @DisplayName("Every message type round-trips through one line ending in \\n")
    void roundTripsEveryType() {
        for (ControlMessage m : ControlCodecTest.oneOfEach()) {
            byte[] line = codec.encode(m);
            assertThat(line[line.length - 1]).isEqualTo((byte) '\n');
            assertThat(decode(line)).containsExactly(new ControlLineCodec.Message(m));
        }
        assertThat(codec.buffered()).isZero();
    }

    @Test
    @DisplayName("The whole stream of one message of each type, split in two at every byte offset, decodes the same")
    void splitsAtEveryOffset() {
        List<ControlMessage> all = ControlCodecTest.oneOfEach();
        byte[] bytes = stream(all);
        for (int cut = 0; cut <= bytes.length; cut++) {
            ControlLineCodec fresh = new ControlLineCodec();
            List<ControlLineCodec.Decoded> out = new ArrayList<>();
            fresh.decode(ByteBuffer.wrap(bytes, 0, cut), out);
            fresh.decode(ByteBuffer.wrap(bytes, cut, bytes.length - cut), out);
            assertThat(out).as("cut at %d", cut).isEqualTo(messages(all));
        }
    }

    @Property(tries = 200)
    @Label("Fed in random pieces, the stream decodes to the messages in order")
    void randomPieces(@ForAll @Size(min = 1, max = 40) List<@IntRange(min = 1, max = 97) Integer> pieces) {
        List<ControlMessage> all = ControlCodecTest.oneOfEach();
        byte[] bytes = stream(all);
        ControlLineCodec fresh = new ControlLineCodec();
        List<ControlLineCodec.Decoded> out = new ArrayList<>();
        int at = 0;
        for (int i = 0; at < bytes.length; i++) {
            int n = Math.min(pieces.get(i % pieces.size()), bytes.length - at);
            fresh.decode(ByteBuffer.wrap(bytes, at, n), out);
            at += n;
        }
        assertThat(out).isEqualTo(messages(all));
    }

    @Test
    @DisplayName("A truncated line yields nothing and is held until its newline; \\r\\n and blank lines are fine")
    void truncatedAndCrLf() {
        byte[] line = codec.encode(new ControlMessage.Ok("x"));
        assertThat(decode(java.util.Arrays.copyOf(line, line.length - 1))).isEmpty();
        assertThat(codec.buffered()).isEqualTo(line.length - 1);
        assertThat(decode(ascii("\r\n"), ascii("\n  \n"), ascii("{\"v\":1,\"type\":\"ok\",\"detail\":\"y\"}\r\n")))
                .containsExactly(new ControlLineCodec.Message(new ControlMessage.Ok("x")),
                        new ControlLineCodec.Message(new ControlMessage.Ok("y")));
    }

    @Test
    @DisplayName("An oversize line is one Malformed value, holds at most the bound, and the next line decodes")
    void oversizeLineIsSkipped() {
        ControlLineCodec small = new ControlLineCodec(64);
        List<ControlLineCodec.Decoded> out = new ArrayList<>();
        small.decode(ByteBuffer.wrap(ascii("x".repeat(1000))), out);
        assertThat(out).isEmpty();
        assertThat(small.buffered()).isLessThanOrEqualTo(65);
        small.decode(ByteBuffer.wrap(ascii("x\n{\"v\":1,\"type\":\"ok\",\"detail\":\"after\"}\n")), out);
        assertThat(out).containsExactly(new ControlLineCodec.Malformed("control line longer than 64 bytes, skipped"),
                new ControlLineCodec.Message(new ControlMessage.Ok("after")));
        out.clear();
        small.decode(ByteBuffer.wrap(ascii("y".repeat(64) + "\r\n" + "z".repeat(65) + "\n")), out);
        assertThat(out).as("64 bytes and \\r\\n fit, 65 do not").hasSize(2).element(1)
                .isEqualTo(new ControlLineCodec.Malformed("control line longer than 64 bytes, skipped"));
    }

    @Test
    @DisplayName("A read handed to the two callbacks: each line in order to the message or the problem callback")
    void readToCallbacks() {
        List<Object> seen = new ArrayList<>();
        codec.decode(ByteBuffer.wrap(ascii("{\"v\":1,\"type\":\"ok\",\"detail\":\"a\"}\nnot json\n{\"v\":1,")),
                seen::add, p -> seen.add("malformed: " + p));
        codec.decode(ByteBuffer.wrap(ascii("\"type\":\"ok\",\"detail\":\"b\"}\n")), seen::add, seen::add);
        assertThat(seen).hasSize(3);
        assertThat(seen.get(0)).isEqualTo(new ControlMessage.Ok("a"));
        assertThat((String) seen.get(1)).startsWith("malformed: control line is not");
        assertThat(seen.get(2)).as("a line split across reads").isEqualTo(new ControlMessage.Ok("b"));
    }

    @Test
    @DisplayName("Unknown types, bad JSON and bad fields are Malformed values naming the problem; the session goes on")
    void malformedLinesAreValues() {
        assertThat(decode(ascii("{\"v\":1,\"type\":\"beam\"}\nnot json\n{\"v\":1,\"type\":\"ok\",\"detail\":\"z\"}\n")))
                .satisfiesExactly(
                        d -> assertThat(((ControlLineCodec.Malformed) d).problem()).contains("unknown type 'beam'"),
                        d -> assertThat(((ControlLineCodec.Malformed) d).problem()).startsWith("control line is not"),
                        d -> assertThat(d).isEqualTo(new ControlLineCodec.Message(new ControlMessage.Ok("z"))));
    }

    @Test
    @DisplayName("A register or set-rate printed (as a log would) never shows its token")
    void tokensNeverPrinted() {
        String secret = "0123456789abcdef0123456789abcdef";
        assertThat(new ControlMessage.Register("h1", "10.0.0.1", null, 7470, null, secret).toString())
                .doesNotContain(secret).contains("h1").contains("32 chars");
        assertThat(new ControlMessage.SetRate("h1", "h2", 5, null, secret).toString()).doesNotContain(secret);
    }
}

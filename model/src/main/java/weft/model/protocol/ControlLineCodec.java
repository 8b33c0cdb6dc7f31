package weft.model.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Both ends of the control channel's byte stream: {@link LineFramer} cuts it into lines of at most
 * {@link ControlCodec#MAX_LINE_BYTES}, {@link ControlCodec} parses each line. Decode errors are values
 * ({@link Malformed}), so a bad line is answered and skipped and the session goes on. Not thread-safe: one per
 * connection. The controller's agent registry and the agent's control client both wrap it in a few lines of Netty:
 * each read goes through {@link #decode(ByteBuffer, Consumer, Consumer)}.
 *
 * <pre>
 * {"v":1,"type":"register","host":"h1",...}\n{"v":1,"type":"report",...}\n ...    UTF-8, one object per line
 * </pre>
 */
public final class ControlLineCodec {
    /** The result of one line. */
    public sealed interface Decoded permits Message, Malformed {
    }

    /** A line that decoded to {@code message}. */
    public record Message(ControlMessage message) implements Decoded {
    }

    /** A line that did not decode; {@code problem} names the type, the field and what was wrong. */
    public record Malformed(String problem) implements Decoded {
    }

    private final ControlCodec codec = new ControlCodec();
    private final LineFramer framer;
    private final int maxLineBytes;
    private List<Decoded> out;
    private final List<Decoded> pending = new ArrayList<>();
    private final LineFramer.Sink sink = new LineFramer.Sink() {
        @Override
        public void line(byte[] line, int length) {
            String text = new String(line, 0, length, StandardCharsets.UTF_8);
            if (text.isBlank()) {
                return;
            }
            try {
                out.add(new Message(codec.decode(text)));
            } catch (ProtocolException e) {
                out.add(new Malformed(e.getMessage()));
            }
        }

        @Override
        public void tooLong(long length) {
            out.add(new Malformed("control line longer than " + maxLineBytes + " bytes, skipped"));
        }
    };

    /** A codec with the protocol's line bound, {@link ControlCodec#MAX_LINE_BYTES}. */
    public ControlLineCodec() {
        this(ControlCodec.MAX_LINE_BYTES);
    }

    /** A codec that accepts lines of at most {@code maxLineBytes} bytes. */
    public ControlLineCodec(int maxLineBytes) {
        this.framer = new LineFramer(maxLineBytes);
        this.maxLineBytes = maxLineBytes;
    }

    /** Consumes every remaining byte of {@code in} and adds what each complete line decoded to, in order. */
    public void decode(ByteBuffer in, List<Decoded> decoded) {
        out = decoded;
        try {
            framer.feed(in, sink);
        } finally {
            out = null;
        }
    }

    /**
     * Consumes every remaining byte of {@code in} and hands each complete line, in order, to {@code onMessage} (the
     * message it decoded to) or {@code onMalformed} (the problem, to be answered before the session goes on).
     */
    public void decode(ByteBuffer in, Consumer<ControlMessage> onMessage, Consumer<String> onMalformed) {
        decode(in, pending);
        try {
            for (Decoded d : pending) {
                if (d instanceof Message m) {
                    onMessage.accept(m.message());
                } else if (d instanceof Malformed bad) {
                    onMalformed.accept(bad.problem());
                }
            }
        } finally {
            pending.clear();
        }
    }

    /** Bytes of an unfinished line held now. */
    public int buffered() {
        return framer.buffered();
    }

    /** {@code message} as one UTF-8 line with its {@code \n}. */
    public byte[] encode(ControlMessage message) {
        return (codec.encode(message) + "\n").getBytes(StandardCharsets.UTF_8);
    }
}

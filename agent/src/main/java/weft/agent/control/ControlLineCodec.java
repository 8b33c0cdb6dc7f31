package weft.agent.control;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.MessageToMessageCodec;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.string.StringDecoder;
import io.netty.handler.codec.string.StringEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import weft.model.protocol.ControlCodec;
import weft.model.protocol.ControlMessage;
import weft.model.protocol.ProtocolException;

/**
 * Netty shell around {@link ControlCodec}: lines in, {@link ControlMessage}s out and back. Framing is
 * {@link LineBasedFrameDecoder} (at most {@link ControlCodec#MAX_LINE_BYTES}); a malformed or oversize line is
 * answered with an {@link ControlMessage.Error} naming the problem, skipped, and the session continues (STYLE §7).
 * Replies are written from the channel's tail ({@code ctx.channel()}) so that they pass through this codec's encoder.
 *
 * <p>Decision: {@code weft.controller.agentlink.ControlLineCodec} is the same shell on the other end of the channel.
 * The two modules share only {@code model}, which stays free of Netty, so the 40 lines of Netty glue live in both; the
 * protocol itself ({@link ControlCodec}) exists once.
 */
public final class ControlLineCodec extends MessageToMessageCodec<String, ControlMessage> {
    private final ControlCodec codec = new ControlCodec();

    /** Adds framing, string codecs and this codec to {@code p}. */
    public static void install(ChannelPipeline p) {
        p.addLast(new LineBasedFrameDecoder(ControlCodec.MAX_LINE_BYTES, true, false),
                new StringDecoder(StandardCharsets.UTF_8), new StringEncoder(StandardCharsets.UTF_8),
                new ControlLineCodec());
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, ControlMessage msg, List<Object> out) {
        out.add(codec.encode(msg) + "\n");
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, String line, List<Object> out) {
        if (line.isBlank()) {
            return;
        }
        try {
            out.add(codec.decode(line));
        } catch (ProtocolException e) {
            ctx.channel().writeAndFlush(new ControlMessage.Error(e.getMessage()));
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof TooLongFrameException) {
            ctx.channel().writeAndFlush(new ControlMessage.Error("control line longer than "
                    + ControlCodec.MAX_LINE_BYTES
                    + " bytes, skipped"));
            return;
        }
        ctx.fireExceptionCaught(cause);
    }
}

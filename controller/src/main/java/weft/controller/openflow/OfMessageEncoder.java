package weft.controller.openflow;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;
import org.projectfloodlight.openflow.protocol.OFMessage;

/** Writes each {@link OFMessage} in its wire form; openflowj fills in the header length. */
@Sharable
public final class OfMessageEncoder extends MessageToByteEncoder<OFMessage> {
    public OfMessageEncoder() {
        super(OFMessage.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, OFMessage msg, ByteBuf out) {
        msg.writeTo(out);
    }
}

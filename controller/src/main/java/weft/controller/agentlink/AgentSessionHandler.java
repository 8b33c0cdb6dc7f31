package weft.controller.agentlink;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.model.protocol.ControlLineCodec;
import weft.model.protocol.Printable;

/**
 * One agent connection: bytes in through the model's {@link ControlLineCodec}, each decoded line or decode error to
 * the {@link AgentRegistry} (through its {@link AgentLinkServer}), connection open and close likewise. A peer that
 * stops reading until more than the pending-bytes bound waits for it is closed; an exception is logged by kind and
 * peer, never with the bytes that caused it (a plaintext client on a TLS port would otherwise have its first line,
 * token included, in the log).
 */
final class AgentSessionHandler extends SimpleChannelInboundHandler<ByteBuf> {
    private static final Logger LOG = LoggerFactory.getLogger(AgentLinkServer.class);

    private final AgentLinkServer shell;
    private final ControlLineCodec codec = new ControlLineCodec();
    private long id;
    private String peer = "?";

    AgentSessionHandler(AgentLinkServer shell) {
        this.shell = shell;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        id = shell.opened(ctx.channel());
        SocketAddress remote = ctx.channel().remoteAddress();
        String address = remote instanceof InetSocketAddress a ? a.getAddress() == null ? a.getHostString()
                : a.getAddress().getHostAddress() : String.valueOf(remote);
        int port = remote instanceof InetSocketAddress a ? a.getPort() : 0;
        peer = Printable.of(address) + ":" + port;
        shell.apply(shell.registry().connected(id, address, port, shell.now()));
        ctx.fireChannelActive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf in) {
        codec.decode(in.nioBuffer(), m -> shell.apply(shell.registry().received(id, m, shell.now())),
                problem -> shell.apply(shell.registry().malformed(id, problem, shell.now())));
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (!ctx.channel().isWritable()) {
            LOG.warn("agent link {}: the peer leaves more than {} bytes unread; closing", peer,
                    ctx.channel().config().getWriteBufferHighWaterMark());
            ctx.close();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        shell.closed(id);
        shell.apply(shell.registry().disconnected(id, shell.now()));
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("agent link {}: {}; closing", peer, describe(cause));
        ctx.close();
    }

    /** What went wrong, without any bytes the peer sent. */
    static String describe(Throwable cause) {
        Throwable c = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (c instanceof NotSslRecordException) {
            return "not a TLS record (a plaintext client on the TLS port?)";
        }
        if (c instanceof SSLException) {
            return "TLS: " + Printable.of(c.getMessage());
        }
        if (c instanceof DecoderException) {
            return "undecodable input (" + c.getClass().getSimpleName() + ")";
        }
        return c.getClass().getSimpleName() + ": " + Printable.of(c.getMessage());
    }
}

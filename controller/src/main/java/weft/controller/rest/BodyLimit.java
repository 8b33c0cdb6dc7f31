package weft.controller.rest;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;

/**
 * Gathers a request's body up to the limit ({@link HttpObjectAggregator}); a body over it, announced by its
 * {@code Content-Length} or found while it arrives, is answered 413 as JSON and the connection closed, so the rest
 * of the body is never read or kept.
 */
final class BodyLimit extends HttpObjectAggregator {
    private final int maxBodyBytes;

    BodyLimit(int maxBodyBytes) {
        super(maxBodyBytes, true);
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        ctx.writeAndFlush(HttpAnswers.of(RestResponse.error(413, "request body over the limit of " + maxBodyBytes
                + " bytes"), false)).addListener(ChannelFutureListener.CLOSE);
    }
}

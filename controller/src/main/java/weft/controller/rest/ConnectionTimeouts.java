package weft.controller.rest;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The time bounds of one connection (first in the pipeline after TLS, so it sees raw bytes): the first byte of a
 * request starts the request deadline, which the complete request stops; a connection with no request for the
 * idle timeout is closed. A request not complete by its deadline is answered 408 and its connection closed.
 * Runs on the channel's event loop only.
 */
final class ConnectionTimeouts extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionTimeouts.class);

    private enum Phase { IDLE, READING, HANDLING, STREAMING }

    private final HttpLimits limits;
    private Phase phase = Phase.IDLE;
    private ScheduledFuture<?> timer;
    private ChannelHandlerContext ctx;

    ConnectionTimeouts(HttpLimits limits) {
        this.limits = limits;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        armIdle();
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (phase == Phase.STREAMING) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (phase == Phase.IDLE) {
            phase = Phase.READING;
            cancel();
            timer = ctx.executor().schedule(this::requestTimedOut, limits.requestTimeout().toNanos(),
                    TimeUnit.NANOSECONDS);
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    /** The request is complete: its deadline no longer runs while it is handled. */
    void requestComplete() {
        phase = Phase.HANDLING;
        cancel();
    }

    /**
     * The connection carries an event stream until either side closes it: no timers (the stream's heartbeat finds
     * a dead client), and whatever the client still sends is dropped unread.
     */
    void streaming() {
        phase = Phase.STREAMING;
        cancel();
    }

    /** The answer is written: the connection is idle until the next request's first byte. */
    void responseSent() {
        phase = Phase.IDLE;
        armIdle();
    }

    private void armIdle() {
        cancel();
        timer = ctx.executor().schedule(() -> {
            if (phase == Phase.IDLE) {
                LOG.debug("REST: closing {} idle for {}", ctx.channel().remoteAddress(), limits.idleTimeout());
                ctx.close();
            }
        }, limits.idleTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    private void requestTimedOut() {
        if (phase != Phase.READING) {
            return;
        }
        LOG.info("REST: request from {} not complete after {}; answered 408 and closed",
                ctx.channel().remoteAddress(), limits.requestTimeout());
        byte[] body = ("{\"error\" : \"request not complete within " + limits.requestTimeout().toMillis()
                + " ms\"}").getBytes(StandardCharsets.UTF_8);
        DefaultFullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.REQUEST_TIMEOUT, Unpooled.wrappedBuffer(body));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, "close");
        ctx.channel().writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}

package weft.controller.rest;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One server-sent event stream on a connection (HTML Living Standard §9.2, {@code text/event-stream}): the
 * response head, then each event as a chunk, and a comment line every {@value #HEARTBEAT_S} s so a client that is
 * gone is noticed. Memory is bounded by the channel's write buffer: a client that reads too slowly to keep it
 * writable is closed, never buffered for.
 */
final class EventStream implements RestEndpoint.EventSink {
    private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
    static final int HEARTBEAT_S = 15;

    private final Channel channel;
    private final String peer;
    private ScheduledFuture<?> heartbeat;

    EventStream(Channel channel, String peer) {
        this.channel = channel;
        this.peer = peer;
    }

    /** Writes the response head and starts the heartbeat. */
    void start() {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                .set("X-Content-Type-Options", "nosniff");
        HttpUtil.setTransferEncodingChunked(head, true);
        channel.writeAndFlush(head);
        heartbeat = channel.eventLoop().scheduleAtFixedRate(() -> write(": keepalive\n\n"), HEARTBEAT_S,
                HEARTBEAT_S, TimeUnit.SECONDS);
        channel.closeFuture().addListener(f -> heartbeat.cancel(false));
    }

    @Override
    public boolean send(String id, String event, String data) {
        if (data.indexOf('\n') >= 0 || data.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("event data must be one line, got " + data.length() + " characters "
                    + "with a line break");
        }
        return write("id: " + id + "\nevent: " + event + "\ndata: " + data + "\n\n");
    }

    private boolean write(String text) {
        if (!channel.isActive()) {
            return false;
        }
        if (!channel.isWritable()) {
            LOG.info("REST: event stream to {} closed: the client reads too slowly", peer);
            channel.close();
            return false;
        }
        channel.writeAndFlush(new DefaultHttpContent(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8)));
        return true;
    }
}

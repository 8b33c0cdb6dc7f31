package weft.controller.rest;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/** Turns a {@link RestResponse} into a Netty response with the headers every answer carries. */
final class HttpAnswers {
    private HttpAnswers() {
    }

    static FullHttpResponse of(RestResponse r, boolean keepAlive) {
        FullHttpResponse out = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(r.status()), Unpooled.wrappedBuffer(r.body()));
        out.headers().set(HttpHeaderNames.CONTENT_TYPE, r.contentType())
                .setInt(HttpHeaderNames.CONTENT_LENGTH, r.body().length)
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                .set("X-Content-Type-Options", "nosniff")
                .set(HttpHeaderNames.CONNECTION, keepAlive ? "keep-alive" : "close");
        if (r.contentType().startsWith("text/html")) {
            out.headers().set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:")
                    .set("X-Frame-Options", "DENY").set("Referrer-Policy", "no-referrer");
        }
        return out;
    }
}

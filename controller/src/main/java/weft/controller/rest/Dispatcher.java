package weft.controller.rest;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last handler: runs each complete request's endpoint on the bounded worker pool and writes the answer, or
 * answers a {@link Refusal} and closes. One
 * request per connection is handled at a time: reading stops while it runs, and requests a client pipelined into
 * the same read wait in a queue of at most {@value #MAX_PIPELINED}; more close the connection. A full worker pool
 * answers 503.
 */
final class Dispatcher extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    static final int MAX_PIPELINED = 8;

    /** A request to run, or a refusal to send ({@code request} null). */
    private record Pending(RestRequest request, Refusal refusal, boolean keepAlive) {
        /** The request's method, for the request counter ({@code -} when the request could not be read). */
        String method() {
            return request != null ? request.method() : refusal != null ? refusal.method() : "-";
        }
    }

    private final RestRouter router;
    private final Executor workers;
    private final ConnectionTimeouts timeouts;
    private final AuthGate gate;
    private final MeterRegistry meters;
    private final AtomicInteger streams;
    private final int maxStreams;
    private final ArrayDeque<Pending> queued = new ArrayDeque<>();
    private boolean busy;

    Dispatcher(RestRouter router, Executor workers, ConnectionTimeouts timeouts, AuthGate gate,
               MeterRegistry meters, AtomicInteger streams, int maxStreams) {
        this.meters = meters;
        this.streams = streams;
        this.maxStreams = maxStreams;
        this.router = router;
        this.workers = workers;
        this.timeouts = timeouts;
        this.gate = gate;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        timeouts.requestComplete();
        ctx.channel().config().setAutoRead(false);
        Pending p;
        if (msg instanceof Refusal refusal) {
            p = new Pending(null, refusal, false);
        } else if (msg instanceof FullHttpRequest request) {
            try {
                p = pending(ctx, request);
            } finally {
                request.release();
            }
        } else {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (busy) {
            if (queued.size() >= MAX_PIPELINED) {
                LOG.warn("REST: {} pipelined more than {} requests; closing", AuthGate.peer(ctx), MAX_PIPELINED);
                ctx.close();
                return;
            }
            queued.add(p);
            return;
        }
        run(ctx, p);
    }

    private Pending pending(ChannelHandlerContext ctx, FullHttpRequest msg) {
        if (msg.decoderResult().isFailure()) {
            LOG.info("REST: malformed request from {}: {}", AuthGate.peer(ctx), msg.decoderResult().cause().toString());
            return new Pending(null, new Refusal(msg.method().name(), RestResponse.error(400, "malformed request: "
                    + msg.decoderResult().cause().getMessage()), null, null), false);
        }
        QueryStringDecoder uri = new QueryStringDecoder(msg.uri());
        Map<String, String> query = new HashMap<>();
        uri.parameters().forEach((k, v) -> query.put(k, v.isEmpty() ? "" : v.get(0)));
        byte[] body = new byte[msg.content().readableBytes()];
        msg.content().readBytes(body);
        return new Pending(new RestRequest(msg.method().name(), uri.path(), query, body, AuthGate.peer(ctx),
                gate.principal()), null, HttpUtil.isKeepAlive(msg));
    }

    private void run(ChannelHandlerContext ctx, Pending p) {
        busy = true;
        if (p.refusal() != null) {
            answer(ctx, p, p.refusal().answer());
            return;
        }
        RestEndpoint endpoint = router.endpoint(p.request().method(), p.request().path());
        if (endpoint != null && endpoint.stream() != null) {
            openStream(ctx, p, endpoint);
            return;
        }
        try {
            workers.execute(() -> answer(ctx, p, handle(p.request())));
        } catch (RejectedExecutionException e) {
            LOG.warn("REST: all workers busy; {} {} from {} answered 503", p.request().method(), p.request().path(),
                    p.request().peer());
            answer(ctx, new Pending(null, new Refusal(p.request().method(), null, null, null), false),
                    RestResponse.error(503, "the controller is busy; retry"));
        }
    }

    /**
     * Turns the connection into an event stream: at most {@code maxStreams} at once (503 beyond); the stream's
     * subscription ends when the connection closes.
     */
    private void openStream(ChannelHandlerContext ctx, Pending p, RestEndpoint endpoint) {
        if (streams.incrementAndGet() > maxStreams) {
            streams.decrementAndGet();
            LOG.warn("REST: {} event streams open, the limit; {} {} from {} answered 503", maxStreams,
                    p.request().method(), p.request().path(), p.request().peer());
            answer(ctx, new Pending(null, new Refusal(p.request().method(), null, null, null), false),
                    RestResponse.error(503, "too many event streams; retry"));
            return;
        }
        timeouts.streaming();
        queued.clear();
        EventStream sink = new EventStream(ctx.channel(), p.request().peer());
        sink.start();
        meters.counter("weft.rest.requests", "method", p.request().method(), "status", "200").increment();
        Runnable stop;
        try {
            stop = endpoint.stream().open(p.request(), sink);
        } catch (RuntimeException e) {
            LOG.warn("REST: event stream {} for {} failed: {}", p.request().path(), p.request().peer(), e.toString());
            streams.decrementAndGet();
            ctx.close();
            return;
        }
        ctx.channel().closeFuture().addListener(f -> {
            stop.run();
            streams.decrementAndGet();
        });
        ctx.channel().config().setAutoRead(true);
    }

    private RestResponse handle(RestRequest r) {
        try {
            return router.handle(r);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return RestResponse.error(500, "interrupted");
        } catch (Exception e) {
            LOG.warn("REST: {} {} from {} failed: {}", r.method(), r.path(), r.peer(), e.toString());
            return RestResponse.error(500, String.valueOf(e));
        }
    }

    private void answer(ChannelHandlerContext ctx, Pending p, RestResponse response) {
        FullHttpResponse out = HttpAnswers.of(response, p.keepAlive());
        meters.counter("weft.rest.requests", "method", p.method(), "status", Integer.toString(response.status()))
                .increment();
        if (p.refusal() != null && p.refusal().headerOrNull() != null) {
            out.headers().set(p.refusal().headerOrNull(), p.refusal().headerValue());
        }
        ctx.writeAndFlush(out).addListener((ChannelFutureListener) f -> {
            if (!p.keepAlive() || !f.isSuccess()) {
                ctx.close();
                return;
            }
            Pending next = queued.poll();
            if (next != null) {
                run(ctx, next);
                return;
            }
            busy = false;
            timeouts.responseSent();
            ctx.channel().config().setAutoRead(true);
            ctx.read();
        });
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("REST: closing {} after {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}

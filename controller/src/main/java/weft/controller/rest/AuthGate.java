package weft.controller.rest;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.controller.tls.TlsContexts;

/**
 * Authenticates each request on its headers, before its body is read (between the HTTP codec and the
 * aggregator), so an unauthenticated client can never make the server buffer a body. A request for no endpoint
 * is refused here too. A refused request becomes a {@link Refusal} (401, 403, 404, 405 or 429) that the
 * {@link Dispatcher} answers in order before closing the connection; its body is discarded as it arrives. Failures are
 * logged with the client's address and rate limited per address ({@link AuthFailures}): while an address is blocked its
 * requests get 429 unchecked and one log line per blocked period. The principal of an accepted request is
 * passed on in a channel attribute.
 */
final class AuthGate extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(AuthGate.class);

    private final RestRouter router;
    private final RestAuth auth;
    private final AuthFailures failures;
    private final LongSupplier nanoClock;
    private final MeterRegistry meters;
    private boolean discarding;
    private String principal;

    AuthGate(RestRouter router, RestAuth auth, AuthFailures failures, LongSupplier nanoClock, MeterRegistry meters) {
        this.meters = meters;
        this.router = router;
        this.auth = auth;
        this.failures = failures;
        this.nanoClock = nanoClock;
    }

    /** The principal of the request passing through now (null for an unauthenticated read). */
    String principal() {
        return principal;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (discarding) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (!(msg instanceof HttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        String method = request.method().name();
        RestResponse unknown = router.refusal(method, new QueryStringDecoder(request.uri()).path());
        if (unknown != null) {
            refuse(ctx, msg, new Refusal(method, unknown, null, null));
            return;
        }
        RestEndpoint endpoint = router.endpoint(method, new QueryStringDecoder(request.uri()).path());
        if (!auth.needed(method) || endpoint != null && endpoint.asset()) {
            principal = null;
            ctx.fireChannelRead(msg);
            return;
        }
        String peer = peer(ctx);
        long now = nanoClock.getAsLong();
        AuthFailures.Verdict verdict = failures.admit(peer, now);
        if (verdict != AuthFailures.Verdict.CHECK) {
            long retry = failures.retryAfterSeconds(peer, now);
            if (verdict == AuthFailures.Verdict.BLOCKED_FIRST) {
                LOG.warn("REST: too many failed authentications from {}; its requests are refused (429) for {} s",
                        peer, retry);
            }
            refuse(ctx, msg, new Refusal(method, RestResponse.error(429, "too many failed authentications from " + peer
                    + "; retry in " + retry + " s"), HttpHeaderNames.RETRY_AFTER.toString(), Long.toString(retry)));
            return;
        }
        RestAuth.Decision d = auth.check(method, request.headers().get(HttpHeaderNames.AUTHORIZATION),
                certSubject(ctx));
        if (d.allowed()) {
            principal = d.principal();
            ctx.fireChannelRead(msg);
            return;
        }
        if (d.status() == 403) {
            refuse(ctx, msg, new Refusal(method, RestResponse.error(403, d.problem()), null, null));
            return;
        }
        failures.failed(peer, now);
        meters.counter("weft.rest.auth.failures").increment();
        LOG.warn("REST: {} {} from {} refused: {}", method, request.uri(), peer, d.problem());
        refuse(ctx, msg, new Refusal(method, RestResponse.error(401, d.problem()),
                HttpHeaderNames.WWW_AUTHENTICATE.toString(), "Bearer realm=\"weft\""));
    }

    /** Passes the refusal on in place of the request and discards the request's body as it arrives. */
    private void refuse(ChannelHandlerContext ctx, Object request, Refusal refusal) {
        discarding = !(request instanceof LastHttpContent);
        ReferenceCountUtil.release(request);
        ctx.fireChannelRead(refusal);
    }

    static String peer(ChannelHandlerContext ctx) {
        return ctx.channel().remoteAddress() instanceof InetSocketAddress a
                ? a.getAddress().getHostAddress() : String.valueOf(ctx.channel().remoteAddress());
    }

    private static String certSubject(ChannelHandlerContext ctx) {
        SslHandler tls = ctx.pipeline().get(SslHandler.class);
        return tls == null ? null : TlsContexts.peerSubject(tls.engine().getSession());
    }
}

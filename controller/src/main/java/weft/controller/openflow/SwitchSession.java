package weft.controller.openflow;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.projectfloodlight.openflow.protocol.OFEchoRequest;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFeaturesReply;
import org.projectfloodlight.openflow.protocol.OFHello;
import org.projectfloodlight.openflow.protocol.OFHelloElem;
import org.projectfloodlight.openflow.protocol.OFHelloElemVersionbitmap;
import org.projectfloodlight.openflow.protocol.OFHelloFailedCode;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortDescStatsReply;
import org.projectfloodlight.openflow.protocol.OFPortReason;
import org.projectfloodlight.openflow.protocol.OFPortStatus;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsReplyFlags;
import org.projectfloodlight.openflow.protocol.OFStatsRequest;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.projectfloodlight.openflow.types.U32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One switch connection: the OpenFlow 1.3 handshake as an enum state machine, ECHO keepalive, xid-matched
 * requests with timeouts, multipart accumulation, barrier-confirmed transactions and the port table.
 *
 * <p>Handshake (OpenFlow 1.3.5 §6.3.1): on connect send HELLO with a version bitmap naming 1.3 only; on the switch's
 * HELLO check that 1.3 is common (its bitmap, or its header version when it sends none) or answer
 * HELLO_FAILED/INCOMPATIBLE and close; send FEATURES_REQUEST; on FEATURES_REPLY send SET_CONFIG (miss_send_len 0xffff:
 * whole packets to the controller) and a port-description multipart request; when it completes the session is
 * {@link State#READY} and the listener hears {@code switchReady}.
 *
 * <p>Threading: inbound messages and timers run on the channel's event loop. The request methods may be called
 * from any thread; they register the xid before writing, so a fast reply is never lost.
 *
 * <p>Decision: one class over 350 lines. It is the Netty handler of one connection, and every part of it is a
 * branch of the one read path: a message is an echo, an error, a reply to an outstanding xid, a handshake step
 * or an event, decided in that order on the event loop, and the disconnect fails whatever is outstanding. Split
 * into classes, each would need the channel, the state and the xid tables of the others. The decisions that stand
 * alone are apart: the liveness rule ({@link Liveness}), a request waiting for its reply ({@link PendingRequest}),
 * framing and its errors ({@link OfFrameDecoder}, {@link OfFrameError}), the bounds ({@link SessionConfig}).
 */
public final class SwitchSession extends ChannelInboundHandlerAdapter {
    /** Handshake progress, after ONOS's {@code ChannelState}. */
    public enum State {
        /** Our HELLO is sent; waiting for the switch's. */
        WAIT_HELLO,
        /** Version agreed on 1.3; waiting for FEATURES_REPLY. */
        WAIT_FEATURES,
        /** SET_CONFIG sent; waiting for the complete port description. */
        WAIT_PORT_DESC,
        /** Handshake done: requests, transactions and events flow. */
        READY,
        /** The connection is gone. */
        CLOSED
    }

    private static final Logger LOG = LoggerFactory.getLogger(SwitchSession.class);
    /** The one factory every Weft message is built with. */
    public static final OFFactory F = OFFactories.getFactory(OFVersion.OF_13);
    private static final int OF13_BIT = 1 << OFVersion.OF_13.getWireVersion();
    /** Least charge of one multipart part against the bound: the parsed object's own size. */
    static final int MIN_PART_CHARGE = 128;

    private final SessionConfig config;
    private final SwitchListener listener;
    private final AtomicLong nextXid = new AtomicLong(1);
    private final Map<Long, PendingRequest> pending = new ConcurrentHashMap<>();
    private final Map<Long, Transaction> transactions = new ConcurrentHashMap<>();
    private final Map<Integer, OFPortDesc> ports = new ConcurrentHashMap<>();
    private final AtomicLong skippedFrames = new AtomicLong();
    private final AtomicLong unsolicitedErrors = new AtomicLong();
    private volatile State state = State.WAIT_HELLO;
    private volatile Channel channel;
    private volatile OFFeaturesReply features;
    private ScheduledFuture<?> keepalive;
    private ScheduledFuture<?> handshakeTimer;
    private final Liveness liveness;
    /** Wire bytes of REPLY_MORE parts gathered for requests not yet complete (event loop only). */
    private long multipartBytes;

    public SwitchSession(SessionConfig config, SwitchListener listener) {
        this.config = config;
        this.listener = listener;
        this.liveness = new Liveness(config.echoMisses());
    }

    // ---- public API -------------------------------------------------------------------------------------

    public State state() {
        return state;
    }

    /** The datapath id as 16 hex digits, or null before FEATURES_REPLY. */
    public String dpidHex() {
        OFFeaturesReply f = features;
        return f == null ? null : String.format("%016x", f.getDatapathId().getLong());
    }

    /** The datapath id, or -1 before FEATURES_REPLY. */
    public long dpid() {
        OFFeaturesReply f = features;
        return f == null ? -1 : f.getDatapathId().getLong();
    }

    /** Physical ports by OpenFlow port number (local and reserved ports excluded), kept current by PORT_STATUS. */
    public SortedMap<Integer, OFPortDesc> ports() {
        return Collections.unmodifiableSortedMap(new TreeMap<>(ports));
    }

    /** Frames the decoder skipped on this connection (malformed, unknown or oversize). */
    public long skippedFrames() {
        return skippedFrames.get();
    }

    /** Errors that matched no outstanding request or transaction. */
    public long unsolicitedErrors() {
        return unsolicitedErrors.get();
    }

    /** The remote address, for logs. */
    public String remote() {
        Channel c = channel;
        return c == null ? "unconnected" : String.valueOf(c.remoteAddress());
    }

    /** A fresh transaction id. */
    public long nextXid() {
        return nextXid.getAndIncrement() & 0xffffffffL;
    }

    /** Sends a message that expects no reply (PACKET_OUT), with a fresh xid. */
    public void send(OFMessage message) {
        requireConnected(message);
        channel.writeAndFlush(message.createBuilder().setXid(nextXid()).build());
    }

    /** Sends a request and completes with the one reply that carries its xid, or fails on error or timeout. */
    public CompletableFuture<OFMessage> request(OFMessage message) {
        requireConnected(message);
        OFMessage m = message.createBuilder().setXid(nextXid()).build();
        PendingRequest p = register(m, false);
        channel.writeAndFlush(m);
        return p.future.thenApply(list -> list.get(0));
    }

    /** Sends a multipart request and completes with every reply part, once one arrives without REPLY_MORE. */
    public <R extends OFStatsReply> CompletableFuture<List<R>> multipart(OFStatsRequest<R> request) {
        requireConnected(request);
        OFMessage m = request.createBuilder().setXid(nextXid()).build();
        PendingRequest p = register(m, true);
        channel.writeAndFlush(m);
        return p.future.thenApply(list -> {
            List<R> parts = new ArrayList<>(list.size());
            for (OFMessage part : list) {
                @SuppressWarnings("unchecked")
                R r = (R) part;
                parts.add(r);
            }
            return parts;
        });
    }

    /**
     * Sends the messages, then a barrier, as one transaction: completes when the barrier reply arrives, with every
     * error the switch reported for the transaction's xids. Fails only if the switch does not answer the barrier
     * in time or disconnects. The messages and the barrier are encoded into one buffer and written with one flush.
     */
    public CompletableFuture<TransactionResult> transaction(List<? extends OFMessage> messages) {
        requireConnected(messages.isEmpty() ? null : messages.get(0));
        long start = System.nanoTime();
        Transaction tx = new Transaction();
        // Encoded here into one buffer and written once: one event-loop task and one flush for the whole batch.
        ByteBuf wire = channel.alloc().buffer(Math.max(256, messages.size() * 96));
        for (OFMessage message : messages) {
            OFMessage m = message.createBuilder().setXid(nextXid()).build();
            tx.xids.add(m.getXid());
            transactions.put(m.getXid(), tx);
            m.writeTo(wire);
        }
        OFMessage barrier = F.buildBarrierRequest().setXid(nextXid()).build();
        PendingRequest p = register(barrier, false);
        barrier.writeTo(wire);
        channel.writeAndFlush(wire);
        String dpid = dpidHex();
        return p.future.handle((reply, failure) -> {
            for (Long xid : tx.xids) {
                transactions.remove(xid);
            }
            if (failure != null) {
                throw failure instanceof RuntimeException r ? r : new OpenFlowException(failure.toString());
            }
            synchronized (tx) {
                return new TransactionResult(dpid, messages.size(), tx.errors, System.nanoTime() - start);
            }
        });
    }

    /**
     * Sends an ECHO_REQUEST and completes when its reply arrives; fails after {@code timeout}, on disconnect, or
     * at once when the session is not connected. Tells whether the switch at the other end still answers.
     */
    public CompletableFuture<Void> echo(java.time.Duration timeout) {
        try {
            return request(F.buildEchoRequest().setData(new byte[0]).build())
                    .orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS).thenApply(reply -> null);
        } catch (OpenFlowException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Closes the connection; the listener hears {@code switchDisconnected}. */
    public void close() {
        Channel c = channel;
        if (c != null) {
            c.close();
        }
    }

    @Override
    public String toString() {
        return "switch " + (dpidHex() == null ? remote() : dpidHex());
    }

    // ---- Netty callbacks ---------------------------------------------------------------------------------

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        state = State.WAIT_HELLO;
        OFHelloElem bitmap = F.buildHelloElemVersionbitmap().setBitmaps(List.of(U32.of(OF13_BIT))).build();
        ctx.writeAndFlush(F.buildHello().setXid(nextXid()).setElements(List.of(bitmap)).build());
        long tick = config.echoInterval().toNanos();
        keepalive = ctx.executor().scheduleAtFixedRate(this::keepaliveTick, tick, tick, TimeUnit.NANOSECONDS);
        handshakeTimer = ctx.executor().schedule(() -> {
            if (state != State.READY && state != State.CLOSED) {
                LOG.warn("{}: handshake not done after {} (state {}); closing", this, config.handshakeTimeout(),
                        state);
                ctx.close();
            }
        }, config.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        State was = state;
        state = State.CLOSED;
        if (keepalive != null) {
            keepalive.cancel(false);
        }
        if (handshakeTimer != null) {
            handshakeTimer.cancel(false);
        }
        for (Long xid : List.copyOf(pending.keySet())) {
            PendingRequest p = pending.remove(xid);
            if (p != null) {
                p.fail(new OpenFlowException(this + ": disconnected while waiting for the reply to "
                        + p.request.getType() + " xid " + xid));
            }
        }
        LOG.info("{}: disconnected (was {})", this, was);
        listener.switchDisconnected(this);
        ctx.fireChannelInactive();
    }

    /**
     * Back-pressure: while the switch leaves more than the channel's high water mark of our messages unread, the
     * session stops reading from it, so the switch cannot make it queue more replies (an ECHO_REQUEST flood whose
     * replies are never read holds at most the high water mark plus one read). Reading resumes below the low
     * water mark; {@link #keepaliveTick} closes a switch that makes no progress for {@code echoMisses} intervals.
     */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        boolean writable = ctx.channel().isWritable();
        ctx.channel().config().setAutoRead(writable);
        if (writable) {
            liveness.writable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    /** Bytes of our messages the switch has not read yet (queued in the channel, above the socket buffer). */
    public long unsentBytes() {
        Channel c = channel;
        if (c == null || c.unsafe().outboundBuffer() == null) {
            return 0;
        }
        return c.unsafe().outboundBuffer().totalPendingWriteBytes();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("{}: closing after {}", this, cause.toString());
        ctx.close();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            liveness.heard();
            if (msg instanceof OfFrameError error) {
                skippedFrames.incrementAndGet();
                LOG.warn("{}: skipped {}", this, error);
            } else if (msg instanceof OFMessage message) {
                dispatch(ctx, message);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void dispatch(ChannelHandlerContext ctx, OFMessage m) {
        switch (m.getType()) {
            case ECHO_REQUEST -> {
                OFEchoRequest req = (OFEchoRequest) m;
                ctx.writeAndFlush(F.buildEchoReply().setXid(req.getXid()).setData(req.getData()).build());
                return;
            }
            case ECHO_REPLY -> {
                PendingRequest p = pending.get(m.getXid());
                if (p != null && p.accepts(m) && pending.remove(m.getXid(), p)) {
                    p.parts.add(m);
                    p.complete();
                }
                return;
            }
            case ERROR -> {
                onError(ctx, (OFErrorMsg) m);
                return;
            }
            default -> {
                // handled below, by state
            }
        }
        switch (state) {
            case WAIT_HELLO -> onHello(ctx, m);
            case WAIT_FEATURES -> onFeatures(ctx, m);
            case WAIT_PORT_DESC, READY -> onReady(ctx, m);
            case CLOSED -> LOG.debug("{}: ignoring {} after close", this, m.getType());
            default -> throw new IllegalStateException("unhandled state " + state);
        }
    }

    private void onHello(ChannelHandlerContext ctx, OFMessage m) {
        if (!(m instanceof OFHello hello)) {
            LOG.warn("{}: expected HELLO, got {}; closing", this, m.getType());
            ctx.close();
            return;
        }
        if (!speaks13(hello)) {
            LOG.warn("{}: no common version: switch HELLO {} does not offer OpenFlow 1.3; closing", this, hello);
            ctx.writeAndFlush(F.errorMsgs().buildHelloFailedErrorMsg().setXid(hello.getXid())
                    .setCode(OFHelloFailedCode.INCOMPATIBLE).build());
            ctx.close();
            return;
        }
        state = State.WAIT_FEATURES;
        ctx.writeAndFlush(F.buildFeaturesRequest().setXid(nextXid()).build());
    }

    /** OpenFlow 1.3.5 §6.3.1: with a bitmap, 1.3 must be in both; without one, the lower header version wins. */
    static boolean speaks13(OFHello hello) {
        if (hello.getVersion().getWireVersion() < OFVersion.OF_13.getWireVersion()) {
            return false;
        }
        for (OFHelloElem e : hello.getElements()) {
            if (e instanceof OFHelloElemVersionbitmap vb && !vb.getBitmaps().isEmpty()) {
                return (vb.getBitmaps().get(0).getValue() & OF13_BIT) != 0;
            }
        }
        return true;
    }

    private void onFeatures(ChannelHandlerContext ctx, OFMessage m) {
        if (!(m instanceof OFFeaturesReply reply)) {
            LOG.debug("{}: ignoring {} while waiting for FEATURES_REPLY", this, m.getType());
            return;
        }
        features = reply;
        state = State.WAIT_PORT_DESC;
        ctx.write(F.buildSetConfig().setXid(nextXid()).setMissSendLen(0xffff).build());
        multipart(F.buildPortDescStatsRequest().build()).whenComplete((parts, failure) -> {
            if (failure != null) {
                LOG.warn("{}: port description failed: {}; closing", this, failure.toString());
                ctx.close();
                return;
            }
            for (OFPortDescStatsReply part : parts) {
                for (OFPortDesc p : part.getEntries()) {
                    putPort(p);
                }
            }
            if (state == State.WAIT_PORT_DESC) {
                state = State.READY;
                handshakeTimer.cancel(false);
                LOG.info("{}: ready at {} with ports {}", this, remote(), ports.keySet());
                listener.switchReady(this);
            }
        });
    }

    private void onReady(ChannelHandlerContext ctx, OFMessage m) {
        PendingRequest p = pending.get(m.getXid());
        if (p != null && p.accepts(m)) {
            if (m instanceof OFStatsReply part && part.getFlags().contains(OFStatsReplyFlags.REPLY_MORE)) {
                gatherPart(ctx, p, m);
                return;
            }
            pending.remove(m.getXid());
            multipartBytes -= p.bytes;
            p.parts.add(m);
            p.complete();
            return;
        }
        switch (m.getType()) {
            case PORT_STATUS -> {
                OFPortStatus status = (OFPortStatus) m;
                if (status.getReason() == OFPortReason.DELETE) {
                    ports.remove(status.getDesc().getPortNo().getPortNumber());
                } else {
                    putPort(status.getDesc());
                }
                if (state == State.READY) {
                    listener.portStatus(this, status);
                }
            }
            case PACKET_IN -> {
                if (state == State.READY) {
                    listener.packetIn(this, (OFPacketIn) m);
                }
            }
            default -> LOG.debug("{}: unexpected {} xid {}", this, m.getType(), m.getXid());
        }
    }

    /**
     * Keeps one REPLY_MORE part of a multipart reply, charged at its wire length (at least
     * {@value #MIN_PART_CHARGE} bytes: a parsed part costs that much even when empty). Parts gathered for the
     * connection's incomplete requests may not exceed {@link SessionConfig#maxMultipartBytes()}: beyond it the
     * request fails and the connection is closed, with one log line naming the bound.
     */
    private void gatherPart(ChannelHandlerContext ctx, PendingRequest p, OFMessage part) {
        OfFrameDecoder decoder = ctx.pipeline().get(OfFrameDecoder.class);
        long charge = Math.max(MIN_PART_CHARGE, decoder == null ? 0 : decoder.lastFrameLength());
        p.bytes += charge;
        multipartBytes += charge;
        if (multipartBytes > config.maxMultipartBytes()) {
            LOG.warn("{}: multipart replies not complete hold more than {} bytes ({} parts for {} xid {}); closing",
                    this, config.maxMultipartBytes(), p.parts.size() + 1, p.request.getType(), part.getXid());
            pending.remove(part.getXid(), p);
            p.fail(new OpenFlowException(this + ": " + p.request.getType() + " xid " + part.getXid()
                    + ": multipart reply over " + config.maxMultipartBytes() + " bytes; connection closed"));
            ctx.close();
            return;
        }
        p.parts.add(part);
    }

    private void putPort(OFPortDesc p) {
        int no = p.getPortNo().getPortNumber();
        if (no > 0 && no < 0xff00) {
            ports.put(no, p);
        }
    }

    private void onError(ChannelHandlerContext ctx, OFErrorMsg error) {
        Transaction tx = transactions.get(error.getXid());
        if (tx != null) {
            synchronized (tx) {
                tx.errors.add(error);
            }
            LOG.warn("{}: error for xid {}: {}", this, error.getXid(), error);
            return;
        }
        PendingRequest p = pending.remove(error.getXid());
        if (p != null) {
            p.fail(new OpenFlowException(this + ": " + p.request.getType() + " xid " + error.getXid()
                    + " failed: " + error));
            return;
        }
        unsolicitedErrors.incrementAndGet();
        if (state != State.READY) {
            // Decision: a peer that reports an error before the handshake is done is not a switch Weft can
            // program; it is closed, not heard, so it cannot fill the fabric's event log (one log line each).
            LOG.warn("{}: error before the handshake finished (state {}), closing: {}", this, state, error);
            ctx.close();
            return;
        }
        LOG.debug("{}: unsolicited error xid {}: {}", this, error.getXid(), error);
        listener.unsolicitedError(this, error);
    }

    /** One echo interval passed: {@link Liveness} decides, the session sends the echo or closes. */
    private void keepaliveTick() {
        long unsent = unsentBytes();
        switch (liveness.tick(channel.isWritable(), unsent)) {
            case SEND_ECHO -> channel.writeAndFlush(F.buildEchoRequest().setXid(nextXid()).setData(new byte[0])
                    .build());
            case CLOSE_QUIET -> {
                LOG.warn("{}: nothing heard for {} intervals of {}; closing", this, liveness.quietTicks(),
                        config.echoInterval());
                channel.close();
            }
            case CLOSE_STALLED -> {
                LOG.warn("{}: has read none of our last {} bytes for {} intervals of {}; closing", this, unsent,
                        liveness.stalledTicks(), config.echoInterval());
                channel.close();
            }
            case ALIVE -> {
            }
            default -> throw new IllegalStateException("unhandled verdict");
        }
    }

    // ---- requests -----------------------------------------------------------------------------------------

    private void requireConnected(OFMessage m) {
        Channel c = channel;
        if (c == null || state == State.CLOSED || !c.isActive()) {
            throw new OpenFlowException(this + ": cannot send " + (m == null ? "messages" : m.getType())
                    + ": not connected (state " + state + ")");
        }
    }

    private PendingRequest register(OFMessage request, boolean multipart) {
        PendingRequest p = new PendingRequest(request, multipart);
        pending.put(request.getXid(), p);
        p.timeout = channel.eventLoop().schedule(() -> {
            if (pending.remove(request.getXid(), p)) {
                multipartBytes -= p.bytes;
                p.fail(new OpenFlowException(this + ": no reply to " + request.getType() + " xid "
                        + request.getXid() + " within " + config.requestTimeout()));
            }
        }, config.requestTimeout().toNanos(), TimeUnit.NANOSECONDS);
        return p;
    }

    /** The xids of one transaction and the errors reported for them. */
    private static final class Transaction {
        final List<Long> xids = new ArrayList<>();
        final List<OFErrorMsg> errors = new ArrayList<>();
    }
}

package weft.agent.datapath;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.AttributeKey;
import java.util.ArrayDeque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import weft.agent.voq.Voq;

/**
 * One application's connection to the local API ({@link LocalFrames}), on the data-path loop: each frame is checked
 * ({@link LocalFrames#problem}; a bad one is answered with an 'E' frame and skipped) and carried out: data
 * segmented into its VOQ, a subscription, a statistics query ({@link StatsExchange}), a stream claimed
 * ({@link StreamOwners}), a stream fragment sent, a stream acknowledgement relayed to the sending agent.
 *
 * <p>Back-pressure: a send whose packets do not all fit in its VOQ waits, with every later send of the connection,
 * and the connection is not read until the injector has drained room ({@link #resumePaused}); data accepted into a
 * VOQ is never dropped there.
 */
final class LocalApi extends SimpleChannelInboundHandler<ByteBuf> {
    private static final Logger LOG = LoggerFactory.getLogger(LocalApi.class);
    private static final AttributeKey<ArrayDeque<ByteBuf>> STALLED = AttributeKey.valueOf("weft.stalled");

    private final DataPath path;

    LocalApi(DataPath path) {
        this.path = path;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf f) {
        try {
            if (!f.isReadable()) {
                StatsExchange.reply(ctx.channel(), LocalFrames.ERROR, "local api: empty frame");
                return;
            }
            byte op = f.readByte();
            int n = f.readableBytes();
            String problem = LocalFrames.problem(op, n, n > 4 ? f.getUnsignedByte(f.readerIndex() + 4) : -1);
            if (problem != null) {
                StatsExchange.reply(ctx.channel(), LocalFrames.ERROR, problem);
                return;
            }
            switch (op) {
                case LocalFrames.SEND, LocalFrames.STREAM_SEND -> send(ctx.channel(), f);
                case LocalFrames.SUBSCRIBE -> path.subscribers().add(ctx.channel());
                case LocalFrames.QUERY -> path.statsExchange().query(ctx.channel(), f.readInt(), f.readByte() != 0);
                case LocalFrames.STREAM_OPEN -> {
                    String refused = path.streamOwners().claim(f.readLong(), ctx.channel());
                    if (refused != null) {
                        StatsExchange.reply(ctx.channel(), LocalFrames.ERROR, refused);
                    }
                }
                case LocalFrames.STREAM_ACK -> ack(f);
                default -> throw new IllegalStateException("checked above: " + op);
            }
        } catch (IllegalStateException e) {
            StatsExchange.reply(ctx.channel(), LocalFrames.ERROR, "local api: " + e.getMessage());
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // an application that went away mid-write (broken pipe, reset): drop its connection
        LOG.debug("local api {}: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        path.locals().add(ctx.channel());
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        Channel ch = ctx.channel();
        path.locals().remove(ch);
        path.streamOwners().closed(ch);
        path.statsExchange().forget(ch);
        path.subscribers().remove(ch);
        path.paused().remove(ch);
        ArrayDeque<ByteBuf> st = ch.attr(STALLED).getAndSet(null);
        if (st != null) {
            st.forEach(ByteBuf::release);
        }
    }

    /** A send ('S') or stream fragment ('M'), op byte read: into the VOQ, or waiting behind a full one. */
    private void send(Channel ch, ByteBuf f) {
        ArrayDeque<ByteBuf> stalled = ch.attr(STALLED).get();
        if (stalled != null) {
            stalled.add(f.retain()); // keep order behind the frame already waiting
            return;
        }
        if (!enqueue(path, f)) {
            ArrayDeque<ByteBuf> st = new ArrayDeque<>();
            st.add(f.retain());
            ch.attr(STALLED).set(st);
            ch.config().setAutoRead(false);
            path.paused().add(ch);
        }
    }

    /** A receiving application's cumulative ack ('A'), to the agent of the stream's sender (shim kind 4). */
    private void ack(ByteBuf f) {
        int src = f.readInt();
        Voq v = path.voqs().get(src);
        path.sender().sendControl(v != null ? v.dst() : new java.net.InetSocketAddress(DataPath.intToAddress(src),
                path.config().dataPort()), src, ShimHeader.KIND_STREAM_ACK, f.retainedSlice(),
                path.clock().toEpoch(path.clock().nanoTime()));
    }

    /**
     * Segments a send frame (op byte already read) into its VOQ if all its packets fit; otherwise leaves it
     * untouched and says so. Data accepted here is never dropped by the VOQ.
     */
    private static boolean enqueue(DataPath path, ByteBuf f) {
        int kind = f.getByte(f.readerIndex() - 1) == LocalFrames.STREAM_SEND ? ShimHeader.KIND_STREAM
                : ShimHeader.KIND_DATA;
        Voq v = path.voqFor(f.getInt(f.readerIndex()));
        int bytes = f.readableBytes() - 4;
        int packets = Math.max(1, (bytes + ShimHeader.MAX_PAYLOAD - 1) / ShimHeader.MAX_PAYLOAD);
        if (!v.hasRoom(packets, bytes)) {
            return false;
        }
        f.skipBytes(4);
        while (f.isReadable()) {
            v.offer(f.readRetainedSlice(Math.min(ShimHeader.MAX_PAYLOAD, f.readableBytes())), kind);
        }
        path.injector().kick();
        return true;
    }

    /** After the injector drained some packets: feed stalled connections and resume reading them. */
    static void resumePaused(DataPath path) {
        List<Channel> paused = path.paused();
        for (int i = paused.size() - 1; i >= 0; i--) {
            Channel ch = paused.get(i);
            ArrayDeque<ByteBuf> st = ch.attr(STALLED).get();
            while (st != null && !st.isEmpty() && enqueue(path, st.peek())) {
                st.poll().release();
            }
            if (st == null || st.isEmpty()) {
                ch.attr(STALLED).set(null);
                ch.config().setAutoRead(true);
                paused.remove(i);
            }
        }
    }
}

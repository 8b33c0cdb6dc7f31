package weft.agent.datapath;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramPacket;

/**
 * What arrives on the agent's UDP sockets: every datagram's shim header is checked ({@link ShimHeader#check}; a
 * bad one is counted and dropped), then data and stream fragments go to the receive counters and the resequencer,
 * stream acknowledgements to the connection that sends the stream ({@link StreamOwners}), and statistics requests
 * and replies to the {@link StatsExchange}; after each batch of reads the resequencer checks its timeouts
 * ({@link Delivery#batchDone}). Runs on the data-path loop; the per-packet path allocates nothing but
 * the retained slice it hands on.
 */
final class DataReceiver extends SimpleChannelInboundHandler<DatagramPacket> {
    private final DataPath path;

    DataReceiver(DataPath path) {
        this.path = path;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket pkt) {
        ByteBuf c = pkt.content();
        ShimHeader.Problem problem = ShimHeader.check(c);
        if (problem != ShimHeader.Problem.NONE) {
            path.countMalformed(problem);
            return;
        }
        int kind = ShimHeader.kind(c);
        if (kind == ShimHeader.KIND_STREAM_ACK) {
            onStreamAck(c);
            return;
        }
        if (kind != ShimHeader.KIND_DATA && kind != ShimHeader.KIND_STREAM) {
            path.statsExchange().onDatagram(kind, pkt);
            return;
        }
        int src = ShimHeader.source(c);
        int seq = ShimHeader.sequence(c);
        long ts = ShimHeader.timestamp(c);
        int len = ShimHeader.payloadLength(c);
        long now = path.clock().toEpoch(path.clock().nanoTime());
        path.stats().onArrival(src, seq, ts, now, Injector.wireBytes(len));
        // the payload travels through the resequencer with its local operation in front: the header byte just
        // before it (low byte of the payload length, already read) is overwritten, so no wrapper is allocated
        c.setByte(c.readerIndex() + ShimHeader.LENGTH - 1,
                kind == ShimHeader.KIND_STREAM ? LocalFrames.STREAM_DELIVER : LocalFrames.DELIVER);
        ByteBuf payload = c.retainedSlice(c.readerIndex() + ShimHeader.LENGTH - 1, len + 1);
        path.delivery().arrived(src, seq, ts, now, payload);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        path.delivery().batchDone();
    }

    /** A receiving application's cumulative ack for a stream sent from here: pass it to the stream's connection. */
    private void onStreamAck(ByteBuf c) {
        if (ShimHeader.payloadLength(c) != ShimHeader.STREAM_ACK_LENGTH) {
            path.countMalformed(ShimHeader.Problem.LENGTH_MISMATCH);
            return;
        }
        Channel owner = path.streamOwners().owner(c.getLong(c.readerIndex() + ShimHeader.LENGTH));
        if (owner != null) {
            ByteBuf f = owner.alloc().buffer(1 + ShimHeader.STREAM_ACK_LENGTH);
            f.writeByte(LocalFrames.STREAM_ACKED).writeBytes(c, c.readerIndex() + ShimHeader.LENGTH,
                    ShimHeader.STREAM_ACK_LENGTH);
            owner.writeAndFlush(f, owner.voidPromise());
        }
    }
}

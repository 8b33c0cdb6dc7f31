package weft.agent.datapath;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import io.netty.channel.ChannelFuture;
import java.util.function.IntFunction;
import weft.agent.voq.Voq;

/**
 * Sends shim-framed datagrams, choosing the UDP socket by path tag: each tag is a UDP source port, bound on the agent's
 * address, which the controller's forwarding entries follow (seed 004 App. A.2.1: the server chooses the path; Weft's
 * path tag: docs/sources.md). Path tags not bound yet fall back to the data-port socket. Runs on the data-path thread
 * only.
 */
final class DataSender {
    private final Channel dataChannel;
    private final IntFunction<ChannelFuture> binder;
    private final boolean[] requested = new boolean[65536];
    private Channel[] bound = new Channel[8];
    private int boundCount;
    private final Channel[] fast = new Channel[65536];
    private final int localId;

    /**
     * @param binder starts binding a datagram channel to the agent's address and the given source port; the tag is
     *               used once the bind has succeeded (until then its packets leave from the data port)
     */
    DataSender(Channel dataChannel, IntFunction<ChannelFuture> binder, int localId) {
        this.dataChannel = dataChannel;
        this.binder = binder;
        this.localId = localId;
    }

    /** Makes sure a socket exists for every tag. */
    void ensureTags(int[] tags) {
        for (int tag : tags) {
            if (!requested[tag]) {
                requested[tag] = true;
                binder.apply(tag).addListener((ChannelFuture f) -> {
                    if (f.isSuccess()) {
                        if (boundCount == bound.length) {
                            bound = java.util.Arrays.copyOf(bound, 2 * boundCount);
                        }
                        bound[boundCount++] = f.channel();
                        fast[tag] = f.channel();
                    } else {
                        requested[tag] = false;
                        org.slf4j.LoggerFactory.getLogger(DataSender.class).warn("path tag {}: cannot bind UDP "
                                + "source port: {}", tag, f.cause().toString());
                    }
                });
            }
        }
    }

    /**
     * Frames {@code payload} (released here) as shim {@code kind} and writes it towards {@code v}'s destination over
     * {@code tag}.
     */
    void send(Voq v, int pathId, int tag, int seq, long timestampNanos, int kind, ByteBuf payload) {
        Channel ch = tag == 0 || fast[tag] == null ? dataChannel : fast[tag];
        int len = payload.readableBytes();
        ByteBuf out = ch.alloc().directBuffer(ShimHeader.LENGTH + len);
        ShimHeader.write(out, v.tenant(), localId, v.dstId(), seq, timestampNanos, pathId, kind, len);
        out.writeBytes(payload);
        payload.release();
        ch.write(new DatagramPacket(out, v.dst()), ch.voidPromise());
    }

    /** Sends a non-data datagram (statistics) from the data port. */
    void sendControl(InetSocketAddress to, int dstId, int kind, ByteBuf body, long timestampNanos) {
        ByteBuf out = dataChannel.alloc().directBuffer(ShimHeader.LENGTH + body.readableBytes());
        ShimHeader.write(out, 0, localId, dstId, 0, timestampNanos, 0, kind, body.readableBytes());
        out.writeBytes(body);
        body.release();
        dataChannel.writeAndFlush(new DatagramPacket(out, to), dataChannel.voidPromise());
    }

    void flush() {
        dataChannel.flush();
        for (int i = 0; i < boundCount; i++) {
            bound[i].flush();
        }
    }

    void close() {
        for (int i = 0; i < boundCount; i++) {
            bound[i].close();
        }
    }
}

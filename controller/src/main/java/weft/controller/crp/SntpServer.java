package weft.controller.crp;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.commons.net.ntp.NtpV3Impl;
import org.apache.commons.net.ntp.NtpV3Packet;
import org.apache.commons.net.ntp.TimeStamp;

/**
 * Answers SNTP requests (RFC 4330) with the controller's clock, the time base of its reservation tables, so that
 * agents measure their offset from exactly the clock the slots are counted on ({@code weft agent run} probes the
 * controller's address at this port unless given {@code --sntp-server}).
 *
 * <p>RFC 4330 §5 (server operation): a request in client mode (3) is answered in server mode (4) with the request's
 * version and poll, its transmit timestamp as the originate timestamp, the receive timestamp taken when the datagram
 * was read and the transmit timestamp just before the answer is written. Decision: stratum 1 with reference id
 * {@code WEFT} (RFC 4330 §4: a primary reference for its clients; here the reference is the controller's own clock,
 * whatever disciplines it). Anything else (shorter than 48 bytes, another mode) is ignored; answers are as long as
 * requests, so the server amplifies nothing. Packets are encoded with Apache Commons Net, as the agent's probe decodes
 * them. Timestamps keep nanosecond precision (NTP's 32-bit fraction).
 */
public final class SntpServer implements AutoCloseable {
    /** Unix epoch minus NTP epoch (1900-01-01), seconds. */
    static final long NTP_TO_UNIX_SECONDS = 2_208_988_800L;
    private static final long NANOS = 1_000_000_000L;

    private final LongSupplier clock;
    private final EventLoopGroup group = new NioEventLoopGroup(1, r -> {
        Thread t = new Thread(r, "weft-sntp");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong ignored = new AtomicLong();
    private final Channel channel;

    private SntpServer(InetSocketAddress listen, LongSupplier clock) throws InterruptedException {
        this.clock = clock;
        this.channel = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(new Answer())
                .bind(listen).sync().channel();
    }

    /**
     * Listens on {@code listen} (port 0 picks one) and answers with {@code epochNanos}.
     *
     * @param epochNanos the controller's clock in Unix-epoch nanoseconds
     * @throws IllegalArgumentException naming the address when it cannot be bound
     */
    public static SntpServer start(InetSocketAddress listen, LongSupplier epochNanos) {
        try {
            return new SntpServer(listen, epochNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding the SNTP server", e);
        } catch (Exception e) {
            // Netty rethrows the bind's checked exception undeclared
            throw new IllegalArgumentException("SNTP on " + listen.getHostString() + ":" + listen.getPort() + " (udp): "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
    }

    /** The bound UDP port. */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** Requests answered since start. */
    public long answered() {
        return answered.get();
    }

    /** Datagrams ignored (too short, not client mode). */
    public long ignored() {
        return ignored.get();
    }

    /** An NTP timestamp of Unix-epoch nanoseconds (seconds since 1900 modulo 2^32, 32-bit fraction). */
    static TimeStamp ntp(long epochNanos) {
        long seconds = Math.floorDiv(epochNanos, NANOS) + NTP_TO_UNIX_SECONDS;
        long fraction = (Math.floorMod(epochNanos, NANOS) << 32) / NANOS;
        return new TimeStamp(((seconds & 0xffff_ffffL) << 32) | fraction);
    }

    private final class Answer extends SimpleChannelInboundHandler<DatagramPacket> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket in) {
            TimeStamp received = ntp(clock.getAsLong());
            ByteBuf c = in.content();
            if (c.readableBytes() < 48) {
                ignored.incrementAndGet();
                return;
            }
            byte[] bytes = new byte[48];
            c.getBytes(c.readerIndex(), bytes);
            NtpV3Impl request = new NtpV3Impl();
            request.setDatagramPacket(new java.net.DatagramPacket(bytes, bytes.length));
            if (request.getMode() != NtpV3Packet.MODE_CLIENT) {
                ignored.incrementAndGet();
                return;
            }
            NtpV3Impl reply = new NtpV3Impl();
            reply.setLeapIndicator(NtpV3Packet.LI_NO_WARNING);
            reply.setVersion(request.getVersion());
            reply.setMode(NtpV3Packet.MODE_SERVER);
            reply.setStratum(1);
            reply.setPoll(request.getPoll());
            reply.setPrecision(-20);
            reply.setReferenceId(('W' << 24) | ('E' << 16) | ('F' << 8) | 'T');
            reply.setReferenceTime(received);
            reply.setOriginateTimeStamp(request.getTransmitTimeStamp());
            reply.setReceiveTimeStamp(received);
            reply.setTransmitTime(ntp(clock.getAsLong()));
            byte[] out = reply.getDatagramPacket().getData();
            answered.incrementAndGet();
            ctx.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(out, 0, 48), in.sender()));
        }
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}

package weft.agent.datapath;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.agent.datapath.ShimHeader.Problem;
import weft.model.host.reseq.HeaderBudget;

/** The shim header round-trips and rejects truncated, oversize, mislabelled and unknown datagrams. */
class ShimHeaderTest {
    private static ByteBuf packet(int version, int kind, int declared, int actual) {
        ByteBuf b = Unpooled.buffer();
        ShimHeader.write(b, 9, 0x0A000001, 0x0A000002, 0xFFFFFFFE, 1_700_000_000_123_456_789L, 3, kind, declared);
        b.setByte(1, version);
        b.writeZero(actual);
        return b;
    }

    @Test
    @DisplayName("Seed 004 §3.4.3: the shim's sequence number and nanosecond timestamp cover the thesis's budget at "
            + "10 Gbit/s with a 1 ms age threshold (14 and 17 bits; 20 bits of nanoseconds)")
    void coversTheThesisHeaderBudget() {
        HeaderBudget thesis = new HeaderBudget(10, 1_000_000, 84, 10);
        HeaderBudget weft = new HeaderBudget(10, 1_000_000, 84, 1);
        assertThat(thesis.sequenceBits()).isEqualTo(14);
        assertThat(thesis.timestampBits()).isEqualTo(17);
        assertThat(weft.sequenceBits()).isLessThan(ShimHeader.SEQUENCE_BITS - 1);
        assertThat(weft.timestampBits()).isEqualTo(20).isLessThan(ShimHeader.TIMESTAMP_BITS);
        // the fields carry those widths: the threshold's last packet and last tick round-trip
        ByteBuf b = Unpooled.buffer();
        try {
            long epochNs = 1_700_000_000_000_000_000L;
            ShimHeader.write(b, 1, 1, 2, (int) weft.packetsPerThreshold(), epochNs + weft.ticksPerThreshold(), 0,
                    ShimHeader.KIND_DATA, 0);
            assertThat(ShimHeader.sequence(b)).isEqualTo(14_881);
            assertThat(ShimHeader.timestamp(b) - epochNs).isEqualTo(1_000_000);
        } finally {
            b.release();
        }
    }

    @Test
    void roundTripsEveryField() {
        ByteBuf b = packet(1, ShimHeader.KIND_DATA, 100, 100);
        try {
            assertThat(ShimHeader.check(b)).isEqualTo(Problem.NONE);
            assertThat(ShimHeader.tenant(b)).isEqualTo(9);
            assertThat(ShimHeader.idToString(ShimHeader.source(b))).isEqualTo("10.0.0.1");
            assertThat(ShimHeader.idToString(ShimHeader.destination(b))).isEqualTo("10.0.0.2");
            assertThat(ShimHeader.sequence(b)).isEqualTo(0xFFFFFFFE);
            assertThat(ShimHeader.timestamp(b)).isEqualTo(1_700_000_000_123_456_789L);
            assertThat(ShimHeader.pathId(b)).isEqualTo(3);
            assertThat(ShimHeader.payloadLength(b)).isEqualTo(100);
            assertThat(b.readableBytes()).isEqualTo(ShimHeader.LENGTH + 100);
        } finally {
            b.release();
        }
    }

    private static Problem checkAndRelease(ByteBuf b) {
        try {
            return ShimHeader.check(b);
        } finally {
            b.release();
        }
    }

    @Test
    void rejectsBadDatagramsByProblem() {
        assertThat(checkAndRelease(packet(1, 0, 10, 10).capacity(ShimHeader.LENGTH - 1))).isEqualTo(Problem.TRUNCATED);
        assertThat(checkAndRelease(packet(3, 0, 10, 10))).isEqualTo(Problem.UNKNOWN_VERSION);
        assertThat(checkAndRelease(packet(0, 0, 10, 10))).isEqualTo(Problem.UNKNOWN_VERSION);
        assertThat(checkAndRelease(packet(2, 7, 10, 10))).isEqualTo(Problem.UNKNOWN_KIND);
        // version 1 predates the stream kinds: a version-1 stream fragment is unknown, version-1 data still fine
        assertThat(checkAndRelease(packet(1, ShimHeader.KIND_STREAM, 10, 10))).isEqualTo(Problem.UNKNOWN_KIND);
        assertThat(checkAndRelease(packet(1, ShimHeader.KIND_DATA, 10, 10))).isEqualTo(Problem.NONE);
        assertThat(checkAndRelease(packet(2, ShimHeader.KIND_STREAM_ACK, 17, 17))).isEqualTo(Problem.NONE);
        assertThat(checkAndRelease(packet(1, 0, 10, 9))).isEqualTo(Problem.LENGTH_MISMATCH);
        assertThat(checkAndRelease(packet(1, 0, ShimHeader.MAX_PAYLOAD + 1, ShimHeader.MAX_PAYLOAD + 1)))
                .isEqualTo(Problem.OVERSIZE);
        ByteBuf magic = packet(1, 0, 0, 0);
        magic.setByte(0, 0x58);
        assertThat(checkAndRelease(magic)).isEqualTo(Problem.BAD_MAGIC);
    }

    @Test
    void receiverPipelineDropsBadDatagramsAndKeepsGoing() {
        // the same check the agent's receiver runs, on an embedded channel: bad datagrams are counted and
        // released, the good one behind them passes
        long[] counts = new long[Problem.values().length];
        EmbeddedChannel ch = new EmbeddedChannel(new io.netty.channel.ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                DatagramPacket p = (DatagramPacket) msg;
                Problem problem = ShimHeader.check(p.content());
                counts[problem.ordinal()]++;
                if (problem == Problem.NONE) {
                    ctx.fireChannelRead(p.content().retain());
                }
                p.release();
            }
        });
        InetSocketAddress from = new InetSocketAddress("10.0.0.1", 7470);
        InetSocketAddress to = new InetSocketAddress("10.0.0.2", 7470);
        ch.writeInbound(new DatagramPacket(packet(1, 0, 5, 3), to, from));
        ch.writeInbound(new DatagramPacket(packet(9, 0, 5, 5), to, from));
        ch.writeInbound(new DatagramPacket(packet(1, 0, 5, 5), to, from));
        ByteBuf ok = ch.readInbound();
        assertThat(ShimHeader.payloadLength(ok)).isEqualTo(5);
        ok.release();
        assertThat(counts[Problem.LENGTH_MISMATCH.ordinal()]).isEqualTo(1);
        assertThat(counts[Problem.UNKNOWN_VERSION.ordinal()]).isEqualTo(1);
        assertThat(ch.finish()).isFalse();
    }
}

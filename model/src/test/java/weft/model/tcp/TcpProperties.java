package weft.model.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * A sender and a receiver joined by two channels that lose, duplicate, delay and reorder packets at random (a
 * seeded stepped clock), then stop losing: every byte written reaches the application exactly once and in order,
 * the sender's window never falls below one MSS, and a segment never carries bytes the application did not write.
 */
class TcpProperties {
    /** A packet in a channel: a segment or an acknowledgement, and when it may arrive. */
    private record InFlight(long at, long seq, int length) {
    }

    @Property(tries = 200)
    @Label("every byte delivered exactly once and in order; cwnd >= 1 MSS; segments within the written bytes")
    void deliversEverythingOnce(@ForAll @IntRange(min = 1, max = 1500) int mss,
                                @ForAll @IntRange(min = 1, max = 40) int windowSegments,
                                @ForAll @IntRange(min = 1, max = 300) int segments,
                                @ForAll @IntRange(min = 0, max = 1499) int shortBy,
                                @ForAll @IntRange(min = 0, max = 30) int lossPercent,
                                @ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long bytes = Math.max(1, (long) segments * mss - shortBy % mss);
        TcpParameters p = new TcpParameters(mss, (long) mss * windowSegments, 50_000, 5_000, 400_000);
        TcpSender sender = new TcpSender(p);
        TcpReceiver receiver = new TcpReceiver(p);
        List<InFlight> data = new ArrayList<>();
        List<InFlight> acks = new ArrayList<>();
        long written = 0;
        long delivered = 0;
        long now = 0;
        for (int step = 0; step < 1_000_000 && (written < bytes || sender.unacknowledged() > 0); step++) {
            boolean lossy = step < 3_000;
            now += random.nextInt(1_000);
            if (written < bytes && random.nextInt(4) == 0) {
                int chunk = (int) Math.min(bytes - written, 1 + random.nextInt(3 * mss));
                sender.write(chunk);
                written += chunk;
            }
            sender.expire(now);
            for (Segment s = sender.next(now); s != null; s = sender.next(now)) {
                assertThat(s.length()).isPositive();
                assertThat(s.end()).isLessThanOrEqualTo(written);
                put(data, s.seq(), s.length(), now, random, lossy, lossPercent);
            }
            InFlight d = take(data, now, random);
            if (d != null) {
                long before = receiver.ackNo();
                long got = receiver.receive(d.seq(), d.length());
                assertThat(receiver.ackNo()).isEqualTo(before + got);
                delivered += got;
                assertThat(delivered).isLessThanOrEqualTo(written);
                put(acks, receiver.ackNo(), 0, now, random, lossy, lossPercent);
            }
            InFlight a = take(acks, now, random);
            if (a != null) {
                sender.ack(a.seq(), now);
            }
            assertThat(sender.cwnd()).isGreaterThanOrEqualTo(mss);
            assertThat(receiver.heldBytes()).isLessThanOrEqualTo(p.receiveWindowBytes());
        }
        assertThat(delivered).isEqualTo(bytes);
        assertThat(receiver.ackNo()).isEqualTo(bytes);
        assertThat(sender.unacknowledged()).isZero();
    }

    /** Into a channel: maybe lost (lossy phase), maybe twice; arriving after a random delay. */
    private static void put(List<InFlight> channel, long seq, int length, long now, SplittableRandom random,
                            boolean lossy, int lossPercent) {
        if (lossy && random.nextInt(100) < lossPercent) {
            return;
        }
        int copies = lossy && random.nextInt(50) == 0 ? 2 : 1;
        for (int i = 0; i < copies; i++) {
            channel.add(new InFlight(now + random.nextInt(20_000), seq, length));
        }
    }

    /** Out of a channel: a random packet among those due (reordering), or null. */
    private static InFlight take(List<InFlight> channel, long now, SplittableRandom random) {
        List<Integer> due = new ArrayList<>();
        for (int i = 0; i < channel.size(); i++) {
            if (channel.get(i).at() <= now) {
                due.add(i);
            }
        }
        return due.isEmpty() ? null : channel.remove((int) due.get(random.nextInt(due.size())));
    }

    @Property(tries = 300)
    @Label("the timeout stays within [min, max] whatever the samples and backoffs")
    void timeoutBounded(@ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
        TcpParameters p = new TcpParameters(1000, 10_000, 3_000, 1_000, 1_000_000);
        RetransmissionTimer t = new RetransmissionTimer(p);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 100; i++) {
            if (random.nextBoolean()) {
                t.sample(random.nextLong(2_000_000));
            } else {
                t.backOff(0);
            }
            assertThat(t.rtoPs()).isBetween(p.minRtoPs(), p.maxRtoPs());
        }
    }
}

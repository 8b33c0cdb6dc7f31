package weft.agent.clock;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.commons.net.ntp.NTPUDPClient;
import org.apache.commons.net.ntp.NtpV3Packet;
import org.apache.commons.net.ntp.TimeInfo;
import org.apache.commons.net.ntp.TimeStamp;
import weft.model.crp.ClockOffset;

/**
 * Measures this host's clock offset from an SNTP server: a few exchanges through Commons Net's
 * {@link NTPUDPClient}, each checked as RFC 4330 §5 asks of a client (Commons Net itself rejects an answer whose
 * originate timestamp is not its request's), and the least-delay one kept ({@link ClockOffset#best}). Times are
 * Unix-epoch nanoseconds.
 *
 * <p>Decision: Commons Net stamps its request with a millisecond clock, too coarse for 100 µs slots; the probe
 * therefore reads its own clock (the system clock, or the one it is given) just before and just after each exchange
 * and uses those as {@code t1} and {@code t4}. They bracket the real send and receive, so the offset's error bound
 * (half the delay, {@link ClockOffset#fromExchange}) still holds; the server's {@code t2} and {@code t3} keep their
 * full NTP precision.
 */
public final class SntpProbe {
    private static final long NTP_TO_UNIX_SECONDS = 2_208_988_800L;
    private static final long NANOS = 1_000_000_000L;

    private final Duration timeout;
    private final LongSupplier local;

    /**
     * Measures the system clock.
     *
     * @param timeout how long one exchange may wait for its answer
     */
    public SntpProbe(Duration timeout) {
        this(timeout, SntpProbe::systemNanos);
    }

    /**
     * Measures the clock {@code local} reads (Unix-epoch nanoseconds), e.g. the agent's pacing clock.
     *
     * @param timeout how long one exchange may wait for its answer
     */
    public SntpProbe(Duration timeout, LongSupplier local) {
        this.timeout = timeout;
        this.local = local;
    }

    /** An answer that is not a usable time: its server, the field and the problem. */
    public static final class SntpException extends IOException {
        private static final long serialVersionUID = 1L;

        SntpException(String message) {
            super(message);
        }
    }

    /**
     * Runs {@code samples} exchanges with {@code server} and returns the best offset.
     *
     * @throws SntpException a bad answer (not a server reply, unsynchronised, kiss-o'-death)
     * @throws IOException   no answer within the timeout, or the socket failed
     */
    public ClockOffset measure(InetSocketAddress server, int samples) throws IOException {
        if (samples < 1) {
            throw new IllegalArgumentException("sntp: " + samples + " samples, expected >= 1");
        }
        List<ClockOffset> offsets = new ArrayList<>(samples);
        try (NTPUDPClient client = new NTPUDPClient()) {
            client.setDefaultTimeout(timeout);
            client.open();
            for (int i = 0; i < samples; i++) {
                long t1 = local.getAsLong();
                TimeInfo info = client.getTime(server.getAddress(), server.getPort());
                long t4 = local.getAsLong();
                offsets.add(check(server, info.getMessage(), t1, t4));
            }
        }
        return ClockOffset.best(offsets);
    }

    private static ClockOffset check(InetSocketAddress server, NtpV3Packet m, long t1, long t4)
            throws SntpException {
        String who = "sntp " + server.getHostString() + ":" + server.getPort() + ": ";
        if (m.getMode() != NtpV3Packet.MODE_SERVER) {
            throw new SntpException(who + "mode " + m.getMode() + " (" + m.getModeName() + "), expected 4 (server)");
        }
        if (m.getStratum() == 0) {
            throw new SntpException(who + "kiss-o'-death " + m.getReferenceIdString());
        }
        if (m.getStratum() > 15) {
            throw new SntpException(who + "stratum " + m.getStratum() + ", expected 1..15");
        }
        if (m.getLeapIndicator() == NtpV3Packet.LI_ALARM_CONDITION) {
            throw new SntpException(who + "leap indicator 3: the server is not synchronised");
        }
        if (m.getTransmitTimeStamp().ntpValue() == 0) {
            throw new SntpException(who + "transmit timestamp is zero");
        }
        long t2 = unixNanos(m.getReceiveTimeStamp());
        long t3 = unixNanos(m.getTransmitTimeStamp());
        try {
            return ClockOffset.fromExchange(t1, t2, t3, t4);
        } catch (IllegalArgumentException e) {
            throw new SntpException(who + e.getMessage());
        }
    }

    private static long systemNanos() {
        Instant i = Instant.now();
        return Math.addExact(Math.multiplyExact(i.getEpochSecond(), NANOS), i.getNano());
    }

    /**
     * An NTP timestamp (seconds since 1900 and a 32-bit fraction) as Unix-epoch nanoseconds, keeping the fraction's
     * precision. Seconds whose top bit is clear belong to NTP era 1 (from 2036-02-07), as Commons Net reads them.
     */
    static long unixNanos(TimeStamp ts) {
        long seconds = ts.getSeconds();
        if ((seconds & 0x8000_0000L) == 0) {
            seconds += 1L << 32;
        }
        long fractionNanos = (ts.getFraction() * NANOS) >>> 32;
        return (seconds - NTP_TO_UNIX_SECONDS) * NANOS + fractionNanos;
    }
}

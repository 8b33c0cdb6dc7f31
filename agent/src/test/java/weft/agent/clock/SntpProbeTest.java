package weft.agent.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.time.Instant;
import org.apache.commons.net.ntp.NtpV3Packet;
import org.apache.commons.net.ntp.TimeStamp;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import weft.model.crp.ClockOffset;
import weft.model.crp.SlotClock;
import weft.model.crp.SlotSync;

/** {@link SntpProbe} against a real SNTP responder on a loopback UDP port. */
class SntpProbeTest {
    private static final SntpProbe PROBE = new SntpProbe(Duration.ofSeconds(5));

    @Test
    @DisplayName("A server 250 ms ahead: the measured offset is within its own error bound of 250 ms")
    void serverAhead() throws Exception {
        long offset = 250_000_000L;
        try (SntpResponder r = new SntpResponder(offset, p -> { })) {
            ClockOffset o = PROBE.measure(r.address(), 3);
            assertThat(Math.abs(o.offset() - offset)).as("%s", o).isLessThanOrEqualTo(o.error());
            SlotSync sync = new SlotSync(SlotClock.of(100_000_000L), o, 100, 10_000_000L);
            long local = o.measuredAt();
            assertThat(sync.slotAt(local)).as("global slot = (local + 250 ms) / 100 ms")
                    .isBetween((local + offset - o.error()) / 100_000_000L,
                            (local + offset + o.error()) / 100_000_000L);
        }
    }

    @Test
    @DisplayName("A server 3 s behind")
    void serverBehind() throws Exception {
        long offset = -3_000_000_000L;
        try (SntpResponder r = new SntpResponder(offset, p -> { })) {
            ClockOffset o = PROBE.measure(r.address(), 2);
            assertThat(Math.abs(o.offset() - offset)).as("%s", o).isLessThanOrEqualTo(o.error());
        }
    }

    @Test
    @DisplayName("RFC 4330 §5 client checks: kiss-o'-death, unsynchronised server, wrong mode, an answer to another "
            + "request")
    void badAnswers() throws Exception {
        try (SntpResponder r = new SntpResponder(0, p -> {
            p.setStratum(0);
            p.setReferenceId(0x52415445);
        })) {
            assertThatThrownBy(() -> PROBE.measure(r.address(), 1)).isInstanceOf(SntpProbe.SntpException.class)
                    .hasMessageContaining("kiss-o'-death RATE");
        }
        try (SntpResponder r = new SntpResponder(0, p -> p.setLeapIndicator(NtpV3Packet.LI_ALARM_CONDITION))) {
            assertThatThrownBy(() -> PROBE.measure(r.address(), 1)).hasMessageContaining("not synchronised");
        }
        try (SntpResponder r = new SntpResponder(0, p -> p.setMode(NtpV3Packet.MODE_CLIENT))) {
            assertThatThrownBy(() -> PROBE.measure(r.address(), 1)).hasMessageContaining("expected 4 (server)");
        }
        try (SntpResponder r = new SntpResponder(0,
                p -> p.setOriginateTimeStamp(SntpResponder.ntp(SntpResponder.nowNanos() - 60_000_000_000L)))) {
            assertThatThrownBy(() -> PROBE.measure(r.address(), 1)).isInstanceOf(IOException.class)
                    .hasMessageContaining("Originate time does not match the request");
        }
    }

    @Test
    @DisplayName("No answer: the exchange times out")
    void silentServer() throws Exception {
        try (DatagramSocket silent = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            SntpProbe quick = new SntpProbe(Duration.ofMillis(200));
            assertThatThrownBy(() -> quick.measure((InetSocketAddress) silent.getLocalSocketAddress(), 1))
                    .isInstanceOf(SocketTimeoutException.class);
        }
        assertThatThrownBy(() -> PROBE.measure(new InetSocketAddress(InetAddress.getLoopbackAddress(), 123), 0))
                .hasMessageContaining("0 samples");
    }

    @Test
    @DisplayName("NTP timestamps keep their sub-millisecond fraction; era 1 starts 2036-02-07T06:28:16Z")
    void timestamps() {
        long y2024 = 3_913_056_000L;
        assertThat(SntpProbe.unixNanos(new TimeStamp(y2024 << 32 | 0x8000_0000L)))
                .isEqualTo(Instant.parse("2024-01-01T00:00:00Z").getEpochSecond() * 1_000_000_000L + 500_000_000L);
        assertThat(SntpProbe.unixNanos(new TimeStamp(y2024 << 32 | 0x0000_10C6L)))
                .as("4294 / 2^32 s = 999.8 ns, rounded down").isEqualTo(1_704_067_200_000_000_999L);
        assertThat(SntpProbe.unixNanos(new TimeStamp(0L)))
                .isEqualTo(Instant.parse("2036-02-07T06:28:16Z").getEpochSecond() * 1_000_000_000L);
    }
}

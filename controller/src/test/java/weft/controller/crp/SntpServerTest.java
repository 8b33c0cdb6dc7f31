package weft.controller.crp;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import org.apache.commons.net.ntp.NTPUDPClient;
import org.apache.commons.net.ntp.NtpV3Packet;
import org.apache.commons.net.ntp.TimeInfo;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The controller's SNTP answers, read by Commons Net's client over a real loopback UDP socket. */
class SntpServerTest {
    private static long nowNanos() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    @Test
    @DisplayName("RFC 4330 §5: a client request is answered in server mode, stratum 1, reference WEFT, its transmit "
            + "time echoed; a controller clock 5 s ahead reads as an offset of 5 s within half the round trip")
    void answersWithTheControllersClock() throws Exception {
        long ahead = 5_000_000_000L;
        try (SntpServer server = SntpServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                () -> nowNanos() + ahead); NTPUDPClient client = new NTPUDPClient()) {
            client.setDefaultTimeout(Duration.ofSeconds(5));
            client.open();
            TimeInfo info = client.getTime(InetAddress.getLoopbackAddress(), server.port());
            NtpV3Packet m = info.getMessage();
            assertThat(m.getMode()).isEqualTo(NtpV3Packet.MODE_SERVER);
            assertThat(m.getStratum()).isEqualTo(1);
            assertThat(m.getReferenceIdString()).isEqualTo("WEFT");
            assertThat(m.getLeapIndicator()).isEqualTo(NtpV3Packet.LI_NO_WARNING);
            info.computeDetails();
            // Commons Net computes with milliseconds; the loopback round trip is well under a second
            assertThat(info.getOffset()).isBetween(4_000L, 6_000L);
            assertThat(server.answered()).isEqualTo(1);
        }
    }

    @Test
    @DisplayName("Short datagrams and packets not in client mode are ignored, never answered")
    void ignoresWhatIsNotARequest() throws Exception {
        try (SntpServer server = SntpServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                SntpServerTest::nowNanos); DatagramSocket socket = new DatagramSocket()) {
            InetSocketAddress to = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port());
            socket.send(new DatagramPacket(new byte[12], 12, to));
            byte[] serverMode = new byte[48];
            serverMode[0] = (byte) ((4 << 3) | NtpV3Packet.MODE_SERVER);
            socket.send(new DatagramPacket(serverMode, 48, to));
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (server.ignored() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(server.ignored()).isEqualTo(2);
            assertThat(server.answered()).isZero();
        }
    }

    @Test
    @DisplayName("NTP timestamps keep nanoseconds: 2026-01-01T00:00:00.5Z is 3976214400 s and fraction 2^31")
    void ntpTimestamps() {
        long unix = 1_767_225_600L;
        assertThat(SntpServer.ntp(unix * 1_000_000_000L + 500_000_000L).ntpValue())
                .isEqualTo(((unix + 2_208_988_800L) << 32) | 0x8000_0000L);
    }
}
